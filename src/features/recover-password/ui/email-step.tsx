import { recoveryRequestBody } from '@contract/auth';
import { Stack, Text } from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import { useMutation } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { errorMessage, formFieldErrors } from '@/shared/api';
import { AuthEmailInput, AuthSubmitButton } from '@/shared/ui/auth-form';
import { ErrorAlert } from '@/shared/ui/error-alert';
import { sendRecoveryCode } from '../api/recovery';
import { ERROR_ALERT_ATTRIBUTE, useFocusAfterError } from '../lib/use-focus-after-error';

interface EmailStepProps {
  /** The address typed before, when the person came back to this step. */
  initialEmail: string;
  onSent: (email: string) => void;
}

export function EmailStep({ initialEmail, onSent }: EmailStepProps) {
  const form = useForm({
    mode: 'controlled',
    initialValues: { email: initialEmail },
    validate: schemaResolver(recoveryRequestBody, { sync: true }),
  });

  const formRef = useRef<HTMLFormElement>(null);
  const emailRef = useRef<HTMLInputElement>(null);
  const focusError = useFocusAfterError(formRef);

  useEffect(() => {
    // Back from the code step: the arrow is gone, and the address is what may need correcting.
    if (initialEmail) emailRef.current?.focus();
  }, [initialEmail]);

  const sendMutation = useMutation({
    mutationFn: sendRecoveryCode,
    onSuccess: (_data, email) => onSent(email),
    onError: (error) => {
      form.setErrors(formFieldErrors(error));
      focusError();
    },
  });

  const busy = sendMutation.isPending;

  return (
    <form
      ref={formRef}
      onSubmit={form.onSubmit(
        ({ email }) => sendMutation.mutate(email.trim()),
        () => {
          sendMutation.reset();
          focusError();
        },
      )}
      noValidate
    >
      <Stack gap="md">
        <Text size="sm" c="dimmed">
          Escribe el correo de tu cuenta y te enviaremos un código de 6 dígitos para crear una contraseña nueva.
        </Text>
        {sendMutation.error ? (
          <div tabIndex={-1} {...{ [ERROR_ALERT_ATTRIBUTE]: true }}>
            <ErrorAlert error={sendMutation.error} message={errorMessage(sendMutation.error, 'No se pudo enviar el código')} />
          </div>
        ) : null}
        <AuthEmailInput ref={emailRef} disabled={busy} {...form.getInputProps('email')} />
        <AuthSubmitButton busy={busy} busyLabel="Enviando código...">
          Enviar código
        </AuthSubmitButton>
      </Stack>
    </form>
  );
}
