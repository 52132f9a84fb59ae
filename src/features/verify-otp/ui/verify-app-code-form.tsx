import { APP_CODE_PROMPT } from '@contract/auth.constants';
import { Button, Stack, Text, TextInput } from '@mantine/core';
import { useMutation } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { errorMessage, formFieldErrors } from '@/shared/api';
import { AuthSubmitButton } from '@/shared/ui/auth-form';
import { OtpInput, useOtpField } from '@/shared/ui/otp-input';
import { verifyRecoveryCode } from '../api/verify-app-code';
import { VERIFY_OTP_FALLBACK, verifyOtp } from '../api/verify-otp';
import { BackToLogin, useCodeSignIn, type CodeSignInProps } from './use-code-sign-in';

const RECOVERY_REQUIRED = 'Escribe uno de tus códigos de recuperación.';

export type VerifyAppCodeFormProps = CodeSignInProps;

type Mode = 'app' | 'recovery';

/**
 * The second step for someone with an authenticator app: the app's six digits, or, through
 * 'Usar un código de recuperación', one of the recovery codes given at enrolment. Nothing is mailed.
 */
export function VerifyAppCodeForm({ email: emailFromUrl, redirect }: VerifyAppCodeFormProps) {
  const signIn = useCodeSignIn({ email: emailFromUrl, redirect });
  const { email } = signIn;

  const [mode, setMode] = useState<Mode>('app');
  const otp = useOtpField({ onComplete: (code) => submit(code) });
  const [recovery, setRecovery] = useState('');
  const [recoveryError, setRecoveryError] = useState<string | null>(null);

  const verify = useMutation({
    mutationFn: (code: string) => (mode === 'app' ? verifyOtp({ email, code }) : verifyRecoveryCode({ email, recovery_code: code })),
    onSuccess: signIn.signIn,
    onError: (error) => {
      const fields = formFieldErrors(error);
      const message = mode === 'app' ? fields.code : fields.recovery_code;
      if (!message) return signIn.showAlert(errorMessage(error, VERIFY_OTP_FALLBACK));
      if (mode === 'app') {
        // A wrong code is emptied: the next six digits typed are sent again by themselves.
        otp.setCode('');
        otp.setError(message);
      } else {
        setRecoveryError(message);
      }
      signIn.focusField();
    },
  });

  /** Sends the code once: not while a check is under way. */
  function submit(code: string) {
    if (verify.isPending) return;
    signIn.clearAlert();
    if (signIn.hasEmail()) verify.mutate(code);
  }

  const handleSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (mode === 'app') {
      if (email && !otp.check()) return signIn.focusField();
      return submit(otp.code);
    }
    if (!recovery.trim()) {
      setRecoveryError(RECOVERY_REQUIRED);
      return signIn.focusField();
    }
    submit(recovery);
  };

  const switchTo = (next: Mode) => {
    setMode(next);
    signIn.clearAlert();
    // Each way starts empty: what was typed for the other is no use here.
    setRecovery('');
    setRecoveryError(null);
    otp.setCode('');
    otp.setError(null);
    verify.reset();
    signIn.focusField();
  };

  const busy = verify.isPending;

  return (
    <form ref={signIn.formRef} onSubmit={handleSubmit} noValidate>
      <Stack gap="md">
        <Text size="sm" c="dimmed">
          {mode === 'app' ? `${APP_CODE_PROMPT}.` : 'Escribe uno de los códigos de recuperación que guardaste al activar la aplicación. Cada uno sirve una sola vez.'}
        </Text>
        {signIn.alert}
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
        <BackToLogin redirect={redirect} />
      </Stack>
    </form>
  );
}
