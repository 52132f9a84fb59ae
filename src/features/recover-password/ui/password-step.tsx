import { Stack, Text } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useMutation } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { errorMessage, formFieldErrors } from '@/shared/api';
import { MIN_PASSWORD_LENGTH } from '@/shared/config';
import { AuthSubmitButton } from '@/shared/ui/auth-form';
import { ErrorAlert } from '@/shared/ui/error-alert';
import { PasswordInput } from '@/shared/ui/password-input';
import { resetPassword } from '../api/recovery';
import { ERROR_ALERT_ATTRIBUTE, useFocusAfterError } from '../lib/use-focus-after-error';

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

  const formRef = useRef<HTMLFormElement>(null);
  const passwordRef = useRef<HTMLInputElement>(null);
  const focusError = useFocusAfterError(formRef);

  useEffect(() => {
    // The code was accepted: the new password is what is left to type.
    passwordRef.current?.focus();
  }, []);

  const resetMutation = useMutation({
    mutationFn: resetPassword,
    onSuccess: onSaved,
    onError: (error) => {
      form.setErrors(formFieldErrors(error));
      focusError();
    },
  });

  const busy = resetMutation.isPending;

  return (
    <form
      ref={formRef}
      onSubmit={form.onSubmit(
        (values) => resetMutation.mutate({ email, reset_token: resetToken, ...values }),
        () => {
          resetMutation.reset();
          focusError();
        },
      )}
      noValidate
    >
      <Stack gap="md">
        <Text size="sm" c="dimmed">
          Elige una contraseña nueva de al menos {MIN_PASSWORD_LENGTH} caracteres.
        </Text>
        {resetMutation.error ? (
          <div tabIndex={-1} {...{ [ERROR_ALERT_ATTRIBUTE]: true }}>
            <ErrorAlert error={resetMutation.error} message={errorMessage(resetMutation.error, 'No se pudo actualizar la contraseña')} />
          </div>
        ) : null}
        <PasswordInput label="Nueva contraseña" autoComplete="new-password" ref={passwordRef} disabled={busy} {...form.getInputProps('password')} />
        <PasswordInput label="Confirmar contraseña" autoComplete="new-password" disabled={busy} {...form.getInputProps('password_confirmation')} />
        <AuthSubmitButton busy={busy} busyLabel="Guardando...">
          Guardar contraseña
        </AuthSubmitButton>
      </Stack>
    </form>
  );
}
