import type { LoginBody } from '@contract/auth';
import { Alert, Anchor, Button, Group, Loader, PasswordInput, Stack, TextInput } from '@mantine/core';
import { isNotEmpty, useForm } from '@mantine/form';
import { useMutation } from '@tanstack/react-query';
import { Link, useNavigate } from '@tanstack/react-router';
import { errorMessage, formFieldErrors } from '@/shared/api';
import { useSessionStore } from '@/shared/auth';
import { ErrorAlert } from '@/shared/ui/error-alert';
import { SIGN_IN_FALLBACK, signIn } from '../api/sign-in';

const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** E-mail and password; when accepted, a one-time code is on its way and the code screen opens. */
export function SignInForm() {
  const navigate = useNavigate();
  const notice = useSessionStore((state) => state.notice);
  const clearNotice = useSessionStore((state) => state.clearNotice);
  const codeSent = useSessionStore((state) => state.codeSent);

  const form = useForm<LoginBody>({
    mode: 'controlled',
    initialValues: { email: '', password: '' },
    // The same rules and messages as the contract's loginBody, without loading zod on /login.
    validate: {
      email: (value) => (!value.trim() ? 'El email es requerido' : EMAIL_PATTERN.test(value.trim()) ? null : 'El email no es válido'),
      password: isNotEmpty('La contraseña es requerida'),
    },
  });

  const signInMutation = useMutation({
    mutationFn: signIn,
    onSuccess: (_data, { email }) => {
      const address = email.trim();
      codeSent(address);
      void navigate({ to: '/otp', search: { email: address } });
    },
    onError: (error) => {
      form.setErrors(formFieldErrors(error));
    },
  });

  const handleSubmit = form.onSubmit(
    (values) => {
      clearNotice();
      signInMutation.mutate(values);
    },
    // A previous refusal no longer describes what is in the form.
    () => signInMutation.reset(),
  );

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
          {...form.getInputProps('email')}
        />
        <PasswordInput
          label="Contraseña"
          autoComplete="current-password"
          disabled={busy}
          {...form.getInputProps('password')}
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
