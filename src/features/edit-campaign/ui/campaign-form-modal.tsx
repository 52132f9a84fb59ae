import { NumberInput, SimpleGrid, TextInput, Textarea } from '@mantine/core';
import { DatePickerInput } from '@mantine/dates';
import { schemaResolver, useForm } from '@mantine/form';
import { useQuery } from '@tanstack/react-query';
import { countryQueries } from '@/entities/country';
import {
  CAMPAIGN_FALLBACKS,
  CAMPAIGN_FORM_STATUSES,
  CAMPAIGN_STATUS_LABELS,
  campaignQueries,
  createCampaign,
  updateCampaign,
  type Campaign,
  type CampaignPayload,
  type CampaignStatus,
} from '@/entities/campaign';
import { formatMoney } from '@/shared/lib';
import type { ConflictFields, ConflictOption } from '@/shared/lib/record-conflict';
import { useSaveMutation } from '@/shared/lib/use-save-mutation';
import { FormModal, SaveFormBody } from '@/shared/ui/form-modal';
import { IconCalendar } from '@/shared/ui/icons';
import { ImageInput, formFileProps } from '@/shared/ui/file-input';
import { Select } from '@/shared/ui/select';
import {
  campaignFormSchema,
  initialCampaignFormValues,
  toCampaignPayload,
  type CampaignFormValues,
  type CampaignOwner,
} from '../model/campaign-form';

export interface CampaignFormModalProps {
  opened: boolean;
  onClose: () => void;
  /** The sponsor the campaign belongs to (shown read-only); null while it loads. */
  sponsor: CampaignOwner | null;
  /** The campaign to edit; null creates a new one. */
  campaign: Campaign | null;
  onSaved?: (campaign: Campaign) => void;
}

/** 'Nueva Campaña' / 'Editar Campaña' */
const shownDate = (date: string | null) => (date ? date.split('-').reverse().join('/') : 'Sin fecha');

/** What the conflict dialog compares (the image being chosen is the person's alone). */
const campaignConflictFields = (statuses: readonly ConflictOption[], currency: string | null): ConflictFields<CampaignFormValues> => ({
  name: 'Nombre',
  description: 'Descripción',
  status: { label: 'Estado', options: statuses },
  start_date: { label: 'Fecha de inicio', show: shownDate },
  end_date: { label: 'Fecha de fin', show: shownDate },
  budget: { label: 'Presupuesto', show: (budget) => formatMoney(budget === '' ? null : budget, currency, 'Sin presupuesto') },
});

export function CampaignFormModal({ opened, onClose, sponsor, campaign, onSaved }: CampaignFormModalProps) {
  return (
    <FormModal opened={opened} onClose={onClose} title={campaign ? 'Editar Campaña' : 'Nueva Campaña'}>
      <CampaignForm key={campaign?.id ?? 'new'} sponsor={sponsor} campaign={campaign} onDone={onClose} onSaved={onSaved} />
    </FormModal>
  );
}

type CampaignFormProps = Omit<CampaignFormModalProps, 'opened' | 'onClose'> & { onDone: () => void };

const DATE_FORMAT = 'DD/MM/YYYY';

function CampaignForm({ sponsor, campaign, onDone, onSaved }: CampaignFormProps) {
  const editing = campaign !== null;
  const form = useForm<CampaignFormValues>({
    mode: 'controlled',
    initialValues: initialCampaignFormValues(campaign),
    validate: schemaResolver(campaignFormSchema, { sync: true }),
  });

  const save = useSaveMutation({
    record: campaign,
    mutationFn: (payload: CampaignPayload, version) => (campaign ? updateCampaign(campaign.id, payload, version) : createCampaign(payload)),
    invalidate: (saved) => [campaignQueries.lists(), campaignQueries.detail(saved.id).queryKey],
    successMessage: editing ? 'Campaña actualizada.' : 'Campaña creada.',
    onSaved: (saved) => {
      onSaved?.(saved);
      onDone();
    },
    onFieldErrors: form.setErrors,
  });

  // On edit the campaign keeps its own country; a new one takes its sponsor's.
  const country = campaign ? (campaign.country ?? null) : (sponsor?.country ?? null);
  const countryId = campaign?.country_id ?? sponsor?.country_id ?? null;
  const sponsorId = campaign?.sponsor_id ?? sponsor?.id ?? null;
  // The budget is in the country's currency: the campaign's own, or for a new one its country's.
  const newCountry = useQuery({ ...countryQueries.detail(countryId ?? 0), enabled: !campaign && countryId !== null });
  const currency = campaign ? campaign.currency : (newCountry.data?.currency ?? null);

  const statusOptions = [
    ...CAMPAIGN_FORM_STATUSES.map((status) => ({ value: status, label: CAMPAIGN_STATUS_LABELS[status] })),
    // PAUSED is shown, never offered: a paused campaign keeps it unless changed.
    ...(campaign?.status === 'PAUSED' ? [{ value: 'PAUSED', label: CAMPAIGN_STATUS_LABELS.PAUSED, disabled: true }] : []),
  ];

  const busy = save.isPending;
  const ready = form.values.name.trim() !== '' && sponsorId !== null && countryId !== null;

  return (
    <SaveFormBody
      form={form}
      save={save}
      conflict={{ values: initialCampaignFormValues, fields: campaignConflictFields(statusOptions, currency) }}
      onValid={(values) => {
        if (sponsorId === null || countryId === null) return;
        save.mutate(toCampaignPayload(values, sponsorId, countryId));
      }}
      fallback={editing ? CAMPAIGN_FALLBACKS.update : CAMPAIGN_FALLBACKS.create}
      onCancel={onDone}
      submitLabel={editing ? 'Actualizar Campaña' : 'Crear Campaña'}
      busyLabel={editing ? 'Actualizando…' : 'Creando…'}
      submitDisabled={!ready}
      submitDisabledReason={sponsorId === null || countryId === null ? 'Cargando el sponsor…' : 'Escribe el nombre de la campaña para guardarla.'}
    >
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
        <TextInput label="Sponsor" value={campaign?.sponsor?.name ?? sponsor?.name ?? ''} placeholder="Cargando..." readOnly variant="filled" />
        <TextInput label="País" value={country?.name ?? ''} placeholder="—" readOnly variant="filled" />
      </SimpleGrid>
      <TextInput label="Nombre" withAsterisk autoComplete="off" data-autofocus disabled={busy} {...form.getInputProps('name')} />
      <ImageInput label="Imagen" {...formFileProps(form, 'image')} currentUrl={campaign?.image_url} disabled={busy} />
      <Textarea label="Descripción" rows={4} resize="vertical" disabled={busy} {...form.getInputProps('description')} />
      <Select
        label="Estado"
        data={statusOptions}
        allowDeselect={false}
        disabled={busy}
        comboboxProps={{ withinPortal: true }}
        {...form.getInputProps('status')}
        onChange={(value) => value && form.setFieldValue('status', value as CampaignStatus)}
      />
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
        <DatePickerInput
          label="Fecha de inicio"
          placeholder="Sin fecha"
          valueFormat={DATE_FORMAT}
          clearable
          leftSection={<IconCalendar size={16} />}
          disabled={busy}
          // Mantine leaves focus on the body once a day is picked: back to the field instead.
          popoverProps={{ withinPortal: true, returnFocus: true }}
          {...form.getInputProps('start_date')}
        />
        <DatePickerInput
          label="Fecha de fin"
          placeholder="Sin fecha"
          valueFormat={DATE_FORMAT}
          clearable
          minDate={form.values.start_date ?? undefined}
          leftSection={<IconCalendar size={16} />}
          disabled={busy}
          popoverProps={{ withinPortal: true, returnFocus: true }}
          {...form.getInputProps('end_date')}
        />
      </SimpleGrid>
      <NumberInput
        label="Presupuesto"
        placeholder="Sin presupuesto"
        min={0}
        allowNegative={false}
        decimalScale={2}
        thousandSeparator="."
        decimalSeparator=","
        prefix={currency ? `${currency} ` : undefined}
        // Its steppers were 12 px targets and a step of $1 helps nobody; the arrow keys still step.
        hideControls
        disabled={busy}
        {...form.getInputProps('budget')}
      />
    </SaveFormBody>
  );
}
