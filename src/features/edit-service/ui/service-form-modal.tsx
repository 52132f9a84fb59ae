import { Checkbox, NumberInput, SimpleGrid, Stack, Switch, TextInput, Textarea } from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import { EVENT_PERIODS, EVENT_PERIOD_LABELS } from '@contract/service.constants';
import { campaignQueries, type Campaign } from '@/entities/campaign';
import { SERVICE_FALLBACKS, createService, serviceQueries, updateService, type EventPeriod, type Service, type ServicePayload } from '@/entities/service';
import type { ConflictFields, ConflictOption } from '@/shared/lib/record-conflict';
import { useSaveMutation } from '@/shared/lib/use-save-mutation';
import { FormModal, SaveFormBody } from '@/shared/ui/form-modal';
import { ImageInput, formFileProps } from '@/shared/ui/file-input';
import { Select } from '@/shared/ui/select';
import { initialServiceFormValues, serviceFormSchema, toServicePayload, type ServiceFormValues } from '../model/service-form';

export interface ServiceFormModalProps {
  opened: boolean;
  onClose: () => void;
  /** The campaign whose plans and categories the form offers. */
  campaign: Campaign;
  /** The service to edit; null creates a new one. */
  service: Service | null;
  /** The plan chosen on the page, pre-filled on create. */
  planId: number | null;
}

/** 'Nuevo Servicio' / 'Editar Servicio' */
/** What the conflict dialog compares (the image being chosen is the person's alone). */
const serviceConflictFields = (plans: readonly ConflictOption[], categories: readonly ConflictOption[]): ConflictFields<ServiceFormValues> => ({
  plan_id: { label: 'Plan', options: plans },
  name: 'Nombre',
  description: 'Descripción',
  coverage_amount: 'Cobertura',
  unlimited_coverage: 'Cobertura ilimitada',
  event_limit: 'Límite de eventos',
  unlimited_events: 'Eventos ilimitados',
  event_period: { label: 'Periodo de eventos', options: PERIOD_OPTIONS },
  category_id: { label: 'Categoría', options: categories },
  apolo_code_ref: 'Código Apolo',
  inclusions: 'Inclusiones',
  exclusions: 'Exclusiones',
  is_active: 'Activo',
  meta: 'Metadatos',
});

export function ServiceFormModal({ opened, onClose, campaign, service, planId }: ServiceFormModalProps) {
  return (
    <FormModal opened={opened} onClose={onClose} title={service ? 'Editar Servicio' : 'Nuevo Servicio'}>
      <ServiceForm key={service?.id ?? `new-${planId ?? ''}`} campaign={campaign} service={service} planId={planId} onDone={onClose} />
    </FormModal>
  );
}

type ServiceFormProps = Omit<ServiceFormModalProps, 'opened' | 'onClose'> & { onDone: () => void };

const PERIOD_OPTIONS = EVENT_PERIODS.map((period) => ({ value: period, label: EVENT_PERIOD_LABELS[period] }));

function ServiceForm({ campaign, service, planId, onDone }: ServiceFormProps) {
  const editing = service !== null;
  const categories = campaign.categories ?? [];
  const form = useForm<ServiceFormValues>({
    mode: 'controlled',
    initialValues: initialServiceFormValues(service, planId),
    validate: schemaResolver(serviceFormSchema({ categoriesExist: categories.length > 0 }), { sync: true }),
  });

  const save = useSaveMutation({
    record: service,
    mutationFn: ({ plan, payload }: { plan: number; payload: ServicePayload }, version) =>
      service ? updateService(service.id, payload, version) : createService(plan, payload),
    // The campaign page reads its services (and the tab's count) from the campaign's detail.
    invalidate: [campaignQueries.details(), serviceQueries.all()],
    successMessage: editing ? 'Servicio actualizado.' : 'Servicio creado.',
    onSaved: onDone,
    onFieldErrors: form.setErrors,
  });

  // Ticking 'ilimitada/os' empties the number it replaces.
  const setUnlimited = (flag: 'unlimited_coverage' | 'unlimited_events', amount: 'coverage_amount' | 'event_limit', checked: boolean) => {
    form.setFieldValue(flag, checked);
    if (checked) {
      form.setFieldValue(amount, '');
      form.clearFieldError(amount);
    }
  };

  const planOptions = (campaign.plans ?? []).map((plan) => ({ value: String(plan.id), label: plan.name }));
  const categoryOptions = categories.map((category) => ({ value: String(category.id), label: category.name }));
  const busy = save.isPending;
  const { values } = form;

  return (
    <SaveFormBody
      form={form}
      save={save}
      conflict={{ values: (current) => initialServiceFormValues(current, planId), fields: serviceConflictFields(planOptions, categoryOptions) }}
      onValid={(submitted) => save.mutate({ plan: Number(submitted.plan_id), payload: toServicePayload(submitted, service) })}
      fallback={SERVICE_FALLBACKS.save}
      onCancel={onDone}
      submitLabel={editing ? 'Actualizar Servicio' : 'Crear Servicio'}
      busyLabel={editing ? 'Actualizando…' : 'Creando…'}
    >
      {editing ? (
        <TextInput
          label="Plan"
          value={planOptions.find((option) => option.value === values.plan_id)?.label ?? ''}
          description="El plan de un servicio no cambia."
          readOnly
          variant="filled"
          error={form.errors.plan_id}
        />
      ) : (
        <Select
          label="Plan"
          placeholder="Elige un plan"
          withAsterisk
          data={planOptions}
          disabled={busy}
          comboboxProps={{ withinPortal: true }}
          {...form.getInputProps('plan_id')}
        />
      )}
      <TextInput label="Nombre" withAsterisk autoComplete="off" data-autofocus disabled={busy} {...form.getInputProps('name')} />
      <Textarea label="Descripción" rows={2} resize="vertical" disabled={busy} {...form.getInputProps('description')} />
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
        <Stack gap={6}>
          <NumberInput
            label="Cobertura"
            placeholder={values.unlimited_coverage ? 'Ilimitada' : undefined}
            withAsterisk={!values.unlimited_coverage}
            min={0}
            step={0.01}
            decimalScale={2}
            allowNegative={false}
            thousandSeparator="."
            decimalSeparator=","
            prefix={campaign.currency ? `${campaign.currency} ` : undefined}
            hideControls
            disabled={busy || values.unlimited_coverage}
            {...form.getInputProps('coverage_amount')}
          />
          <Checkbox
            label="Cobertura ilimitada"
            disabled={busy}
            checked={values.unlimited_coverage}
            onChange={(event) => setUnlimited('unlimited_coverage', 'coverage_amount', event.currentTarget.checked)}
          />
        </Stack>
        <Stack gap={6}>
          <NumberInput
            label="Límite de eventos"
            placeholder={values.unlimited_events ? 'Ilimitados' : undefined}
            withAsterisk={!values.unlimited_events}
            min={0}
            allowDecimal={false}
            allowNegative={false}
            hideControls
            disabled={busy || values.unlimited_events}
            {...form.getInputProps('event_limit')}
          />
          <Checkbox
            label="Eventos ilimitados"
            disabled={busy}
            checked={values.unlimited_events}
            onChange={(event) => setUnlimited('unlimited_events', 'event_limit', event.currentTarget.checked)}
          />
        </Stack>
      </SimpleGrid>
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
        <Select
          label="Periodo de eventos"
          placeholder="Sin periodo"
          data={PERIOD_OPTIONS}
          clearable
          disabled={busy}
          comboboxProps={{ withinPortal: true }}
          {...form.getInputProps('event_period')}
          onChange={(value) => form.setFieldValue('event_period', value as EventPeriod | null)}
        />
        <Select
          label="Categoría"
          placeholder={categoryOptions.length > 0 ? 'Elige una categoría' : 'La campaña no tiene categorías'}
          withAsterisk={categoryOptions.length > 0}
          data={categoryOptions}
          disabled={busy || categoryOptions.length === 0}
          comboboxProps={{ withinPortal: true }}
          {...form.getInputProps('category_id')}
        />
      </SimpleGrid>
      <TextInput label="Código Apolo" autoComplete="off" disabled={busy} {...form.getInputProps('apolo_code_ref')} />
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
        <Textarea label="Inclusiones" description="Una por línea." rows={3} resize="vertical" disabled={busy} {...form.getInputProps('inclusions')} />
        <Textarea label="Exclusiones" description="Una por línea." rows={3} resize="vertical" disabled={busy} {...form.getInputProps('exclusions')} />
      </SimpleGrid>
      <Switch label="Activo" disabled={busy} {...form.getInputProps('is_active', { type: 'checkbox' })} />
      <Textarea
        label="Metadatos"
        description="Texto libre o JSON (si empieza con { o [ debe ser un JSON válido)."
        rows={3}
        resize="vertical"
        autosize={false}
        disabled={busy}
        styles={{ input: { fontFamily: 'var(--mantine-font-family-monospace)' } }}
        {...form.getInputProps('meta')}
      />
      <ImageInput label="Imagen" {...formFileProps(form, 'image')} currentUrl={service?.image_url} disabled={busy} />
    </SaveFormBody>
  );
}
