import { Anchor, Button, Loader, Stack, Text } from '@mantine/core';
import { useMutation } from '@tanstack/react-query';
import { Link, useNavigate } from '@tanstack/react-router';
import { useState, type FormEvent } from 'react';
import { errorMessage } from '@/shared/api';
import { useSessionStore } from '@/shared/auth';
import { OTP_LENGTH } from '@/shared/config';
import { ErrorAlert } from '@/shared/ui/error-alert';
import { OtpInput } from '@/shared/ui/otp-input';
import { VERIFY_OTP_FALLBACK, verifyOtp } from '../api/verify-otp';

const CODE_LENGTH_MESSAGE = 'El código debe tener 6 dígitos.';
const NO_EMAIL_MESSAGE = 'No email provided for verification.';
const CODE_PATTERN = new RegExp(`^\\d{${OTP_LENGTH}}$`);

export interface VerifyOtpFormProps {
  /** The address the code went to, from the URL; the session store's is used when absent. */
  email?: string;
}

/** The six-digit code that completes the sign-in; a valid one starts the session. */
export function VerifyOtpForm({ email: emailFromUrl }: VerifyOtpFormProps) {
  const navigate = useNavigate();
  const pendingEmail = useSessionStore((state) => state.email);
  const setLogin = useSessionStore((state) => state.setLogin);
  const email = emailFromUrl?.trim() || pendingEmail || '';

  const [code, setCode] = useState('');
  const [codeError, setCodeError] = useState<string | null>(null);
  const [formError, setFormError] = useState<string | null>(null);

  const verifyMutation = useMutation({
    mutationFn: verifyOtp,
    onSuccess: ({ token, expires_at: _expiresAt, ...user }) => {
      setLogin(token, user);
      void navigate({ to: '/', replace: true });
    },
    onError: (error) => setFormError(errorMessage(error, VERIFY_OTP_FALLBACK)),
  });

  const handleSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setFormError(null);
    setCodeError(null);
    if (!email) {
      setFormError(NO_EMAIL_MESSAGE);
      return;
    }
    if (!CODE_PATTERN.test(code)) {
      setCodeError(CODE_LENGTH_MESSAGE);
      return;
    }
    verifyMutation.mutate({ email, code });
  };

  const busy = verifyMutation.isPending;

  return (
    <form onSubmit={handleSubmit} noValidate>
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
        {formError ? <ErrorAlert message={formError} /> : null}
        <OtpInput
          label="Código de verificación"
          value={code}
          onChange={(next) => {
            setCode(next);
            setCodeError(null);
          }}
          error={codeError}
          disabled={busy}
          autoFocus
        />
        <Button type="submit" fullWidth disabled={busy} leftSection={busy ? <Loader size="xs" /> : null}>
          {busy ? 'Verificando...' : 'Verificar y continuar'}
        </Button>
        <Text size="sm" c="gray.7" ta="center">
          ¿No llegó el código?{' '}
          <Anchor size="sm" underline="always" renderRoot={(props) => <Link to="/login" {...props} />}>
            Vuelve a iniciar sesión
          </Anchor>{' '}
          para recibir otro.
        </Text>
        <Anchor size="sm" ta="center" renderRoot={(props) => <Link to="/login" {...props} />}>
          Volver al inicio de sesión
        </Anchor>
      </Stack>
    </form>
  );
}
