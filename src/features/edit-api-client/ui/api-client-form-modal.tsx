import { Alert, Button, Checkbox, Group, NumberInput, SimpleGrid, Stack, Switch, Text, TextInput, Textarea } from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import { useEffect, useRef, useState } from 'react';
import { API_CLIENT_ANSWERS, API_CLIENT_TYPES, MIN_CLIENT_SECRET, RATE_LIMIT_PERIODS } from '@contract/api-client';
import {
  API_CLIENT_FALLBACKS,
  RATE_LIMIT_PERIOD_LABELS,
  formatRateLimit,
  apiClientQueries,
  createApiClient,
  updateApiClient,
  type ApiClient,
  type ApiClientPayload,
  type ApiClientType,
  type RateLimitPeriod,
} from '@/entities/api-client';
import { formFieldErrors } from '@/shared/api';
import { EMPTY_VALUE, type ConflictFields } from '@/shared/lib/record-conflict';
import { useSaveMutation } from '@/shared/lib/use-save-mutation';
import { FormModal, SaveFormBody } from '@/shared/ui/form-modal';
import { PasswordInput } from '@/shared/ui/password-input';
import { Select } from '@/shared/ui/select';
import { apiClientFormSchema, initialApiClientFormValues, toApiClientPayload, type ApiClientFormValues } from '../model/api-client-form';
import { SecretOnceDialog, type RevealedSecret } from './secret-once-dialog';

export interface ApiClientFormModalProps {
  opened: boolean;
  onClose: () => void;
  /** The DSP a new client belongs to. */
  dspId: number;
  /** The client to edit; null creates a new one. */
  client: ApiClient | null;
}

/**
 * 'Nuevo Cliente API' / 'Editar Cliente API', then, when the answer carries a secret (a new
 * client, or a new secret generated), the dialog that shows it once.
 */
/** What the conflict dialog compares (a secret is never read back). */
const apiClientConflictFields: ConflictFields<ApiClientFormValues> = {
  name: 'Nombre',
  client_id: 'client_id',
  base_url: 'URL base',
  type: 'Tipo',
  enabled: 'Activo',
  scopes: { label: 'Scopes', show: (text) => text.split(/[\n,]+/).map((entry) => entry.trim()).filter(Boolean).join(', ') || EMPTY_VALUE },
  ip_whitelist: { label: 'IP permitidas', show: (text) => text.split(/[\n,]+/).map((entry) => entry.trim()).filter(Boolean).join(', ') || EMPTY_VALUE },
  rate_limit: {
    label: 'Límite de solicitudes',
    show: ({ max_requests: max, period }) => formatRateLimit(max === '' ? null : { max_requests: Number(max), period }),
  },
};

export function ApiClientFormModal({ opened, onClose, dspId, client }: ApiClientFormModalProps) {
  // The only place the secret lives, until 'Ya lo guardé'.
  const [revealed, setRevealed] = useState<RevealedSecret | null>(null);
  return (
    <>
      <FormModal opened={opened} onClose={onClose} title={client ? 'Editar Cliente API' : 'Nuevo Cliente API'}>
        <ApiClientForm key={client?.id ?? 'new'} dspId={dspId} client={client} onDone={onClose} onSecret={setRevealed} />
      </FormModal>
      <SecretOnceDialog revealed={revealed} onDone={() => setRevealed(null)} />
    </>
  );
}

type ApiClientFormProps = Omit<ApiClientFormModalProps, 'opened' | 'onClose'> & { onDone: () => void; onSecret: (revealed: RevealedSecret) => void };

const TYPE_OPTIONS = [...API_CLIENT_TYPES];
const PERIOD_OPTIONS = RATE_LIMIT_PERIODS.map((period) => ({ value: period, label: RATE_LIMIT_PERIOD_LABELS[period] }));
const FIELDS = ['name', 'base_url', 'client_id', 'client_secret', 'type', 'enabled', 'scopes', 'ip_whitelist', 'rate_limit.max_requests', 'rate_limit.period'];

// The server names the limit's parts `rate_limit.max_requests` / `.period`; both show under the max.
const fieldErrorsOf = (error: unknown) => formFieldErrors(error, { rename: { rate_limit: 'rate_limit.max_requests' } });

function ApiClientForm({ dspId, client, onDone, onSecret }: ApiClientFormProps) {
  const editing = client !== null;
  const form = useForm<ApiClientFormValues>({
    mode: 'controlled',
    initialValues: initialApiClientFormValues(client),
    validate: schemaResolver(apiClientFormSchema(editing), { sync: true }),
  });
  const [askingNewSecret, setAskingNewSecret] = useState(false);
  const confirmNewSecretRef = useRef<HTMLButtonElement>(null);
  const newSecretButtonRef = useRef<HTMLButtonElement>(null);

  useEffect(() => {
    if (askingNewSecret) confirmNewSecretRef.current?.focus();
  }, [askingNewSecret]);

  const save = useSaveMutation({
    record: client,
    mutationFn: async (payload: ApiClientPayload, version) => {
      const { client_secret: secret, ...saved } = client ? await updateApiClient(client.id, payload, version) : await createApiClient(dspId, payload);
      // Straight to its dialog: the mutation's answer, which TanStack Query keeps, never holds it.
      if (secret) onSecret({ name: saved.name, clientId: saved.client_id, secret });
      return saved;
    },
    // The sent payload (a typed secret with it) leaves the mutation cache as soon as the form closes.
    gcTime: 0,
    invalidate: [apiClientQueries.all()],
    successMessage: editing ? API_CLIENT_ANSWERS.updated : API_CLIENT_ANSWERS.created,
    onSaved: onDone,
    onFieldErrors: form.setErrors,
    fieldErrors: fieldErrorsOf,
  });

  const chooseGenerated = (generate: boolean) => {
    form.setFieldValue('generate_secret', generate);
    if (generate) {
      form.setFieldValue('client_secret', '');
      form.clearFieldError('client_secret');
    }
  };

  const confirmNewSecret = () => {
    chooseGenerated(true);
    setAskingNewSecret(false);
  };

  const keepSecret = () => {
    chooseGenerated(false);
    setAskingNewSecret(false);
    setTimeout(() => newSecretButtonRef.current?.focus(), 0);
  };

  const busy = save.isPending;
  const { values } = form;

  const secretDescription = editing
    ? 'Déjalo vacío para conservar el secreto guardado.'
    : values.generate_secret
      ? 'El servidor generará uno seguro y te lo mostrará una sola vez.'
      : `Al menos ${MIN_CLIENT_SECRET} caracteres. Se muestra una sola vez al guardar.`;

  return (
    <SaveFormBody
      form={form}
      save={save}
      conflict={{ values: initialApiClientFormValues, fields: apiClientConflictFields }}
      onValid={(submitted) => save.mutate(toApiClientPayload(submitted))}
      fallback={API_CLIENT_FALLBACKS.save}
      fieldErrors={fieldErrorsOf}
      fields={FIELDS}
      onCancel={onDone}
      submitLabel={editing ? 'Actualizar Cliente' : 'Crear Cliente'}
      busyLabel={editing ? 'Actualizando…' : 'Creando…'}
    >
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
        <TextInput label="Nombre" withAsterisk autoComplete="off" data-autofocus disabled={busy} {...form.getInputProps('name')} />
        <TextInput label="client_id" withAsterisk autoComplete="off" spellCheck={false} disabled={busy} {...form.getInputProps('client_id')} />
      </SimpleGrid>
      <TextInput
        label="URL base"
        placeholder="https://api.ejemplo.com"
        autoComplete="off"
        inputMode="url"
        disabled={busy}
        {...form.getInputProps('base_url')}
      />
      <Stack gap={6}>
        {values.generate_secret && editing ? (
          <Alert color="yellow" variant="light">
            <Group justify="space-between" gap="xs">
              <Text size="sm">Se generará un nuevo secreto al guardar; el actual dejará de servir.</Text>
              <Button size="xs" variant="default" onClick={keepSecret} disabled={busy}>
                No generar
              </Button>
            </Group>
          </Alert>
        ) : (
          <PasswordInput
            label="client_secret"
            withAsterisk={!editing && !values.generate_secret}
            description={secretDescription}
            autoComplete="new-password"
            disabled={busy || values.generate_secret}
            {...form.getInputProps('client_secret')}
          />
        )}
        {editing ? (
          askingNewSecret ? (
            <Alert color="yellow" variant="light" role="group" aria-label="Confirmar nuevo secreto">
              <Stack gap="xs">
                <Text size="sm">¿Generar un nuevo secreto? El actual dejará de funcionar en cuanto guardes y el nuevo se mostrará una sola vez.</Text>
                <Group gap="xs">
                  <Button ref={confirmNewSecretRef} size="xs" color="yellow.9" onClick={confirmNewSecret}>
                    Sí, generar
                  </Button>
                  <Button size="xs" variant="default" onClick={keepSecret}>
                    No
                  </Button>
                </Group>
              </Stack>
            </Alert>
          ) : values.generate_secret ? null : (
            <Group>
              <Button ref={newSecretButtonRef} size="xs" variant="light" onClick={() => setAskingNewSecret(true)} disabled={busy}>
                Generar nuevo secreto
              </Button>
            </Group>
          )
        ) : (
          <Checkbox
            label="Generar secreto"
            disabled={busy}
            checked={values.generate_secret}
            onChange={(event) => chooseGenerated(event.currentTarget.checked)}
          />
        )}
      </Stack>
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
        <Select
          label="Tipo"
          data={TYPE_OPTIONS}
          allowDeselect={false}
          disabled={busy}
          comboboxProps={{ withinPortal: true }}
          {...form.getInputProps('type')}
          onChange={(value) => value && form.setFieldValue('type', value as ApiClientType)}
        />
        <Switch label="Activo" mt={{ sm: 'xl' }} disabled={busy} {...form.getInputProps('enabled', { type: 'checkbox' })} />
      </SimpleGrid>
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
        <Textarea
          label="Scopes"
          description="Separados por comas o uno por línea."
          rows={3}
          resize="vertical"
          disabled={busy}
          {...form.getInputProps('scopes')}
        />
        <Textarea
          label="IP permitidas"
          description="Direcciones IP o rangos CIDR, separados por comas o uno por línea."
          rows={3}
          resize="vertical"
          disabled={busy}
          {...form.getInputProps('ip_whitelist')}
        />
      </SimpleGrid>
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
        <NumberInput
          label="Máximo de solicitudes"
          description="Vacío: sin límite."
          min={0}
          allowDecimal={false}
          allowNegative={false}
          thousandSeparator="."
          decimalSeparator=","
          hideControls
          disabled={busy}
          {...form.getInputProps('rate_limit.max_requests')}
        />
        <Select
          label="Periodo"
          data={PERIOD_OPTIONS}
          allowDeselect={false}
          disabled={busy}
          comboboxProps={{ withinPortal: true }}
          {...form.getInputProps('rate_limit.period')}
          onChange={(value) => value && form.setFieldValue('rate_limit.period', value as RateLimitPeriod)}
        />
      </SimpleGrid>
    </SaveFormBody>
  );
}
