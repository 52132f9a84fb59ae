import { ActionIcon, Alert, Button, Fieldset, Group, SimpleGrid, Stack, Switch, Text, TextInput, Textarea, Tooltip } from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import { useState } from 'react';
import { CREDENTIAL_MASK } from '@contract/connector.constants';
import { CONNECTOR_DRIVERS, CONNECTOR_TYPES } from '@contract/dsp.constants';
import {
  CONNECTOR_DRIVER_LABELS,
  CONNECTOR_FALLBACKS,
  CONNECTOR_TYPE_LABELS,
  connectorQueries,
  createConnector,
  updateConnector,
  type Connector,
  type ConnectorDriver,
  type ConnectorPayload,
  type ConnectorType,
} from '@/entities/connector';
import type { DspPlanRef } from '@/entities/dsp';
import { EMPTY_VALUE, type ConflictFields, type ConflictOption } from '@/shared/lib/record-conflict';
import { useSaveMutation } from '@/shared/lib/use-save-mutation';
import { FormModal, SaveFormBody } from '@/shared/ui/form-modal';
import { IconTrash } from '@/shared/ui/icons';
import { JsonField } from '@/shared/ui/json-field';
import { Select } from '@/shared/ui/select';
import {
  DRIVER_SAMPLES,
  connectorFormSchema,
  emptyMappingRow,
  holdsMaskedCredential,
  initialConnectorFormValues,
  jsonEdited,
  toConnectorPayload,
  type ConnectorFormValues,
} from '../model/connector-form';

export interface ConnectorFormModalProps {
  opened: boolean;
  onClose: () => void;
  /** The DSP the connector belongs to. */
  dspId: number;
  /** The plans the DSP sells: the only ones a connector can map. */
  plans: DspPlanRef[];
  /** The connector to edit; null creates a new one. */
  connector: Connector | null;
}

/** 'Nuevo Conector' / 'Editar Conector' */
/** What the conflict dialog compares: the plan map as 'plan → external id' pairs. */
const connectorConflictFields = (plans: readonly ConflictOption[]): ConflictFields<ConnectorFormValues> => ({
  key: 'Key',
  driver: { label: 'Driver', options: DRIVER_OPTIONS },
  type: { label: 'Tipo', options: TYPE_OPTIONS },
  enabled: 'Activo',
  settings: 'Settings (JSON)',
  params: 'Params (JSON)',
  varification_policy: 'Política de verificación',
  plans: {
    label: 'Mapeo de planes',
    show: (rows) =>
      rows
        .filter((row) => row.plan_id !== null)
        .map((row) => `${plans.find((plan) => plan.value === row.plan_id)?.label ?? row.plan_id} → ${row.external_plan_id || '—'}`)
        .join(', ') || EMPTY_VALUE,
  },
});

export function ConnectorFormModal({ opened, onClose, dspId, plans, connector }: ConnectorFormModalProps) {
  return (
    <FormModal opened={opened} onClose={onClose} title={connector ? 'Editar Conector' : 'Nuevo Conector'}>
      <ConnectorForm key={connector?.id ?? 'new'} dspId={dspId} plans={plans} connector={connector} onDone={onClose} />
    </FormModal>
  );
}

type ConnectorFormProps = Omit<ConnectorFormModalProps, 'opened' | 'onClose'> & { onDone: () => void };

const DRIVER_OPTIONS = CONNECTOR_DRIVERS.map((driver) => ({ value: driver, label: CONNECTOR_DRIVER_LABELS[driver] }));
const TYPE_OPTIONS = CONNECTOR_TYPES.map((type) => ({ value: type, label: CONNECTOR_TYPE_LABELS[type] }));
const MASK_HINT = `Los valores ${CREDENTIAL_MASK} son credenciales guardadas: se conservan mientras no los reemplaces.`;
const monospace = { input: { fontFamily: 'var(--mantine-font-family-monospace)' } };

function ConnectorForm({ dspId, plans, connector, onDone }: ConnectorFormProps) {
  const editing = connector !== null;
  const form = useForm<ConnectorFormValues>({
    mode: 'controlled',
    initialValues: initialConnectorFormValues(connector),
    validate: schemaResolver(connectorFormSchema, { sync: true }),
    // Bad JSON is named as soon as the editor is left, never only painted red.
    validateInputOnBlur: ['settings', 'params'],
  });
  // A driver chosen over JSON the person wrote: its sample waits for their answer.
  const [pendingSample, setPendingSample] = useState<ConnectorDriver | null>(null);

  const save = useSaveMutation({
    record: connector,
    mutationFn: (payload: ConnectorPayload, version) => (connector ? updateConnector(connector.id, payload, version) : createConnector(dspId, payload)),
    detailKey: (saved) => connectorQueries.detail(saved.id).queryKey,
    invalidate: [connectorQueries.lists()],
    successMessage: editing ? 'Conector actualizado.' : 'Conector creado.',
    onSaved: onDone,
    onFieldErrors: form.setErrors,
  });

  const applySample = (driver: ConnectorDriver) => {
    form.setFieldValue('settings', DRIVER_SAMPLES[driver].settings);
    form.setFieldValue('params', DRIVER_SAMPLES[driver].params);
    // The messages follow the values just set (a sample is valid: they go).
    form.clearFieldError('settings');
    form.clearFieldError('params');
    setPendingSample(null);
  };

  // Another driver brings its sample settings and params, asking first when that would replace JSON the person wrote.
  const chooseDriver = (value: string | null) => {
    const driver = value as ConnectorDriver | null;
    const { values } = form;
    if (driver === values.driver) return;
    const edited = jsonEdited(values);
    form.setFieldValue('driver', driver);
    form.clearFieldError('driver');
    if (!driver) setPendingSample(null);
    else if (edited) setPendingSample(driver);
    else applySample(driver);
  };

  // A plan already mapped by the connector stays nameable even if the DSP no longer lists it.
  const planOptions = [
    ...plans.map((plan) => ({ value: String(plan.id), label: plan.name })),
    ...(connector?.plans ?? [])
      .filter((mapping) => !plans.some((plan) => plan.id === mapping.plan_id))
      .map((mapping) => ({ value: String(mapping.plan_id), label: mapping.name })),
  ];
  const busy = save.isPending;
  const { values } = form;
  const lastRow = values.plans.length === 1;

  return (
    <SaveFormBody
      form={form}
      save={save}
      conflict={{ values: initialConnectorFormValues, fields: connectorConflictFields(planOptions) }}
      onValid={(submitted) => save.mutate(toConnectorPayload(submitted))}
      fallback={CONNECTOR_FALLBACKS.save}
      onCancel={onDone}
      submitLabel={editing ? 'Actualizar Conector' : 'Crear Conector'}
      busyLabel={editing ? 'Actualizando…' : 'Creando…'}
    >
      <TextInput label="Key" withAsterisk autoComplete="off" data-autofocus disabled={busy} {...form.getInputProps('key')} />
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
        <Select
          label="Driver"
          placeholder="Elige un driver"
          withAsterisk
          data={DRIVER_OPTIONS}
          disabled={busy}
          comboboxProps={{ withinPortal: true }}
          {...form.getInputProps('driver')}
          onChange={chooseDriver}
        />
        <Select
          label="Tipo"
          placeholder="Elige un tipo"
          withAsterisk
          data={TYPE_OPTIONS}
          disabled={busy}
          comboboxProps={{ withinPortal: true }}
          {...form.getInputProps('type')}
          onChange={(value) => form.setFieldValue('type', value as ConnectorType | null)}
        />
      </SimpleGrid>
      <Switch label="Activo" disabled={busy} {...form.getInputProps('enabled', { type: 'checkbox' })} />
      {pendingSample ? (
        <Alert color="yellow" variant="light" title="¿Usar el ejemplo del nuevo driver?">
          <Stack gap="sm" align="flex-start">
            <Text size="sm">
              Cambiaste el driver a {CONNECTOR_DRIVER_LABELS[pendingSample]}. ¿Reemplazar settings y params por su ejemplo? Se perderá el JSON que
              escribiste.
            </Text>
            <Group gap="xs">
              <Button size="xs" color="yellow.9" onClick={() => applySample(pendingSample)}>
                Usar el ejemplo
              </Button>
              <Button size="xs" variant="default" onClick={() => setPendingSample(null)}>
                Conservar mi JSON
              </Button>
            </Group>
          </Stack>
        </Alert>
      ) : null}
      <JsonField
        label="Settings (JSON)"
        withAsterisk
        description={holdsMaskedCredential(values.settings) ? MASK_HINT : 'Un objeto JSON con la configuración de conexión.'}
        rows={7}
        disabled={busy}
        styles={monospace}
        {...form.getInputProps('settings')}
      />
      <JsonField
        label="Params (JSON)"
        withAsterisk={values.driver !== 'api'}
        description={
          holdsMaskedCredential(values.params)
            ? MASK_HINT
            : values.driver === 'api'
              ? 'Opcional con driver api: vacío se envía como {}.'
              : 'Un objeto JSON; obligatorio con driver database.'
        }
        rows={5}
        disabled={busy}
        styles={monospace}
        {...form.getInputProps('params')}
      />
      <Textarea
        label="Política de verificación"
        description="Texto libre (varification_policy)."
        rows={2}
        resize="vertical"
        disabled={busy}
        {...form.getInputProps('varification_policy')}
      />
      <Fieldset legend="Mapeo de planes" variant="unstyled">
        <Stack gap="sm">
          <Text size="sm" c="dimmed">
            Cada plan de la DSP con su identificador en el sistema del conector (external_plan_id).
          </Text>
          {values.plans.map((row, index) => {
            const number = index + 1;
            const planError = form.errors[`plans.${index}.plan_id`] ?? (index === 0 ? form.errors.plans : undefined);
            return (
              <Group key={form.key(`plans.${index}`)} gap="xs" align="flex-start" wrap="nowrap">
                <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="xs" style={{ flexGrow: 1 }}>
                  <Select
                    label={`Plan del mapeo ${number}`}
                    placeholder="Elige un plan"
                    data={planOptions}
                    disabled={busy}
                    comboboxProps={{ withinPortal: true }}
                    {...form.getInputProps(`plans.${index}.plan_id`)}
                    error={planError}
                  />
                  <TextInput
                    label={`external_plan_id del mapeo ${number}`}
                    autoComplete="off"
                    disabled={busy}
                    {...form.getInputProps(`plans.${index}.external_plan_id`)}
                  />
                </SimpleGrid>
                <Tooltip label="Quitar mapeo" disabled={lastRow}>
                  <ActionIcon
                    variant="subtle"
                    color="red"
                    mt={26}
                    aria-label={`Quitar mapeo ${number}`}
                    disabled={busy || lastRow}
                    onClick={() => form.removeListItem('plans', index)}
                  >
                    <IconTrash size={16} />
                  </ActionIcon>
                </Tooltip>
              </Group>
            );
          })}
          <Button variant="default" size="xs" style={{ alignSelf: 'flex-start' }} disabled={busy} onClick={() => form.insertListItem('plans', emptyMappingRow())}>
            Agregar mapeo
          </Button>
        </Stack>
      </Fieldset>
    </SaveFormBody>
  );
}
