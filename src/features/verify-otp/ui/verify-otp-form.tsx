import { Anchor, Stack, Text } from '@mantine/core';
import { useMutation } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import type { FormEvent } from 'react';
import { errorMessage, formFieldErrors } from '@/shared/api';
import { useSessionStore } from '@/shared/auth';
import { useResendCountdown } from '@/shared/lib';
import { AuthSubmitButton } from '@/shared/ui/auth-form';
import { OtpInput, ResendCode, useOtpField } from '@/shared/ui/otp-input';
import { RESEND_FALLBACK, resendSignInCode } from '../api/resend-code';
import { VERIFY_OTP_FALLBACK, verifyOtp } from '../api/verify-otp';
import { BackToLogin, useCodeSignIn, type CodeSignInProps } from './use-code-sign-in';

// The server answers alike whether or not a code was sent (it never says who is signing in), so
// this says when one arrives: while the sign-in started with the password is still pending.
const RESENT_MESSAGE = 'Si tu inicio de sesión sigue pendiente, te enviamos un código nuevo. Si no llega, vuelve a iniciar sesión.';

export type VerifyOtpFormProps = CodeSignInProps;

/** The six-digit code that completes the sign-in; a valid one starts the session. */
export function VerifyOtpForm({ email: emailFromUrl, redirect }: VerifyOtpFormProps) {
  const signIn = useCodeSignIn({ email: emailFromUrl, redirect });
  const { email } = signIn;
  const otpSentAt = useSessionStore((state) => state.otpSentAt);
  const codeSent = useSessionStore((state) => state.codeSent);
  // The minute counts from the last code this tab asked for, when it was for this address.
  const secondsLeft = useResendCountdown(email && email === signIn.pendingEmail ? otpSentAt : null);

  // Six digits typed or pasted go at once; `verify` ignores a second send while one is checked.
  const otp = useOtpField({ onComplete: (code) => verify(code) });

  const verifyMutation = useMutation({
    mutationFn: verifyOtp,
    onSuccess: signIn.signIn,
    onError: (error) => {
      const message = formFieldErrors(error).code;
      if (!message) return signIn.showAlert(errorMessage(error, VERIFY_OTP_FALLBACK));
      // A wrong code is emptied: the next six digits typed are sent again by themselves.
      otp.setCode('');
      otp.setError(message);
      signIn.focusField();
    },
  });

  const resendMutation = useMutation({
    mutationFn: resendSignInCode,
    onSuccess: () => {
      codeSent(email);
      otp.setCode('');
      signIn.focusField();
    },
    onError: (error) => signIn.showAlert(errorMessage(error, RESEND_FALLBACK)),
  });

  /** Checks the code typed, once: not while a check is under way. */
  function verify(code: string) {
    if (verifyMutation.isPending) return;
    signIn.clearAlert();
    otp.setError(null);
    resendMutation.reset();
    if (signIn.hasEmail()) verifyMutation.mutate({ email, code });
  }

  const handleSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (email && !otp.check()) {
      signIn.clearAlert();
      signIn.focusField();
      return;
    }
    verify(otp.code);
  };

  const resend = () => {
    if (!email) return;
    signIn.clearAlert();
    otp.setError(null);
    resendMutation.mutate(email);
  };

  const busy = verifyMutation.isPending;

  return (
    <form ref={signIn.formRef} onSubmit={handleSubmit} noValidate>
      <Stack gap="md">
        <Text size="sm" c="dimmed">
          {email ? (
            <>
              Enviamos un código de 6 dígitos a <strong>{email}</strong>.
            </>
          ) : (
            'Ingresa el código de 6 dígitos que enviamos a tu correo.'
          )}
        </Text>
        {signIn.alert}
        {resendMutation.isSuccess ? (
          <Text size="sm" c="var(--panel-success-text)" role="status">
            {RESENT_MESSAGE}
          </Text>
        ) : null}
        <OtpInput label="Código de verificación" {...otp.inputProps} disabled={busy} autoFocus />
        <AuthSubmitButton busy={busy} busyLabel="Verificando...">
          Verificar y continuar
        </AuthSubmitButton>
        {email ? (
          <ResendCode secondsLeft={secondsLeft} resending={resendMutation.isPending} disabled={busy} onResend={resend} />
        ) : (
          <Text size="sm" c="dimmed" ta="center">
            ¿No llegó el código?{' '}
            <Anchor size="sm" underline="always" renderRoot={(props) => <Link to="/login" search={{ redirect }} {...props} />}>
              Vuelve a iniciar sesión
            </Anchor>{' '}
            para recibir otro.
          </Text>
        )}
        <BackToLogin redirect={redirect} />
      </Stack>
    </form>
  );
}
