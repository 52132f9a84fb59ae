import { TextInput, Textarea } from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import { useQuery } from '@tanstack/react-query';
import { campaignQueries } from '@/entities/campaign';
import {
  CAMPAIGN_CATEGORY_FALLBACKS,
  campaignCategoryQueries,
  createCampaignCategory,
  updateCampaignCategory,
  type CampaignCategory,
  type CampaignCategoryPayload,
} from '@/entities/campaign-category';
import { CATEGORY_FALLBACKS, categoryQueries } from '@/entities/category';
import { errorMessage } from '@/shared/api';
import type { ConflictFields, ConflictOption } from '@/shared/lib/record-conflict';
import { useSaveMutation } from '@/shared/lib/use-save-mutation';
import { FormModal, SaveFormBody } from '@/shared/ui/form-modal';
import { ImageInput, formFileProps } from '@/shared/ui/file-input';
import { Select } from '@/shared/ui/select';
import {
  campaignCategoryFormSchema,
  initialCampaignCategoryFormValues,
  toCampaignCategoryPayload,
  type CampaignCategoryFormValues,
} from '../model/campaign-category-form';

export interface CampaignCategoryFormModalProps {
  opened: boolean;
  onClose: () => void;
  campaignId: number;
  /** The category to edit; null creates a new one. */
  category: CampaignCategory | null;
}

/** 'Nueva Categoría' / 'Editar Categoría' */
/** What the conflict dialog compares (the image being chosen is the person's alone). */
const campaignCategoryConflictFields = (roots: readonly ConflictOption[]): ConflictFields<CampaignCategoryFormValues> => ({
  name: 'Nombre',
  category_id: { label: 'Categoría del catálogo', options: roots },
  description: 'Descripción',
});

export function CampaignCategoryFormModal({ opened, onClose, campaignId, category }: CampaignCategoryFormModalProps) {
  return (
    <FormModal opened={opened} onClose={onClose} title={category ? 'Editar Categoría' : 'Nueva Categoría'}>
      <CampaignCategoryForm key={category?.id ?? 'new'} campaignId={campaignId} category={category} onDone={onClose} />
    </FormModal>
  );
}

function CampaignCategoryForm({ campaignId, category, onDone }: { campaignId: number; category: CampaignCategory | null; onDone: () => void }) {
  const editing = category !== null;
  // Only 'Padre' categories of the catalogue can be linked.
  const roots = useQuery(categoryQueries.options({ roots: true }));
  const form = useForm<CampaignCategoryFormValues>({
    mode: 'controlled',
    initialValues: initialCampaignCategoryFormValues(category),
    validate: schemaResolver(campaignCategoryFormSchema, { sync: true }),
  });

  const save = useSaveMutation({
    record: category,
    mutationFn: (payload: CampaignCategoryPayload, version) =>
      category ? updateCampaignCategory(category.id, payload, version) : createCampaignCategory(campaignId, payload),
    // The campaign page reads its categories (and the tab's count) from the campaign's detail.
    invalidate: [campaignQueries.details(), campaignCategoryQueries.all()],
    successMessage: editing ? 'Categoría actualizada.' : 'Categoría creada.',
    onSaved: onDone,
    onFieldErrors: form.setErrors,
  });

  const options = (roots.data ?? []).map((root) => ({ value: String(root.id), label: root.name }));
  // The linked category stays visible on edit even if it is no longer a root.
  if (category && !options.some((option) => option.value === String(category.category_id))) {
    options.push({ value: String(category.category_id), label: category.parent.name });
  }

  const busy = save.isPending;
  return (
    <SaveFormBody
      form={form}
      save={save}
      conflict={{ values: initialCampaignCategoryFormValues, fields: campaignCategoryConflictFields(options) }}
      onValid={(values) => save.mutate(toCampaignCategoryPayload(values))}
      fallback={CAMPAIGN_CATEGORY_FALLBACKS.save}
      onCancel={onDone}
      submitLabel={editing ? 'Actualizar Categoría' : 'Crear Categoría'}
      busyLabel={editing ? 'Actualizando…' : 'Creando…'}
    >
      <TextInput label="Nombre" withAsterisk autoComplete="off" data-autofocus disabled={busy} {...form.getInputProps('name')} />
      <Select
        label="Categoría del catálogo"
        placeholder={roots.isPending ? 'Cargando categorías…' : 'Elige una categoría'}
        description="Solo categorías padre del catálogo."
        withAsterisk
        searchable
        nothingFoundMessage="No hay categorías con ese nombre"
        data={options}
        disabled={busy}
        comboboxProps={{ withinPortal: true }}
        {...form.getInputProps('category_id')}
        error={form.errors.category_id ?? (roots.isError ? errorMessage(roots.error, CATEGORY_FALLBACKS.list) : undefined)}
      />
      <Textarea label="Descripción" rows={3} resize="vertical" disabled={busy} {...form.getInputProps('description')} />
      <ImageInput label="Imagen" {...formFileProps(form, 'image')} currentUrl={category?.image_url} disabled={busy} />
    </SaveFormBody>
  );
}
