import { Anchor, Stack, Text } from '@mantine/core';
import { useMutation } from '@tanstack/react-query';
import { Link, useNavigate } from '@tanstack/react-router';
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { errorMessage, formFieldErrors } from '@/shared/api';
import { useSessionStore } from '@/shared/auth';
import { safeRedirect, useResendCountdown } from '@/shared/lib';
import { ErrorAlert } from '@/shared/ui/error-alert';
import { AuthSubmitButton } from '@/shared/ui/auth-form';
import { OtpInput, ResendCode, useOtpField } from '@/shared/ui/otp-input';
import { RESEND_FALLBACK, resendSignInCode } from '../api/resend-code';
import { VERIFY_OTP_FALLBACK, verifyOtp } from '../api/verify-otp';

const NO_EMAIL_MESSAGE = 'No email provided for verification.';
// The server answers alike whether or not a code was sent (it never says who is signing in), so
// this says when one arrives: while the sign-in started with the password is still pending.
const RESENT_MESSAGE = 'Si tu inicio de sesión sigue pendiente, te enviamos un código nuevo. Si no llega, vuelve a iniciar sesión.';

export interface VerifyOtpFormProps {
  /** The address the code went to, from the URL; the session store's is used when absent. */
  email?: string;
  /** The panel address to open once signed in (checked again here: it comes from the URL). */
  redirect?: string;
}

/** The six-digit code that completes the sign-in; a valid one starts the session. */
export function VerifyOtpForm({ email: emailFromUrl, redirect }: VerifyOtpFormProps) {
  const navigate = useNavigate();
  const pendingEmail = useSessionStore((state) => state.email);
  const otpSentAt = useSessionStore((state) => state.otpSentAt);
  const setLogin = useSessionStore((state) => state.setLogin);
  const codeSent = useSessionStore((state) => state.codeSent);
  const email = emailFromUrl?.trim() || pendingEmail || '';
  // The minute counts from the last code this tab asked for, when it was for this address.
  const secondsLeft = useResendCountdown(email && email === pendingEmail ? otpSentAt : null);

  // Six digits typed or pasted go at once; `verify` ignores a second send while one is checked.
  const otp = useOtpField({ onComplete: (code) => verify(code) });
  const [formError, setFormError] = useState<string | null>(null);
  const formRef = useRef<HTMLFormElement>(null);
  const alertRef = useRef<HTMLDivElement>(null);
  // The boxes are disabled while checking, so after a refusal focus is put back on purpose.
  const [focusAfterError, setFocusAfterError] = useState<'code' | 'alert' | null>(null);

  useEffect(() => {
    if (!focusAfterError) return;
    if (focusAfterError === 'alert') alertRef.current?.focus();
    else formRef.current?.querySelector<HTMLInputElement>('input')?.focus();
    setFocusAfterError(null);
  }, [focusAfterError]);

  const verifyMutation = useMutation({
    mutationFn: verifyOtp,
    onSuccess: ({ token, expires_at: _expiresAt, ...user }) => {
      setLogin(token, user);
      // The address that needed the session, search included; '/' when there was none.
      void navigate({ href: safeRedirect(redirect), replace: true });
    },
    onError: (error) => {
      const message = formFieldErrors(error).code;
      if (message) {
        // A wrong code is emptied: the next six digits typed are sent again by themselves.
        otp.setCode('');
        otp.setError(message);
        setFocusAfterError('code');
      } else {
        setFormError(errorMessage(error, VERIFY_OTP_FALLBACK));
        setFocusAfterError('alert');
      }
    },
  });

  const resendMutation = useMutation({
    mutationFn: resendSignInCode,
    onSuccess: () => {
      codeSent(email);
      otp.setCode('');
      setFocusAfterError('code');
    },
    onError: (error) => {
      setFormError(errorMessage(error, RESEND_FALLBACK));
      setFocusAfterError('alert');
    },
  });

  /** Checks the code typed, once: not while a check is under way. */
  function verify(code: string) {
    if (verifyMutation.isPending) return;
    setFormError(null);
    otp.setError(null);
    resendMutation.reset();
    if (!email) {
      setFormError(NO_EMAIL_MESSAGE);
      setFocusAfterError('alert');
      return;
    }
    verifyMutation.mutate({ email, code });
  }

  const handleSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (email && !otp.check()) {
      setFormError(null);
      setFocusAfterError('code');
      return;
    }
    verify(otp.code);
  };

  const resend = () => {
    if (!email) return;
    setFormError(null);
    otp.setError(null);
    resendMutation.mutate(email);
  };

  const busy = verifyMutation.isPending;
  const resending = resendMutation.isPending;

  return (
    <form ref={formRef} onSubmit={handleSubmit} noValidate>
      <Stack gap="md">
        <Text size="sm" c="gray.7">
          {email ? (
            <>
              Enviamos un código de 6 dígitos a <strong>{email}</strong>.
            </>
          ) : (
            'Ingresa el código de 6 dígitos que enviamos a tu correo.'
          )}
        </Text>
        {formError ? (
          <div ref={alertRef} tabIndex={-1}>
            <ErrorAlert message={formError} />
          </div>
        ) : null}
        {resendMutation.isSuccess ? (
          <Text size="sm" c="green.9" role="status">
            {RESENT_MESSAGE}
          </Text>
        ) : null}
        <OtpInput label="Código de verificación" {...otp.inputProps} disabled={busy} autoFocus />
        <AuthSubmitButton busy={busy} busyLabel="Verificando...">
          Verificar y continuar
        </AuthSubmitButton>
        {email ? (
          <ResendCode secondsLeft={secondsLeft} resending={resending} disabled={busy} onResend={resend} />
        ) : (
          <Text size="sm" c="gray.7" ta="center">
            ¿No llegó el código?{' '}
            <Anchor size="sm" underline="always" renderRoot={(props) => <Link to="/login" search={{ redirect }} {...props} />}>
              Vuelve a iniciar sesión
            </Anchor>{' '}
            para recibir otro.
          </Text>
        )}
        <Anchor
          size="sm"
          className="small-target"
          style={{ alignSelf: 'center' }}
          renderRoot={(props) => <Link to="/login" search={{ redirect }} {...props} />}
        >
          Volver al inicio de sesión
        </Anchor>
      </Stack>
    </form>
  );
}
