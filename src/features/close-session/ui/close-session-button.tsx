import { ACCOUNT_MESSAGES } from '@contract/account';
import { Button } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { ACCOUNT_SESSION_FALLBACKS, accountSessionQueries, closeAccountSession, type AccountSession } from '@/entities/account-session';
import { errorMessage } from '@/shared/api';

export interface CloseSessionButtonProps {
  /** Another session of the person; the one in use is closed by signing out. */
  session: AccountSession;
}

/** 'Cerrar esta sesión' on another device or browser: the server revokes its token. */
export function CloseSessionButton({ session }: CloseSessionButtonProps) {
  const queryClient = useQueryClient();
  const close = useMutation({
    mutationFn: () => closeAccountSession(session.id),
    onSuccess: () => notifications.show({ color: 'green', message: ACCOUNT_MESSAGES.sessionClosed }),
    onError: (error) =>
      notifications.show({ color: 'red', title: 'Error', message: errorMessage(error, ACCOUNT_SESSION_FALLBACKS.close) }),
    // Closed, or already gone (a 404): either way the list on screen is out of date.
    onSettled: () => queryClient.invalidateQueries({ queryKey: accountSessionQueries.lists() }),
  });

  return (
    <Button
      variant="outline"
      color="red"
      onClick={() => close.mutate()}
      disabled={close.isPending}
      // Every row has this button: the name says which session it closes, starting with what it shows.
      aria-label={`Cerrar esta sesión (${session.device}, ${session.address ?? 'dirección desconocida'})`}
    >
      {close.isPending ? 'Cerrando…' : 'Cerrar esta sesión'}
    </Button>
  );
}
