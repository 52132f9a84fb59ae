import { TOTP_MESSAGES, totpDisableBody, type TotpDisableBody } from '@contract/account';
import { schemaResolver, useForm } from '@mantine/form';
import { TextInput } from '@mantine/core';
import { secondFactorQueries } from '@/entities/second-factor';
import { useSaveMutation } from '@/shared/lib/use-save-mutation';
import { FormModal, SaveFormBody } from '@/shared/ui/form-modal';
import { PasswordInput } from '@/shared/ui/password-input';
import { AUTHENTICATOR_FALLBACKS, disableApp } from '../api/authenticator-app';

export interface DisableAppModalProps {
  opened: boolean;
  onClose: () => void;
}

/** 'Desactivar aplicación de autenticación': the password and a current code of the app. */
export function DisableAppModal({ opened, onClose }: DisableAppModalProps) {
  return (
    <FormModal opened={opened} onClose={onClose} title="Desactivar aplicación de autenticación">
      <DisableAppForm onDone={onClose} />
    </FormModal>
  );
}

function DisableAppForm({ onDone }: { onDone: () => void }) {
  const form = useForm<TotpDisableBody>({
    mode: 'controlled',
    initialValues: { password: '', code: '' },
    validate: schemaResolver(totpDisableBody, { sync: true }),
  });
  const save = useSaveMutation({
    mutationFn: disableApp,
    invalidate: [secondFactorQueries.all()],
    successMessage: TOTP_MESSAGES.disabled,
    onSaved: onDone,
    onFieldErrors: form.setErrors,
  });
  return (
    <SaveFormBody
      form={form}
      save={save}
      onValid={(values) => save.mutate(values)}
      fallback={AUTHENTICATOR_FALLBACKS.disable}
      onCancel={onDone}
      submitLabel="Desactivar"
      busyLabel="Desactivando…"
    >
      <PasswordInput label="Contraseña" withAsterisk autoComplete="current-password" data-autofocus disabled={save.isPending} {...form.getInputProps('password')} />
      <TextInput
        label="Código de la aplicación"
        description="El código de 6 dígitos que muestra ahora tu aplicación."
        withAsterisk
        inputMode="numeric"
        autoComplete="one-time-code"
        maxLength={6}
        disabled={save.isPending}
        {...form.getInputProps('code')}
      />
    </SaveFormBody>
  );
}
