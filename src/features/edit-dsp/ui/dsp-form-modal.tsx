import { Alert, Button, Group, SimpleGrid, Stack, Switch, Text, TextInput } from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import { useQuery } from '@tanstack/react-query';
import { DSP_MESSAGES, DSP_TYPES, DSP_TYPE_LABELS } from '@contract/dsp';
import { useEffect, useMemo, useRef, useState } from 'react';
import { campaignQueries } from '@/entities/campaign';
import { COUNTRIES_FALLBACK, countryQueries, countrySelectData } from '@/entities/country';
import { DSP_FALLBACKS, createDsp, dspQueries, updateDsp, type Dsp, type DspPayload, type DspType } from '@/entities/dsp';
import { planQueries } from '@/entities/plan';
import { sponsorQueries } from '@/entities/sponsor';
import { errorMessage } from '@/shared/api';
import { LOAD_LIMIT } from '@/shared/config';
import { useOptionsWhileOpen } from '@/shared/lib/use-options-while-open';
import { useSearchedOptions } from '@/shared/lib/use-searched-options';
import type { ConflictFields, ConflictOption } from '@/shared/lib/record-conflict';
import { useSaveMutation } from '@/shared/lib/use-save-mutation';
import { ImageInput, formFileProps } from '@/shared/ui/file-input';
import { JsonField } from '@/shared/ui/json-field';
import { FormModal, SaveFormBody } from '@/shared/ui/form-modal';
import { MultiSelect } from '@/shared/ui/multi-select';
import { Select } from '@/shared/ui/select';
import {
  settingsTemplateText,
  dspFormSchema,
  initialDspFormValues,
  submitBlocker,
  toDspPayload,
  type DspFormValues,
} from '../model/dsp-form';

export interface DspFormModalProps {
  opened: boolean;
  onClose: () => void;
  /** The DSP to edit (as the list reads it, with its plans); null creates a new one. */
  dsp: Dsp | null;
  /** After the server saved it; `created` tells a new DSP from an edited one. */
  onSaved?: (dsp: Dsp, created: boolean) => void;
}

/** 'Nueva DSP' / 'Editar DSP' */
/** What the conflict dialog compares (the campaign only narrows the plans; the image being chosen is the person's alone). */
const dspConflictFields = (options: Record<'countries' | 'sponsors' | 'plans', readonly ConflictOption[]>): ConflictFields<DspFormValues> => ({
  name: 'Nombre',
  type: { label: 'Tipo', options: TYPE_OPTIONS },
  country_id: { label: 'País', options: options.countries },
  sponsor_id: { label: 'Sponsor', options: options.sponsors },
  plans: { label: 'Planes', options: options.plans },
  website_url: 'Sitio web',
  email_primary: 'Email',
  phone_primary: 'Teléfono principal',
  phone_secondary: 'Teléfono secundario',
  address: 'Dirección',
  enabled: 'Activo',
  settings: 'Settings',
});

export function DspFormModal({ opened, onClose, dsp, onSaved }: DspFormModalProps) {
  return (
    <FormModal opened={opened} onClose={onClose} title={dsp ? 'Editar DSP' : 'Nueva DSP'}>
      <DspForm key={dsp?.id ?? 'new'} dsp={dsp} onDone={onClose} onSaved={onSaved} />
    </FormModal>
  );
}

type DspFormProps = Omit<DspFormModalProps, 'opened' | 'onClose'> & { onDone: () => void };

const TYPE_OPTIONS = DSP_TYPES.map((type) => ({ value: type, label: DSP_TYPE_LABELS[type] }));
const OPTIONS_FALLBACK = {
  sponsors: 'No se pudieron cargar los sponsors',
  campaigns: 'No se pudieron cargar las campañas',
  plans: 'No se pudieron cargar los planes',
} as const;

const validateDsp = schemaResolver(dspFormSchema, { sync: true });
const asOptions = (items: readonly { id: number; name: string }[] | undefined) =>
  (items ?? []).map((item) => ({ value: String(item.id), label: item.name }));
const loadError = (query: { error: unknown }, fallback: string) => (query.error ? errorMessage(query.error, fallback) : undefined);

function DspForm({ dsp, onDone, onSaved }: DspFormProps) {
  const editing = dsp !== null;
  const [askTemplate, setAskTemplate] = useState(false);
  const keepSettingsRef = useRef<HTMLButtonElement>(null);
  const templateRef = useRef<HTMLButtonElement>(null);
  // The question takes the focus, and gives it back to 'Usar plantilla' once answered.
  const asked = useRef(false);
  useEffect(() => {
    if (askTemplate) keepSettingsRef.current?.focus();
    else if (asked.current) templateRef.current?.focus();
    asked.current = askTemplate;
  }, [askTemplate]);

  const form = useForm<DspFormValues>({
    mode: 'controlled',
    initialValues: initialDspFormValues(dsp),
    validate: validateDsp,
    validateInputOnBlur: true,
  });
  const { sponsor_id: sponsorId, campaign_id: campaignId } = form.values;

  const countries = useQuery(countryQueries.options());
  // Searched on the server as the person types (a large operator has a thousand); an edited DSP's is locked.
  const sponsors = useSearchedOptions({
    search: sponsorQueries.options,
    one: sponsorQueries.detail,
    selected: sponsorId === null ? null : Number(sponsorId),
    enabled: !editing,
  });
  const campaigns = useQuery({ ...campaignQueries.sponsorOptions(Number(sponsorId)), enabled: sponsorId !== null });
  const plans = useQuery({
    ...planQueries.campaignList(Number(campaignId), { fields: ['id', 'name'], limit: LOAD_LIMIT.dropdown }),
    enabled: campaignId !== null,
  });

  const sponsorOptions = useMemo(() => {
    const options = [...sponsors.options];
    // An edited DSP shows its sponsor without the options.
    if (dsp?.sponsor && !options.some((option) => option.value === String(dsp.sponsor_id))) options.unshift({ value: String(dsp.sponsor_id), label: dsp.sponsor.name });
    return options;
  }, [sponsors.options, dsp]);
  const campaignOptions = useMemo(() => asOptions(campaigns.data), [campaigns.data]);
  const countryOptions = useMemo(() => countrySelectData(countries.data), [countries.data]);
  const countrySelect = useOptionsWhileOpen(countryOptions, form.values.country_id);
  const sponsorSelect = useOptionsWhileOpen(sponsorOptions, sponsorId);
  const campaignSelect = useOptionsWhileOpen(campaignOptions, campaignId);
  const planOptions = useMemo(() => {
    const options = asOptions(plans.data?.data);
    // The DSP's own plans stay visible (and removable) even when they are of another campaign.
    for (const plan of dsp?.plans ?? []) {
      if (!options.some((option) => option.value === String(plan.id))) options.push({ value: String(plan.id), label: plan.name });
    }
    return options;
  }, [plans.data, dsp]);

  const save = useSaveMutation({
    record: dsp,
    mutationFn: (payload: DspPayload, version) => (dsp ? updateDsp(dsp.id, payload, version) : createDsp(payload)),
    detailKey: (saved) => dspQueries.detail(saved.id).queryKey,
    invalidate: (saved) => [dspQueries.lists(), dspQueries.detail(saved.id).queryKey],
    successMessage: editing ? 'DSP actualizada.' : 'DSP creada.',
    onSaved: (saved) => {
      onSaved?.(saved, !editing);
      onDone();
    },
    onFieldErrors: form.setErrors,
  });

  // A new sponsor offers other campaigns, and a new campaign other plans: what hung on the old one goes.
  const chooseSponsor = (value: string | null) => {
    form.setValues({ sponsor_id: value, campaign_id: null, plans: [] });
    form.clearFieldError('sponsor_id');
  };
  const chooseCampaign = (value: string | null) => {
    form.setValues({ campaign_id: value, plans: [] });
    form.clearFieldError('campaign_id');
  };

  const fillTemplate = () => {
    // Checked again at once: the message follows the value, not the last blur.
    form.setFieldValue('settings', settingsTemplateText(form.values.name, form.values.type));
    form.validateField('settings');
    setAskTemplate(false);
  };
  // Settings someone wrote are not overwritten without a question.
  const offerTemplate = () => (form.values.settings.trim() === '' ? fillTemplate() : setAskTemplate(true));

  const busy = save.isPending;
  const campaignLocked = editing && (dsp.plans ?? []).length > 0;
  const blocker = submitBlocker(validateDsp(form.values));
  const plansError = form.errors.plans ?? loadError(plans, OPTIONS_FALLBACK.plans);

  return (
    <SaveFormBody
      form={form}
      save={save}
      conflict={{ values: initialDspFormValues, fields: dspConflictFields({ countries: countryOptions, sponsors: sponsorOptions, plans: planOptions }) }}
      onValid={(values) => save.mutate(toDspPayload(values, editing))}
      fallback={DSP_FALLBACKS.save}
      onCancel={onDone}
      submitLabel="Guardar"
      busyLabel="Guardando…"
      submitDisabled={blocker !== null}
      submitDisabledReason={blocker ?? undefined}
    >
      <TextInput label="Nombre" withAsterisk autoComplete="off" data-autofocus disabled={busy} {...form.getInputProps('name')} />
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
        <Select
          label="Tipo"
          withAsterisk
          data={TYPE_OPTIONS}
          allowDeselect={false}
          disabled={busy}
          comboboxProps={{ withinPortal: true }}
          {...form.getInputProps('type')}
          onChange={(value) => value && form.setFieldValue('type', value as DspType)}
        />
        <Select
          label="País"
          withAsterisk
          placeholder={countries.isPending ? 'Cargando países...' : 'Selecciona un país'}
          {...countrySelect}
          searchable
          nothingFoundMessage="Ningún país coincide"
          disabled={busy || countries.isPending}
          comboboxProps={{ withinPortal: true }}
          {...form.getInputProps('country_id')}
          error={form.errors.country_id ?? loadError(countries, COUNTRIES_FALLBACK)}
        />
        <Select
          label="Sponsor"
          withAsterisk
          placeholder={sponsors.isPending ? 'Cargando sponsors...' : 'Selecciona un sponsor'}
          description={editing ? DSP_MESSAGES.sponsorLocked : undefined}
          {...sponsorSelect}
          {...sponsors.selectProps}
          searchable
          nothingFoundMessage={sponsors.searching ? 'Buscando…' : 'Ningún sponsor coincide'}
          // A DSP belongs to its sponsor for good, and so do its campaign's plans.
          disabled={busy || editing || sponsors.isPending}
          comboboxProps={{ withinPortal: true }}
          {...form.getInputProps('sponsor_id')}
          onChange={chooseSponsor}
          error={form.errors.sponsor_id ?? loadError(sponsors, OPTIONS_FALLBACK.sponsors)}
        />
        <Select
          label="Campaña"
          withAsterisk
          placeholder={
            sponsorId === null ? 'Primero elige un sponsor' : campaigns.isPending ? 'Cargando campañas...' : 'Selecciona una campaña'
          }
          {...campaignSelect}
          searchable
          nothingFoundMessage="Ninguna campaña coincide"
          // Locked on edit like the sponsor, unless the DSP has no plan to read its campaign from.
          disabled={busy || campaignLocked || sponsorId === null || campaigns.isPending}
          comboboxProps={{ withinPortal: true }}
          {...form.getInputProps('campaign_id')}
          onChange={chooseCampaign}
          error={form.errors.campaign_id ?? loadError(campaigns, OPTIONS_FALLBACK.campaigns)}
        />
      </SimpleGrid>
      <MultiSelect
        label="Planes"
        withAsterisk
        placeholder={campaignId === null ? 'Primero elige una campaña' : plans.isPending ? 'Cargando planes...' : 'Selecciona los planes'}
        description={plansError ? undefined : DSP_MESSAGES.plansRequired}
        data={planOptions}
        searchable
        nothingFoundMessage="Ningún plan coincide"
        disabled={busy || campaignId === null}
        comboboxProps={{ withinPortal: true }}
        {...form.getInputProps('plans')}
        error={plansError}
      />
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
        <TextInput label="Sitio web" placeholder="www.ejemplo.com" autoComplete="off" inputMode="url" disabled={busy} {...form.getInputProps('website_url')} />
        <TextInput label="Email" type="email" autoComplete="off" disabled={busy} {...form.getInputProps('email_primary')} />
        <TextInput label="Teléfono principal" type="tel" autoComplete="off" disabled={busy} {...form.getInputProps('phone_primary')} />
        <TextInput label="Teléfono secundario" type="tel" autoComplete="off" disabled={busy} {...form.getInputProps('phone_secondary')} />
      </SimpleGrid>
      <TextInput label="Dirección" autoComplete="off" disabled={busy} {...form.getInputProps('address')} />
      <Switch label="Activo" disabled={busy} {...form.getInputProps('enabled', { type: 'checkbox' })} />
      <ImageInput label="Imagen" {...formFileProps(form, 'image')} currentUrl={dsp?.image_url} disabled={busy} />
      <JsonField
        label="Settings"
        withAsterisk
        placeholder='{ "name": "Mi DSP", … }'
        // Mantine's autosize measures fonts the browser may not expose; a tall, resizable box is enough.
        autosize={false}
        rows={12}
        resize="vertical"
        disabled={busy}
        styles={{ input: { fontFamily: 'var(--mantine-font-family-monospace)', fontSize: 13 } }}
        {...form.getInputProps('settings')}
      />
      {askTemplate ? (
        // Asked in place: a second modal over the form would take Escape from both.
        <Alert color="orange" variant="light" role="group" aria-label="Usar plantilla">
          <Stack gap="xs">
            <Text size="sm">Los settings escritos se reemplazarán por la plantilla. ¿Continuar?</Text>
            <Group justify="flex-end" gap="xs">
              <Button ref={keepSettingsRef} size="xs" variant="default" onClick={() => setAskTemplate(false)}>
                Cancelar
              </Button>
              <Button size="xs" color="orange.9" onClick={fillTemplate}>
                Reemplazar
              </Button>
            </Group>
          </Stack>
        </Alert>
      ) : (
        <Group justify="flex-end" mt={-8}>
          <Button ref={templateRef} variant="light" size="xs" onClick={offerTemplate} disabled={busy}>
            Usar plantilla
          </Button>
        </Group>
      )}
    </SaveFormBody>
  );
}
