import { SUPER_ADMIN_ROLE } from '@contract/role.constants';
import { SimpleGrid, TextInput } from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import { useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { COUNTRIES_FALLBACK, countryQueries, countrySelectData } from '@/entities/country';
import { ROLES_FALLBACK, roleQueries } from '@/entities/role';
import { USER_FALLBACKS, createUser, updateUser, userQueries, type User, type UserPayload } from '@/entities/user';
import { errorMessage, formFieldErrors } from '@/shared/api';
import type { ConflictFields, ConflictOption } from '@/shared/lib/record-conflict';
import { useOptionsWhileOpen } from '@/shared/lib/use-options-while-open';
import { useSaveMutation } from '@/shared/lib/use-save-mutation';
import { FormModal, SaveFormBody } from '@/shared/ui/form-modal';
import { PasswordInput } from '@/shared/ui/password-input';
import { MultiSelect } from '@/shared/ui/multi-select';
import { Select } from '@/shared/ui/select';
import { SecondFactorReset } from './second-factor-reset';
import {
  createUserFormSchema,
  editUserFormSchema,
  initialUserFormValues,
  toUserPayload,
  type UserFormValues,
} from '../model/user-form';

export interface UserFormModalProps {
  opened: boolean;
  onClose: () => void;
  /** The user to edit; null creates a new one. */
  user: User | null;
  /** The signed-in person's id: nobody deactivates themselves. */
  currentUserId?: number;
}

/** 'Nuevo Usuario' / 'Editar Usuario' */
/** What the conflict dialog compares (a password is never read back). */
const userConflictFields = (roles: readonly ConflictOption[], countries: readonly ConflictOption[]): ConflictFields<UserFormValues> => ({
  dni: 'DNI',
  name: 'Nombre completo',
  email: 'Email',
  phone: 'Teléfono',
  roles: { label: 'Roles', options: roles },
  status: { label: 'Estado', show: (status) => (status === 'active' ? 'Activo' : 'Inactivo') },
  country_id: { label: 'País', options: countries },
});

export function UserFormModal({ opened, onClose, user, currentUserId }: UserFormModalProps) {
  return (
    <FormModal opened={opened} onClose={onClose} title={user ? 'Editar Usuario' : 'Nuevo Usuario'}>
      <UserForm key={user?.id ?? 'new'} user={user} onDone={onClose} isSelf={user !== null && user.id === currentUserId} />
      {/* Outside the form: its own action, not part of the save (and its confirmation's submit must not reach the form). */}
      {user ? <SecondFactorReset key={user.id} user={user} /> : null}
    </FormModal>
  );
}

interface UserFormProps {
  user: User | null;
  onDone: () => void;
  isSelf: boolean;
}

const fieldErrorsOf = (error: unknown) => formFieldErrors(error, { rename: { is_active: 'status' } });

function UserForm({ user, onDone, isSelf }: UserFormProps) {
  const editing = user !== null;
  const roles = useQuery(roleQueries.list());
  const countries = useQuery(countryQueries.options());

  const form = useForm<UserFormValues>({
    mode: 'controlled',
    initialValues: initialUserFormValues(user),
    validate: schemaResolver(editing ? editUserFormSchema : createUserFormSchema, { sync: true }),
  });

  const save = useSaveMutation({
    record: user,
    mutationFn: (payload: UserPayload, version) => (user ? updateUser(user.id, payload, version) : createUser(payload)),
    detailKey: (saved) => userQueries.detail(saved.id).queryKey,
    invalidate: [userQueries.lists()],
    successMessage: editing ? 'Usuario actualizado.' : 'Usuario creado.',
    onSaved: onDone,
    onFieldErrors: form.setErrors,
    fieldErrors: fieldErrorsOf,
  });

  // The super admin role is not handed out here; a user who already has it keeps it.
  const roleOptions = useMemo(() => {
    const keepsSuperAdmin = user?.roles.some((role) => role.slug === SUPER_ADMIN_ROLE) ?? false;
    return (roles.data?.data ?? [])
      .filter((role) => role.slug !== SUPER_ADMIN_ROLE || keepsSuperAdmin)
      .map((role) => ({ value: role.slug, label: role.name }));
  }, [roles.data, user]);

  const countryOptions = useMemo(() => countrySelectData(countries.data), [countries.data]);
  const countrySelect = useOptionsWhileOpen(countryOptions, form.values.country_id);

  const busy = save.isPending;

  return (
    <SaveFormBody
      form={form}
      save={save}
      conflict={{ values: initialUserFormValues, fields: userConflictFields(roleOptions, countryOptions) }}
      onValid={(values) => save.mutate(toUserPayload(values))}
      fallback={editing ? USER_FALLBACKS.update : USER_FALLBACKS.create}
      fieldErrors={fieldErrorsOf}
      onCancel={onDone}
      submitLabel={editing ? 'Actualizar Usuario' : 'Crear Usuario'}
      busyLabel={editing ? 'Actualizando…' : 'Creando…'}
    >
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
        <TextInput label="DNI" withAsterisk autoComplete="off" data-autofocus disabled={busy} {...form.getInputProps('dni')} />
        <TextInput label="Nombre completo" withAsterisk autoComplete="off" disabled={busy} {...form.getInputProps('name')} />
        <TextInput label="Email" type="email" withAsterisk autoComplete="off" disabled={busy} {...form.getInputProps('email')} />
        <TextInput label="Teléfono" type="tel" withAsterisk autoComplete="off" disabled={busy} {...form.getInputProps('phone')} />
      </SimpleGrid>
      <PasswordInput
        label="Contraseña"
        withAsterisk={!editing}
        description={editing ? 'Déjala vacía para mantener la contraseña actual.' : 'Al menos 8 caracteres.'}
        autoComplete="new-password"
        disabled={busy}
        {...form.getInputProps('password')}
      />
      <MultiSelect
        label="Roles"
        withAsterisk
        placeholder={roles.isPending ? 'Cargando roles...' : 'Selecciona los roles'}
        data={roleOptions}
        disabled={busy || roles.isPending}
        {...form.getInputProps('roles')}
        error={form.errors.roles ?? (roles.error ? errorMessage(roles.error, ROLES_FALLBACK) : undefined)}
        comboboxProps={{ withinPortal: true }}
      />
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
        <Select
          label="Estado"
          data={[
            { value: 'active', label: 'Activo' },
            { value: 'inactive', label: 'Inactivo' },
          ]}
          allowDeselect={false}
          disabled={busy || isSelf}
          description={isSelf ? 'No puedes desactivar tu propia cuenta.' : undefined}
          {...form.getInputProps('status')}
        />
        <Select
          label="País"
          placeholder={countries.isPending ? 'Cargando países...' : 'Selecciona un país'}
          {...countrySelect}
          searchable
          clearable
          nothingFoundMessage="Ningún país coincide"
          disabled={busy || countries.isPending}
          {...form.getInputProps('country_id')}
          error={form.errors.country_id ?? (countries.error ? errorMessage(countries.error, COUNTRIES_FALLBACK) : undefined)}
        />
      </SimpleGrid>
    </SaveFormBody>
  );
}
