import type { LoginBody } from '@contract/auth';
import { Alert, Anchor, Button, Group, Loader, PasswordInput, Stack, TextInput } from '@mantine/core';
import { useMutation } from '@tanstack/react-query';
import { Link, useNavigate } from '@tanstack/react-router';
import { useState, type FormEvent } from 'react';
import { errorMessage, formFieldErrors } from '@/shared/api';
import { useSessionStore } from '@/shared/auth';
import { ErrorAlert } from '@/shared/ui/error-alert';
import { SIGN_IN_FALLBACK, signIn } from '../api/sign-in';

const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

type Field = keyof LoginBody;
type Errors = Partial<Record<Field, string>>;

// The same rules and messages as the contract's loginBody, without loading zod or a form library
// on /login (the page with the tightest bundle budget).
const validate = ({ email, password }: LoginBody): Errors => {
  const errors: Errors = {};
  if (!email.trim()) errors.email = 'El email es requerido';
  else if (!EMAIL_PATTERN.test(email.trim())) errors.email = 'El email no es válido';
  if (!password) errors.password = 'La contraseña es requerida';
  return errors;
};

/** E-mail and password; when accepted, a one-time code is on its way and the code screen opens. */
export function SignInForm() {
  const navigate = useNavigate();
  const notice = useSessionStore((state) => state.notice);
  const clearNotice = useSessionStore((state) => state.clearNotice);
  const codeSent = useSessionStore((state) => state.codeSent);

  const [values, setValues] = useState<LoginBody>({ email: '', password: '' });
  const [errors, setErrors] = useState<Errors>({});

  const signInMutation = useMutation({
    mutationFn: signIn,
    onSuccess: (_data, { email }) => {
      const address = email.trim();
      codeSent(address);
      void navigate({ to: '/otp', search: { email: address } });
    },
    onError: (error) => {
      const fields = formFieldErrors(error);
      setErrors({ email: fields.email, password: fields.password });
    },
  });

  const handleSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const found = validate(values);
    setErrors(found);
    if (Object.keys(found).length > 0) {
      // A previous refusal no longer describes what is in the form.
      signInMutation.reset();
      return;
    }
    clearNotice();
    signInMutation.mutate(values);
  };

  /** Props of one input: its value, and an error that goes away as soon as the person edits it. */
  const inputProps = (field: Field) => ({
    value: values[field],
    error: errors[field],
    onChange: (event: { currentTarget: HTMLInputElement }) => {
      const value = event.currentTarget.value;
      setValues((current) => ({ ...current, [field]: value }));
      setErrors((current) => ({ ...current, [field]: undefined }));
    },
  });

  const busy = signInMutation.isPending;
  const serverError = signInMutation.error;

  return (
    <form onSubmit={handleSubmit} noValidate>
      <Stack gap="md">
        {notice ? (
          <Alert color="yellow" variant="light" title="Aviso">
            {notice}
          </Alert>
        ) : null}
        {serverError ? <ErrorAlert message={errorMessage(serverError, SIGN_IN_FALLBACK)} /> : null}
        <TextInput
          label="Correo electrónico"
          type="email"
          autoComplete="username"
          placeholder="nombre@empresa.com"
          disabled={busy}
          {...inputProps('email')}
        />
        <PasswordInput
          label="Contraseña"
          autoComplete="current-password"
          disabled={busy}
          {...inputProps('password')}
        />
        <Group justify="flex-end">
          <Anchor size="sm" renderRoot={(props) => <Link to="/recover" {...props} />}>
            ¿Olvidaste tu contraseña?
          </Anchor>
        </Group>
        <Button type="submit" fullWidth disabled={busy} leftSection={busy ? <Loader size="xs" /> : null}>
          {busy ? 'Enviando código...' : 'Continuar'}
        </Button>
      </Stack>
    </form>
  );
}
