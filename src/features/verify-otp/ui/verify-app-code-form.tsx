import { APP_CODE_PROMPT } from '@contract/auth.constants';
import { Anchor, Button, Stack, Text, TextInput } from '@mantine/core';
import { useMutation } from '@tanstack/react-query';
import { Link, useNavigate } from '@tanstack/react-router';
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { errorMessage, formFieldErrors } from '@/shared/api';
import { useSessionStore } from '@/shared/auth';
import { safeRedirect } from '@/shared/lib';
import { AuthSubmitButton } from '@/shared/ui/auth-form';
import { ErrorAlert } from '@/shared/ui/error-alert';
import { OtpInput, useOtpField } from '@/shared/ui/otp-input';
import { verifyRecoveryCode } from '../api/verify-app-code';
import { VERIFY_OTP_FALLBACK, verifyOtp } from '../api/verify-otp';

const NO_EMAIL_MESSAGE = 'No email provided for verification.';
const RECOVERY_REQUIRED = 'Escribe uno de tus códigos de recuperación.';

export interface VerifyAppCodeFormProps {
  /** Who is signing in, from the URL; the session store's address is used when absent. */
  email?: string;
  /** The panel address to open once signed in (checked again here: it comes from the URL). */
  redirect?: string;
}

type Mode = 'app' | 'recovery';

/**
 * The second step for someone with an authenticator app: the app's six digits, or, through
 * 'Usar un código de recuperación', one of the recovery codes given at enrolment. Nothing is mailed.
 */
export function VerifyAppCodeForm({ email: emailFromUrl, redirect }: VerifyAppCodeFormProps) {
  const navigate = useNavigate();
  const pendingEmail = useSessionStore((state) => state.email);
  const setLogin = useSessionStore((state) => state.setLogin);
  const email = emailFromUrl?.trim() || pendingEmail || '';

  const [mode, setMode] = useState<Mode>('app');
  const otp = useOtpField({ onComplete: (code) => submit(code) });
  const [recovery, setRecovery] = useState('');
  const [recoveryError, setRecoveryError] = useState<string | null>(null);
  const [formError, setFormError] = useState<string | null>(null);
  const formRef = useRef<HTMLFormElement>(null);
  const alertRef = useRef<HTMLDivElement>(null);
  // The fields are disabled while checking, so after a refusal (or a switch) focus is put back on purpose.
  const [focusNext, setFocusNext] = useState<'field' | 'alert' | null>(null);

  useEffect(() => {
    if (!focusNext) return;
    if (focusNext === 'alert') alertRef.current?.focus();
    else formRef.current?.querySelector<HTMLInputElement>('input')?.focus();
    setFocusNext(null);
  }, [focusNext]);

  const verify = useMutation({
    mutationFn: (code: string) => (mode === 'app' ? verifyOtp({ email, code }) : verifyRecoveryCode({ email, recovery_code: code })),
    onSuccess: ({ token, expires_at: _expiresAt, ...user }) => {
      setLogin(token, user);
      void navigate({ href: safeRedirect(redirect), replace: true });
    },
    onError: (error) => {
      const fields = formFieldErrors(error);
      const message = mode === 'app' ? fields.code : fields.recovery_code;
      if (message) {
        if (mode === 'app') {
          // A wrong code is emptied: the next six digits typed are sent again by themselves.
          otp.setCode('');
          otp.setError(message);
        } else {
          setRecoveryError(message);
        }
        setFocusNext('field');
      } else {
        setFormError(errorMessage(error, VERIFY_OTP_FALLBACK));
        setFocusNext('alert');
      }
    },
  });

  /** Sends the code once: not while a check is under way. */
  function submit(code: string) {
    if (verify.isPending) return;
    setFormError(null);
    if (!email) {
      setFormError(NO_EMAIL_MESSAGE);
      setFocusNext('alert');
      return;
    }
    verify.mutate(code);
  }

  const handleSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (mode === 'app') {
      if (email && !otp.check()) return setFocusNext('field');
      return submit(otp.code);
    }
    if (!recovery.trim()) {
      setRecoveryError(RECOVERY_REQUIRED);
      return setFocusNext('field');
    }
    submit(recovery);
  };

  const switchTo = (next: Mode) => {
    setMode(next);
    setFormError(null);
    // Each way starts empty: what was typed for the other is no use here.
    setRecovery('');
    setRecoveryError(null);
    otp.setCode('');
    otp.setError(null);
    verify.reset();
    setFocusNext('field');
  };

  const busy = verify.isPending;

  return (
    <form ref={formRef} onSubmit={handleSubmit} noValidate>
      <Stack gap="md">
        <Text size="sm" c="gray.7">
          {mode === 'app' ? `${APP_CODE_PROMPT}.` : 'Escribe uno de los códigos de recuperación que guardaste al activar la aplicación. Cada uno sirve una sola vez.'}
        </Text>
        {formError ? (
          <div ref={alertRef} tabIndex={-1}>
            <ErrorAlert message={formError} />
          </div>
        ) : null}
        {mode === 'app' ? (
          <OtpInput label="Código de la aplicación" {...otp.inputProps} disabled={busy} autoFocus />
        ) : (
          <TextInput
            label="Código de recuperación"
            placeholder="abcde-12345"
            autoComplete="off"
            autoCapitalize="none"
            spellCheck={false}
            value={recovery}
            onChange={(event) => {
              setRecovery(event.currentTarget.value);
              setRecoveryError(null);
            }}
            error={recoveryError}
            disabled={busy}
          />
        )}
        <AuthSubmitButton busy={busy} busyLabel="Verificando...">
          Verificar y continuar
        </AuthSubmitButton>
        <Button variant="subtle" onClick={() => switchTo(mode === 'app' ? 'recovery' : 'app')} disabled={busy}>
          {mode === 'app' ? 'Usar un código de recuperación' : 'Usar el código de la aplicación'}
        </Button>
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
