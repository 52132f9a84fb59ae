import { Stack, Text } from '@mantine/core';
import { useMutation } from '@tanstack/react-query';
import { useRef, type FormEvent } from 'react';
import { errorMessage, formFieldErrors } from '@/shared/api';
import { ErrorAlert } from '@/shared/ui/error-alert';
import { AuthSubmitButton } from '@/shared/ui/auth-form';
import { OtpInput, ResendCode, useOtpField } from '@/shared/ui/otp-input';
import { resendRecoveryCode, verifyRecoveryCode } from '../api/recovery';
import { useResendCountdown } from '@/shared/lib';
import { ERROR_ALERT_ATTRIBUTE, useFocusAfterError } from '../lib/use-focus-after-error';

interface CodeStepProps {
  email: string;
  /** When the last code was sent, for the resend countdown. */
  codeSentAt: number | null;
  onResent: () => void;
  onVerified: (resetToken: string) => void;
}

export function CodeStep({ email, codeSentAt, onResent, onVerified }: CodeStepProps) {
  const otp = useOtpField();
  const secondsLeft = useResendCountdown(codeSentAt);
  const formRef = useRef<HTMLFormElement>(null);
  const focusError = useFocusAfterError(formRef);

  const verifyMutation = useMutation({
    mutationFn: verifyRecoveryCode,
    onSuccess: ({ reset_token }) => onVerified(reset_token),
    onError: (error) => {
      // A refused code is the boxes' error; anything else (too many tries, no connection) the alert's.
      const message = formFieldErrors(error).code;
      if (message) otp.setError(message);
      focusError();
    },
  });
  const resendMutation = useMutation({
    mutationFn: resendRecoveryCode,
    onSuccess: () => {
      otp.setCode('');
      onResent();
    },
    onError: focusError,
  });

  const handleSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    verifyMutation.reset();
    resendMutation.reset();
    if (!otp.check()) {
      focusError();
      return;
    }
    verifyMutation.mutate({ email, code: otp.code });
  };

  const resend = () => {
    verifyMutation.reset();
    otp.setError(null);
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
        <Text size="sm" c="dimmed">
          Si el correo está registrado, te enviamos un código a <strong>{email}</strong>. Escríbelo aquí.
        </Text>
        {failure ? (
          <div tabIndex={-1} {...{ [ERROR_ALERT_ATTRIBUTE]: true }}>
            <ErrorAlert error={failure} message={errorMessage(failure, 'No se pudo verificar el código')} />
          </div>
        ) : null}
        {resendMutation.isSuccess ? (
          <Text size="sm" c="var(--panel-success-text)" role="status">
            Te enviamos un código nuevo.
          </Text>
        ) : null}
        <OtpInput label="Código de verificación" {...otp.inputProps} disabled={verifying} autoFocus />
        <AuthSubmitButton busy={verifying} busyLabel="Verificando...">
          Verificar código
        </AuthSubmitButton>
        <ResendCode secondsLeft={secondsLeft} resending={resending} disabled={verifying} onResend={resend} />
      </Stack>
    </form>
  );
}
