import { ACCOUNT_MESSAGES } from '@contract/account';
import { Button } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { ACCOUNT_SESSION_FALLBACKS, accountSessionQueries, closeOtherAccountSessions } from '@/entities/account-session';
import { errorMessage } from '@/shared/api';

export interface CloseOtherSessionsButtonProps {
  /** How many sessions besides the current one are open; with none there is nothing to close. */
  others: number;
}

const closedCount = (closed: number) => (closed === 1 ? '1 sesión cerrada.' : `${closed} sesiones cerradas.`);

/** 'Cerrar todas las demás': ends every session of the person but the one in this browser. */
export function CloseOtherSessionsButton({ others }: CloseOtherSessionsButtonProps) {
  const queryClient = useQueryClient();
  const closeOthers = useMutation({
    mutationFn: closeOtherAccountSessions,
    onSuccess: ({ closed }) => notifications.show({ color: 'green', title: ACCOUNT_MESSAGES.othersClosed, message: closedCount(closed) }),
    onError: (error) =>
      notifications.show({ color: 'red', title: 'Error', message: errorMessage(error, ACCOUNT_SESSION_FALLBACKS.closeOthers) }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: accountSessionQueries.lists() }),
  });

  return (
    <Button color="red" onClick={() => closeOthers.mutate()} disabled={others === 0 || closeOthers.isPending}>
      {closeOthers.isPending ? 'Cerrando sesiones…' : 'Cerrar todas las demás'}
    </Button>
  );
}
