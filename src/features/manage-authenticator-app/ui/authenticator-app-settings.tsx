import { Badge, Button, Group, Stack, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import dayjs from 'dayjs';
import { useState } from 'react';
import { SECOND_FACTOR_FALLBACK, secondFactorQueries } from '@/entities/second-factor';
import { errorMessage } from '@/shared/api';
import { ErrorAlert } from '@/shared/ui/error-alert';
import { LoadingState } from '@/shared/ui/loading-state';
import { DisableAppModal } from './disable-app-modal';
import { EnrolAppModal } from './enrol-app-modal';

/**
 * 'Aplicación de autenticación' in 'Mi cuenta': whether the sign-in code comes by mail or from an
 * app, and the way to switch it on (enrolment) or off (password and a code).
 */
export function AuthenticatorAppSettings() {
  const status = useQuery(secondFactorQueries.mine());
  const [open, setOpen] = useState<'enrol' | 'disable' | null>(null);

  if (status.isPending) return <LoadingState label="Cargando..." />;
  if (status.isError) {
    return <ErrorAlert error={status.error} message={errorMessage(status.error, SECOND_FACTOR_FALLBACK)} onRetry={() => void status.refetch()} retrying={status.isFetching} />;
  }
  const { method, enabled_at: enabledAt, recovery_codes_left: left } = status.data;

  return (
    <Stack gap="sm">
      {method === 'app' ? (
        <>
          <Group gap="xs">
            <Badge color="green" variant="light">
              Activada
            </Badge>
            {enabledAt ? (
              <Text size="sm" c="dimmed">
                desde el {dayjs(enabledAt).format('D [de] MMMM [de] YYYY')}
              </Text>
            ) : null}
          </Group>
          <Text size="sm">Al iniciar sesión escribes el código de tu aplicación; no te enviamos correos con códigos.</Text>
          <Text size="sm" c={left <= 2 ? 'var(--mantine-color-error)' : 'dimmed'}>
            {left === 1 ? 'Te queda 1 código de recuperación.' : `Te quedan ${left} códigos de recuperación.`}
          </Text>
          <Group justify="flex-end">
            <Button variant="default" color="red" onClick={() => setOpen('disable')}>
              Desactivar
            </Button>
          </Group>
        </>
      ) : (
        <>
          <Text size="sm">
            Ahora recibes el código de acceso por correo. Con una aplicación de autenticación en tu teléfono, el código está siempre a mano y no esperas el correo.
          </Text>
          <Group justify="flex-end">
            <Button onClick={() => setOpen('enrol')}>Activar aplicación de autenticación</Button>
          </Group>
        </>
      )}
      <EnrolAppModal opened={open === 'enrol'} onClose={() => setOpen(null)} />
      <DisableAppModal opened={open === 'disable'} onClose={() => setOpen(null)} />
    </Stack>
  );
}
