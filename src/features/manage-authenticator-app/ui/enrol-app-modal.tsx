import { TOTP_MESSAGES, type TotpEnrolment } from '@contract/account';
import { Alert, Button, Code, CopyButton, Group, Image, List, Stack, Text } from '@mantine/core';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState, type FormEvent } from 'react';
import { secondFactorQueries } from '@/entities/second-factor';
import { errorMessage, formFieldErrors } from '@/shared/api';
import { useSessionStore } from '@/shared/auth';
import { saveFile } from '@/shared/lib';
import { ErrorAlert } from '@/shared/ui/error-alert';
import { IconAlert, IconDownload } from '@/shared/ui/icons';
import { LoadingState } from '@/shared/ui/loading-state';
import { Modal } from '@/shared/ui/modal';
import { OtpInput, useOtpField } from '@/shared/ui/otp-input';
import { AUTHENTICATOR_FALLBACKS, confirmAppEnrolment, startAppEnrolment } from '../api/authenticator-app';

export interface EnrolAppModalProps {
  opened: boolean;
  onClose: () => void;
}

/** The key in groups of four, as apps show keys typed by hand. */
const grouped = (secret: string) => secret.match(/.{1,4}/g)?.join(' ') ?? secret;

/** The recovery codes as a text file to keep. */
const saveRecoveryFile = (codes: string[], email: string) =>
  saveFile(
    new Blob([
      [
      'Panel de Control: códigos de recuperación',
      email,
      '',
      'Cada código sirve una sola vez para entrar sin la aplicación de autenticación.',
      '',
      ...codes,
      '',
      ].join('\n'),
    ], { type: 'text/plain;charset=utf-8' }),
    'codigos-recuperacion-panel.txt',
  );

/**
 * 'Activar aplicación de autenticación': a new key as a QR code and as text, confirmed by the
 * first code the app shows; then the ten recovery codes, shown once, to copy or download. The
 * dialog mounts its steps per opening, so each opening asks for a new key.
 */
export function EnrolAppModal({ opened, onClose }: EnrolAppModalProps) {
  const [codes, setCodes] = useState<string[] | null>(null);
  const close = () => {
    setCodes(null);
    onClose();
  };
  return (
    <Modal
      opened={opened}
      onClose={close}
      title={codes ? 'Guarda tus códigos de recuperación' : 'Activar aplicación de autenticación'}
      size="lg"
      // The recovery codes are shown only here: they close by 'Ya los guardé', not by accident.
      closeOnClickOutside={!codes}
      closeOnEscape={!codes}
      withCloseButton={!codes}
      closeButtonProps={{ 'aria-label': 'Cerrar' }}
    >
      {opened && !codes ? <ScanStep onEnabled={setCodes} /> : null}
      {codes ? <CodesStep codes={codes} onDone={close} /> : null}
    </Modal>
  );
}

function ScanStep({ onEnabled }: { onEnabled: (codes: string[]) => void }) {
  const queryClient = useQueryClient();
  const start = useMutation({ mutationFn: startAppEnrolment });
  const otp = useOtpField({ onComplete: (code) => confirm(code) });
  const confirmMutation = useMutation({
    mutationFn: confirmAppEnrolment,
    onSuccess: async ({ recovery_codes }) => {
      onEnabled(recovery_codes);
      await queryClient.invalidateQueries({ queryKey: secondFactorQueries.all() });
    },
    onError: (error) => {
      const message = formFieldErrors(error).code;
      if (message) {
        otp.setCode('');
        otp.setError(message);
      }
    },
  });

  // One key per opening of the dialog.
  const { mutate: startEnrolment } = start;
  useEffect(() => startEnrolment(), [startEnrolment]);

  function confirm(code: string) {
    if (confirmMutation.isPending) return;
    confirmMutation.mutate({ code });
  }

  const handleSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (otp.check()) confirm(otp.code);
  };

  if (start.isError) {
    return <ErrorAlert error={start.error} message={errorMessage(start.error, AUTHENTICATOR_FALLBACKS.start)} onRetry={() => start.mutate()} />;
  }
  if (!start.data) return <LoadingState label="Generando la clave..." />;
  const enrolment: TotpEnrolment = start.data;
  const unplaced = confirmMutation.error && !formFieldErrors(confirmMutation.error).code ? confirmMutation.error : null;

  return (
    <form onSubmit={handleSubmit} noValidate>
      <Stack gap="md">
        <List type="ordered" spacing="sm" size="sm">
          <List.Item>Abre tu aplicación de autenticación (Google Authenticator, Microsoft Authenticator, 1Password…) y añade una cuenta.</List.Item>
          <List.Item>Escanea este código QR, o escribe la clave a mano.</List.Item>
          <List.Item>Escribe el código de 6 dígitos que muestra la aplicación.</List.Item>
        </List>
        <Group align="flex-start" gap="lg" wrap="wrap">
          <Image src={enrolment.qr_code} alt="Código QR para añadir la cuenta a tu aplicación de autenticación" w={184} h={184} fit="contain" radius="sm" bd="1px solid var(--mantine-color-gray-3)" />
          <Stack gap={6} style={{ flex: '1 1 220px', minWidth: 0 }}>
            <Text size="sm" fw={600} id="totp-secret-label">
              Clave
            </Text>
            <Code block aria-labelledby="totp-secret-label" style={{ overflowWrap: 'anywhere', whiteSpace: 'pre-wrap', fontSize: 'var(--mantine-font-size-md)' }}>
              {grouped(enrolment.secret)}
            </Code>
            <Group gap="xs">
              <CopyButton value={enrolment.secret}>
                {({ copied, copy }) => (
                  <Button variant="default" size="xs" onClick={copy}>
                    {copied ? 'Clave copiada' : 'Copiar clave'}
                  </Button>
                )}
              </CopyButton>
            </Group>
            <Text size="xs" c="dimmed">
              Tipo: basada en el tiempo · 6 dígitos · cada 30 segundos. La clave no se volverá a mostrar.
            </Text>
          </Stack>
        </Group>
        {unplaced ? <ErrorAlert error={unplaced} message={errorMessage(unplaced, AUTHENTICATOR_FALLBACKS.confirm)} /> : null}
        <OtpInput label="Código de la aplicación" {...otp.inputProps} disabled={confirmMutation.isPending} />
        <Group justify="flex-end">
          <Button type="submit" disabled={confirmMutation.isPending}>
            {confirmMutation.isPending ? 'Activando…' : 'Activar'}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

function CodesStep({ codes, onDone }: { codes: string[]; onDone: () => void }) {
  const email = useSessionStore((state) => state.user?.email ?? '');
  return (
    <Stack gap="md">
      {/* Said here, not in a notification that would cover the dialog on a phone. */}
      <Text size="sm" role="status">
        {TOTP_MESSAGES.enabled}
      </Text>
      <Alert color="yellow" variant="light" title="Se muestran solo esta vez" icon={<IconAlert />}>
        Si pierdes el teléfono, cada uno de estos códigos te deja entrar una vez. Descárgalos o cópialos y guárdalos en un lugar seguro.
      </Alert>
      <Code block aria-label="Códigos de recuperación" component="ul" style={{ listStyle: 'none', columns: '2 10ch', margin: 0, fontSize: 'var(--mantine-font-size-md)' }}>
        {codes.map((code) => (
          <li key={code}>{code}</li>
        ))}
      </Code>
      <Group justify="flex-end" gap="sm" wrap="wrap">
        <Button variant="default" leftSection={<IconDownload />} onClick={() => saveRecoveryFile(codes, email)}>
          Descargar (.txt)
        </Button>
        <CopyButton value={codes.join('\n')}>
          {({ copied, copy }) => (
            <Button variant="default" onClick={copy}>
              {copied ? 'Códigos copiados' : 'Copiar códigos'}
            </Button>
          )}
        </CopyButton>
        <Button onClick={onDone} data-autofocus>
          Ya los guardé
        </Button>
      </Group>
    </Stack>
  );
}
