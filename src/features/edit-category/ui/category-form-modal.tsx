import { TextInput, Textarea } from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import { useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { campaignQueries } from '@/entities/campaign';
import { CATEGORY_FALLBACKS, categoryQueries, createCategory, updateCategory, type Category, type CategoryPayload } from '@/entities/category';
import { errorMessage } from '@/shared/api';
import type { ConflictFields, ConflictOption } from '@/shared/lib/record-conflict';
import { useSaveMutation } from '@/shared/lib/use-save-mutation';
import { FormModal, SaveFormBody } from '@/shared/ui/form-modal';
import { ImageInput, formFileProps } from '@/shared/ui/file-input';
import { Select } from '@/shared/ui/select';
import {
  categoryFormSchema,
  initialCategoryFormValues,
  parentOptions,
  toCategoryPayload,
  type CategoryFormValues,
} from '../model/category-form';

export interface CategoryFormModalProps {
  opened: boolean;
  onClose: () => void;
  /** The category to edit; null creates a new one. */
  category: Category | null;
}

/** 'Nueva Categoría' / 'Editar Categoría' */
/** What the conflict dialog compares (the image being chosen is the person's alone). */
const categoryConflictFields = (parents: readonly ConflictOption[]): ConflictFields<CategoryFormValues> => ({
  name: 'Nombre',
  description: 'Descripción',
  parent_id: { label: 'Categoría padre', show: (id) => parents.find((parent) => parent.value === id)?.label ?? 'Sin categoría padre' },
});

export function CategoryFormModal({ opened, onClose, category }: CategoryFormModalProps) {
  return (
    <FormModal opened={opened} onClose={onClose} title={category ? 'Editar Categoría' : 'Nueva Categoría'}>
      <CategoryForm key={category?.id ?? 'new'} category={category} onDone={onClose} />
    </FormModal>
  );
}

function CategoryForm({ category, onDone }: { category: Category | null; onDone: () => void }) {
  const editing = category !== null;
  const candidates = useQuery(categoryQueries.options());

  const form = useForm<CategoryFormValues>({
    mode: 'controlled',
    initialValues: initialCategoryFormValues(category),
    validate: schemaResolver(categoryFormSchema, { sync: true }),
  });

  const save = useSaveMutation({
    record: category,
    mutationFn: (payload: CategoryPayload, version) => (category ? updateCategory(category.id, payload, version) : createCategory(payload)),
    // Its card, its old and new parent's cards and the selectors change; campaign pages show
    // the catalogue category's name on each of their categories.
    invalidate: editing ? [categoryQueries.all(), campaignQueries.details()] : [categoryQueries.all()],
    successMessage: editing ? 'Categoría actualizada.' : 'Categoría creada.',
    onSaved: onDone,
    onFieldErrors: form.setErrors,
  });

  const options = useMemo(() => parentOptions(candidates.data ?? [], category?.id ?? null), [candidates.data, category?.id]);

  const busy = save.isPending;

  return (
    <SaveFormBody
      form={form}
      save={save}
      conflict={{ values: initialCategoryFormValues, fields: categoryConflictFields(options) }}
      onValid={(values) => save.mutate(toCategoryPayload(values))}
      fallback={CATEGORY_FALLBACKS.save}
      onCancel={onDone}
      submitLabel={editing ? 'Actualizar Categoría' : 'Crear Categoría'}
      busyLabel={editing ? 'Actualizando…' : 'Creando…'}
    >
      <TextInput label="Nombre" withAsterisk autoComplete="off" data-autofocus disabled={busy} {...form.getInputProps('name')} />
      <Textarea label="Descripción" rows={3} disabled={busy} {...form.getInputProps('description')} />
      <Select
        label="Categoría padre"
        description="Déjala vacía para crear una categoría padre."
        placeholder={candidates.isPending ? 'Cargando categorías...' : 'Sin categoría padre'}
        data={options}
        searchable
        clearable
        nothingFoundMessage="Ninguna categoría coincide"
        disabled={busy || candidates.isPending}
        comboboxProps={{ withinPortal: true }}
        {...form.getInputProps('parent_id')}
        error={form.errors.parent_id ?? (candidates.error ? errorMessage(candidates.error, CATEGORY_FALLBACKS.list) : undefined)}
      />
      <ImageInput label="Imagen" {...formFileProps(form, 'image')} currentUrl={category?.image_url} disabled={busy} />
    </SaveFormBody>
  );
}
