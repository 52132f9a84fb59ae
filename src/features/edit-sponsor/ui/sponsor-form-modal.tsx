import { TextInput } from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import { useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { COUNTRIES_FALLBACK, countryQueries } from '@/entities/country';
import { SPONSOR_FALLBACKS, createSponsor, sponsorQueries, updateSponsor, type Sponsor, type SponsorPayload } from '@/entities/sponsor';
import { errorMessage } from '@/shared/api';
import { useOptionsWhileOpen } from '@/shared/lib/use-options-while-open';
import { useSaveMutation } from '@/shared/lib/use-save-mutation';
import { FormModal, SaveFormBody } from '@/shared/ui/form-modal';
import { ImageInput, formFileProps } from '@/shared/ui/file-input';
import { Select } from '@/shared/ui/select';
import {
  initialSponsorFormValues,
  sponsorConflictFields,
  sponsorFormSchema,
  toSponsorPayload,
  type SponsorFormValues,
} from '../model/sponsor-form';

export interface SponsorFormModalProps {
  opened: boolean;
  onClose: () => void;
  /** The sponsor to edit; null creates a new one. */
  sponsor: Sponsor | null;
  /** After the server saved it. */
  onSaved?: (sponsor: Sponsor) => void;
}

/** 'Nuevo Sponsor' / 'Editar Sponsor' */
export function SponsorFormModal({ opened, onClose, sponsor, onSaved }: SponsorFormModalProps) {
  return (
    <FormModal opened={opened} onClose={onClose} title={sponsor ? 'Editar Sponsor' : 'Nuevo Sponsor'}>
      <SponsorForm key={sponsor?.id ?? 'new'} sponsor={sponsor} onDone={onClose} onSaved={onSaved} />
    </FormModal>
  );
}

function SponsorForm({ sponsor, onDone, onSaved }: Omit<SponsorFormModalProps, 'opened' | 'onClose'> & { onDone: () => void }) {
  const editing = sponsor !== null;
  const countries = useQuery(countryQueries.options());

  const form = useForm<SponsorFormValues>({
    mode: 'controlled',
    initialValues: initialSponsorFormValues(sponsor),
    validate: schemaResolver(sponsorFormSchema, { sync: true }),
  });

  const save = useSaveMutation({
    mutationFn: (payload: SponsorPayload, version) => (sponsor ? updateSponsor(sponsor.id, payload, version) : createSponsor(payload)),
    record: sponsor,
    detailKey: (saved) => sponsorQueries.detail(saved.id).queryKey,
    invalidate: [sponsorQueries.lists()],
    successMessage: editing ? 'Sponsor actualizado.' : 'Sponsor creado.',
    onSaved: (saved) => {
      onSaved?.(saved);
      onDone();
    },
    onFieldErrors: form.setErrors,
  });

  const countryOptions = useMemo(
    () => (countries.data ?? []).map((country) => ({ value: String(country.id), label: country.name })),
    [countries.data],
  );
  const countrySelect = useOptionsWhileOpen(countryOptions, form.values.country_id);

  const busy = save.isPending;

  return (
    <SaveFormBody
      form={form}
      save={save}
      conflict={{ values: initialSponsorFormValues, fields: sponsorConflictFields(countryOptions) }}
      onValid={(values) => save.mutate(toSponsorPayload(values))}
      fallback={editing ? SPONSOR_FALLBACKS.update : SPONSOR_FALLBACKS.create}
      onCancel={onDone}
      submitLabel={editing ? 'Actualizar Sponsor' : 'Crear Sponsor'}
      busyLabel={editing ? 'Actualizando…' : 'Creando…'}
    >
      <TextInput label="Nombre" withAsterisk autoComplete="off" data-autofocus disabled={busy} {...form.getInputProps('name')} />
      <ImageInput label="Logo" {...formFileProps(form, 'logo')} currentUrl={sponsor?.logo_url} disabled={busy} />
      <TextInput label="Sitio web" placeholder="www.ejemplo.com" autoComplete="off" inputMode="url" disabled={busy} {...form.getInputProps('website_url')} />
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
        error={form.errors.country_id ?? (countries.error ? errorMessage(countries.error, COUNTRIES_FALLBACK) : undefined)}
      />
    </SaveFormBody>
  );
}
