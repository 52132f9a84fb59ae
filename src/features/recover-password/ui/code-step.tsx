import { Button, Group, Loader, Stack, Text } from '@mantine/core';
import { useMutation } from '@tanstack/react-query';
import { useRef, useState, type FormEvent } from 'react';
import { errorMessage, formFieldErrors } from '@/shared/api';
import { OTP_LENGTH } from '@/shared/config';
import { ErrorAlert } from '@/shared/ui/error-alert';
import { OtpInput } from '@/shared/ui/otp-input';
import { resendRecoveryCode, verifyRecoveryCode } from '../api/recovery';
import { useResendCountdown } from '@/shared/lib';
import { ERROR_ALERT_ATTRIBUTE, useFocusAfterError } from '../lib/use-focus-after-error';

const CODE_LENGTH_MESSAGE = 'El código debe tener 6 dígitos.';
const CODE_PATTERN = new RegExp(`^\\d{${OTP_LENGTH}}$`);

interface CodeStepProps {
  email: string;
  /** When the last code was sent, for the resend countdown. */
  codeSentAt: number | null;
  onResent: () => void;
  onVerified: (resetToken: string) => void;
}

export function CodeStep({ email, codeSentAt, onResent, onVerified }: CodeStepProps) {
  const [code, setCode] = useState('');
  const [codeError, setCodeError] = useState<string | null>(null);
  const secondsLeft = useResendCountdown(codeSentAt);
  const formRef = useRef<HTMLFormElement>(null);
  const focusError = useFocusAfterError(formRef);

  const verifyMutation = useMutation({
    mutationFn: verifyRecoveryCode,
    onSuccess: ({ reset_token }) => onVerified(reset_token),
    onError: (error) => {
      // A refused code is the boxes' error; anything else (too many tries, no connection) the alert's.
      const message = formFieldErrors(error).code;
      if (message) setCodeError(message);
      focusError();
    },
  });
  const resendMutation = useMutation({
    mutationFn: resendRecoveryCode,
    onSuccess: () => {
      setCode('');
      onResent();
    },
    onError: focusError,
  });

  const handleSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    verifyMutation.reset();
    resendMutation.reset();
    setCodeError(null);
    if (!CODE_PATTERN.test(code)) {
      setCodeError(CODE_LENGTH_MESSAGE);
      focusError();
      return;
    }
    verifyMutation.mutate({ email, code });
  };

  const resend = () => {
    verifyMutation.reset();
    setCodeError(null);
    resendMutation.mutate(email);
  };

  const verifying = verifyMutation.isPending;
  const resending = resendMutation.isPending;
  // A refused code is shown on the boxes, not again above them.
  const verifyFailure = verifyMutation.error && !formFieldErrors(verifyMutation.error).code ? verifyMutation.error : null;
  const failure = verifyFailure ?? resendMutation.error;

  return (
    <form ref={formRef} onSubmit={handleSubmit} noValidate>
      <Stack gap="md">
        <Text size="sm" c="gray.7">
          Si el correo está registrado, te enviamos un código a <strong>{email}</strong>. Escríbelo aquí.
        </Text>
        {failure ? (
          <div tabIndex={-1} {...{ [ERROR_ALERT_ATTRIBUTE]: true }}>
            <ErrorAlert message={errorMessage(failure, 'No se pudo verificar el código')} />
          </div>
        ) : null}
        {resendMutation.isSuccess ? (
          <Text size="sm" c="green.9" role="status">
            Te enviamos un código nuevo.
          </Text>
        ) : null}
        <OtpInput
          label="Código de verificación"
          value={code}
          onChange={(next) => {
            setCode(next);
            setCodeError(null);
          }}
          error={codeError}
          disabled={verifying}
          autoFocus
        />
        <Button type="submit" fullWidth disabled={verifying} leftSection={verifying ? <Loader size="xs" /> : null}>
          {verifying ? 'Verificando...' : 'Verificar código'}
        </Button>
        <Group justify="space-between" gap="xs">
          <Text size="sm" c="gray.7">
            {secondsLeft > 0 ? `Podrás pedir otro código en ${secondsLeft} s.` : '¿No llegó el código?'}
          </Text>
          <Button
            variant="subtle"
            size="compact-sm"
            onClick={resend}
            disabled={secondsLeft > 0 || resending || verifying}
          >
            {resending ? 'Reenviando...' : 'Reenviar código'}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
