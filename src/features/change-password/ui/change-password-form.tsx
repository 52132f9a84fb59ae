import { ACCOUNT_MESSAGES } from '@contract/account';
import { Button, Group, Stack } from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import { accountSessionQueries } from '@/entities/account-session';
import { errorMessage, formFieldErrors } from '@/shared/api';
import { useSaveMutation } from '@/shared/lib/use-save-mutation';
import { MIN_PASSWORD_LENGTH } from '@/shared/config';
import { ErrorAlert } from '@/shared/ui/error-alert';
import { PasswordInput } from '@/shared/ui/password-input';
import { CHANGE_PASSWORD_FALLBACK, changePassword } from '../api/change-password';
import { changePasswordFormSchema, emptyChangePasswordForm, type ChangePasswordFormValues } from '../model/change-password-form';

/**
 * 'Cambiar contraseña' for the signed-in person: asks for the current password, checks the
 * contract's rules before sending, and puts the server's refusals (wrong current password, a
 * common password, the e-mail or DNI) under their fields.
 */
export function ChangePasswordForm() {
  const form = useForm<ChangePasswordFormValues>({
    mode: 'controlled',
    initialValues: emptyChangePasswordForm,
    validate: schemaResolver(changePasswordFormSchema, { sync: true }),
  });

  const save = useSaveMutation({
    mutationFn: changePassword,
    // The server ended every other session: the list changed.
    invalidate: [accountSessionQueries.lists()],
    successMessage: ACCOUNT_MESSAGES.passwordChanged,
    onSaved: () => form.reset(),
    onFieldErrors: form.setErrors,
  });

  const handleSubmit = form.onSubmit(
    (values) => save.mutate(values),
    // A previous refusal no longer describes what is in the form.
    () => save.reset(),
  );

  const busy = save.isPending;
  // A refusal that names fields shows under them; only one that names none needs the alert.
  const unplacedError = save.error && Object.keys(formFieldErrors(save.error)).length === 0 ? save.error : null;

  return (
    <form onSubmit={handleSubmit} noValidate>
      <Stack gap="md">
        {unplacedError ? <ErrorAlert error={unplacedError} message={errorMessage(unplacedError, CHANGE_PASSWORD_FALLBACK)} /> : null}
        <PasswordInput label="Contraseña actual" withAsterisk autoComplete="current-password" disabled={busy} {...form.getInputProps('current_password')} />
        <PasswordInput
          label="Nueva contraseña"
          withAsterisk
          description={`Al menos ${MIN_PASSWORD_LENGTH} caracteres. No uses una contraseña común, tu email ni tu DNI.`}
          autoComplete="new-password"
          disabled={busy}
          {...form.getInputProps('password')}
        />
        <PasswordInput label="Confirmar nueva contraseña" withAsterisk autoComplete="new-password" disabled={busy} {...form.getInputProps('password_confirmation')} />
        <Group justify="flex-end">
          <Button type="submit" disabled={busy}>
            {busy ? 'Guardando…' : 'Cambiar contraseña'}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
