import { Button, Loader, PasswordInput, Stack, Text } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useMutation } from '@tanstack/react-query';
import { errorMessage, formFieldErrors } from '@/shared/api';
import { MIN_PASSWORD_LENGTH } from '@/shared/config';
import { ErrorAlert } from '@/shared/ui/error-alert';
import { resetPassword } from '../api/recovery';

const TOO_SHORT_MESSAGE = 'La nueva contraseña debe tener al menos 8 caracteres.';
const MISMATCH_MESSAGE = 'Las contraseñas no coinciden.';

interface PasswordStepProps {
  email: string;
  resetToken: string;
  onSaved: () => void;
}

export function PasswordStep({ email, resetToken, onSaved }: PasswordStepProps) {
  const form = useForm({
    mode: 'controlled',
    initialValues: { password: '', password_confirmation: '' },
    validate: {
      password: (value) => (value.length >= MIN_PASSWORD_LENGTH ? null : TOO_SHORT_MESSAGE),
      password_confirmation: (value, values) => (value === values.password ? null : MISMATCH_MESSAGE),
    },
  });

  const resetMutation = useMutation({
    mutationFn: resetPassword,
    onSuccess: onSaved,
    onError: (error) => form.setErrors(formFieldErrors(error)),
  });

  const busy = resetMutation.isPending;

  return (
    <form
      onSubmit={form.onSubmit(
        (values) => resetMutation.mutate({ email, reset_token: resetToken, ...values }),
        () => resetMutation.reset(),
      )}
      noValidate
    >
      <Stack gap="md">
        <Text size="sm" c="gray.7">
          Elige una contraseña nueva de al menos {MIN_PASSWORD_LENGTH} caracteres.
        </Text>
        {resetMutation.error ? (
          <ErrorAlert message={errorMessage(resetMutation.error, 'No se pudo actualizar la contraseña')} />
        ) : null}
        <PasswordInput
          label="Nueva contraseña"
          autoComplete="new-password"
          disabled={busy}
          {...form.getInputProps('password')}
        />
        <PasswordInput
          label="Confirmar contraseña"
          autoComplete="new-password"
          disabled={busy}
          {...form.getInputProps('password_confirmation')}
        />
        <Button type="submit" fullWidth disabled={busy} leftSection={busy ? <Loader size="xs" /> : null}>
          {busy ? 'Guardando...' : 'Guardar contraseña'}
        </Button>
      </Stack>
    </form>
  );
}
