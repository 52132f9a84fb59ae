import { SimpleGrid, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useQuery } from '@tanstack/react-query';
import { MIN_PASSWORD_LENGTH } from '@contract/auth.constants';
import { useMemo, useState } from 'react';
import {
  CUSTOMER_FALLBACKS,
  createCustomer,
  customerQueries,
  updateCustomer,
  type Customer,
  type CustomerPayload,
} from '@/entities/customer';
import { errorMessage } from '@/shared/api';
import type { ConflictFields, ConflictOption } from '@/shared/lib/record-conflict';
import { useSaveMutation } from '@/shared/lib/use-save-mutation';
import { FormModal, SaveFormBody } from '@/shared/ui/form-modal';
import { MultiSelect } from '@/shared/ui/multi-select';
import { PasswordInput } from '@/shared/ui/password-input';
import {
  customerFieldErrors,
  incompleteMessage,
  initialCustomerFormValues,
  toCustomerPayload,
  validateCustomerForm,
  type CustomerFormValues,
} from '../model/customer-form';

export interface CustomerFormModalProps {
  opened: boolean;
  onClose: () => void;
  /** The DSP the customer belongs to: its plans are the ones offered. */
  dspId: number;
  /** The customer to edit; null creates a new one. */
  customer: Customer | null;
}

/** 'Nuevo Cliente' / 'Editar Cliente' */
/** What the conflict dialog compares (a password is never read back). */
const customerConflictFields = (plans: readonly ConflictOption[]): ConflictFields<CustomerFormValues> => ({
  dni: 'DNI',
  name: 'Nombre completo',
  email: 'Email',
  phone: 'Teléfono',
  address: 'Dirección',
  city: 'Ciudad',
  plan_id: { label: 'Planes', options: plans },
});

export function CustomerFormModal({ opened, onClose, dspId, customer }: CustomerFormModalProps) {
  return (
    <FormModal opened={opened} onClose={onClose} title={customer ? 'Editar Cliente' : 'Nuevo Cliente'}>
      <CustomerForm key={customer?.id ?? 'new'} dspId={dspId} customer={customer} onDone={onClose} />
    </FormModal>
  );
}

type CustomerFormProps = Omit<CustomerFormModalProps, 'opened' | 'onClose'> & { onDone: () => void };

function CustomerForm({ dspId, customer, onDone }: CustomerFormProps) {
  const editing = customer !== null;
  // The notice of a save refused before sending because a required field is empty.
  const [incomplete, setIncomplete] = useState<string | null>(null);
  const form = useForm<CustomerFormValues>({
    mode: 'controlled',
    initialValues: initialCustomerFormValues(customer),
    validate: (values) => validateCustomerForm(values, editing),
    validateInputOnBlur: true,
    onValuesChange: (values) => setIncomplete((current) => (current ? incompleteMessage(values, editing) : null)),
  });

  const dspPlans = useQuery(customerQueries.dspPlans(dspId));
  const planOptions = useMemo(() => {
    const options = (dspPlans.data?.plans ?? []).map((plan) => ({ value: String(plan.id), label: plan.name }));
    // A plan the customer holds stays visible (and removable) even if the DSP no longer sells it.
    for (const entitlement of customer?.entitlements ?? []) {
      const plan = entitlement.plan;
      if (plan && customer?.plan_id.includes(plan.id) && !options.some((option) => option.value === String(plan.id))) {
        options.push({ value: String(plan.id), label: plan.name });
      }
    }
    for (const id of customer?.plan_id ?? []) {
      if (!options.some((option) => option.value === String(id))) options.push({ value: String(id), label: `Plan ${id}` });
    }
    return options;
  }, [dspPlans.data, customer]);

  const save = useSaveMutation({
    record: customer,
    mutationFn: (payload: CustomerPayload, version) => (customer ? updateCustomer(customer.id, payload, version) : createCustomer(dspId, payload)),
    detailKey: (saved) => customerQueries.detail(saved.id).queryKey,
    invalidate: (saved) => [customerQueries.lists(), customerQueries.detail(saved.id).queryKey],
    successMessage: editing ? 'Cliente actualizado.' : 'Cliente creado.',
    onSaved: onDone,
    onFieldErrors: form.setErrors,
    fieldErrors: customerFieldErrors,
  });

  const busy = save.isPending;
  const plansLoadError = dspPlans.error ? errorMessage(dspPlans.error, CUSTOMER_FALLBACKS.plans) : undefined;

  return (
    <SaveFormBody
      form={form}
      save={save}
      conflict={{ values: initialCustomerFormValues, fields: customerConflictFields(planOptions) }}
      onValid={(values) => {
        setIncomplete(null);
        save.mutate(toCustomerPayload(values, editing));
      }}
      onInvalid={() => setIncomplete(incompleteMessage(form.getValues(), editing))}
      notice={incomplete}
      fallback={CUSTOMER_FALLBACKS.save}
      fieldErrors={customerFieldErrors}
      onCancel={onDone}
      submitLabel={editing ? 'Actualizar Cliente' : 'Crear Cliente'}
      busyLabel="Guardando…"
    >
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
        <TextInput label="DNI" withAsterisk autoComplete="off" data-autofocus disabled={busy} {...form.getInputProps('dni')} />
        <TextInput label="Nombre completo" withAsterisk autoComplete="off" disabled={busy} {...form.getInputProps('name')} />
        <TextInput label="Email" type="email" withAsterisk autoComplete="off" disabled={busy} {...form.getInputProps('email')} />
        <TextInput label="Teléfono" type="tel" autoComplete="off" disabled={busy} {...form.getInputProps('phone')} />
        <TextInput label="Dirección" autoComplete="off" disabled={busy} {...form.getInputProps('address')} />
        <TextInput label="Ciudad" autoComplete="off" disabled={busy} {...form.getInputProps('city')} />
      </SimpleGrid>
      <MultiSelect
        label="Planes"
        withAsterisk
        placeholder={dspPlans.isPending ? 'Cargando planes...' : 'Selecciona los planes'}
        description={plansLoadError || form.errors.plan_id ? undefined : 'Al menos un plan de los que vende la DSP.'}
        data={planOptions}
        searchable
        nothingFoundMessage="Ningún plan coincide"
        disabled={busy || dspPlans.isPending}
        comboboxProps={{ withinPortal: true }}
        {...form.getInputProps('plan_id')}
        error={form.errors.plan_id ?? plansLoadError}
      />
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
        <PasswordInput
          label="Contraseña"
          withAsterisk={!editing}
          description={editing ? 'Déjala vacía para mantener la contraseña actual.' : `Al menos ${MIN_PASSWORD_LENGTH} caracteres.`}
          autoComplete="new-password"
          disabled={busy}
          {...form.getInputProps('password')}
        />
        <PasswordInput
          label="Confirmar contraseña"
          withAsterisk={!editing}
          // Beside the password, with a line of its own so both boxes stay level.
          description={editing ? 'Solo si cambias la contraseña.' : 'Repite la contraseña.'}
          autoComplete="new-password"
          disabled={busy}
          {...form.getInputProps('password_confirmation')}
        />
      </SimpleGrid>
    </SaveFormBody>
  );
}
