import { SECOND_FACTOR_LABELS } from '@contract/auth.constants';
import { TOTP_MESSAGES } from '@contract/account';
import { SUPER_ADMIN_ROLE } from '@contract/role.constants';
import { Button, Group, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { USER_FALLBACKS, resetUserSecondFactor, userQueries, type User } from '@/entities/user';
import { useSessionStore } from '@/shared/auth';
import { useSaveMutation } from '@/shared/lib/use-save-mutation';
import { useConfirm } from '@/shared/ui/confirm-dialog';

/**
 * The user's second factor in their screen, and, for a super admin looking at someone else with an
 * authenticator app, 'Restablecer segundo factor' (a lost phone): they get the code by mail again.
 */
export function SecondFactorReset({ user }: { user: User }) {
  const me = useSessionStore((state) => state.user);
  const [method, setMethod] = useState(user.second_factor);
  const { confirm, dialog } = useConfirm();
  const reset = useSaveMutation({
    mutationFn: () => resetUserSecondFactor(user.id),
    invalidate: [userQueries.lists(), userQueries.detail(user.id).queryKey],
    successMessage: TOTP_MESSAGES.reset,
    onSaved: () => setMethod('email'),
    errorFallback: USER_FALLBACKS.resetSecondFactor,
  });
  const mayReset = method === 'app' && me !== null && me.id !== user.id && me.roles.includes(SUPER_ADMIN_ROLE);

  const ask = async () => {
    const confirmed = await confirm({
      title: 'Restablecer segundo factor',
      message: `${user.name} ya no podrá entrar con su aplicación de autenticación ni con sus códigos de recuperación: recibirá el código por correo.`,
      confirmLabel: 'Sí, restablecer',
    });
    if (confirmed) reset.mutate();
  };

  return (
    <Stack gap={4} mt="md" pt="md" style={{ borderTop: '1px solid var(--mantine-color-gray-3)' }}>
      <Text size="sm" fw={500} id="user-second-factor-label">
        Segundo factor
      </Text>
      <Group justify="space-between" gap="sm" wrap="wrap" aria-labelledby="user-second-factor-label" role="group">
        <Text size="sm">{SECOND_FACTOR_LABELS[method]}</Text>
        {mayReset ? (
          <Button type="button" variant="default" size="xs" onClick={() => void ask()} disabled={reset.isPending}>
            {reset.isPending ? 'Restableciendo…' : 'Restablecer segundo factor'}
          </Button>
        ) : null}
      </Group>
      {dialog}
    </Stack>
  );
}
