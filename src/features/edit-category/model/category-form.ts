import { categoryFields } from '@contract/category';
import { categoryWithDescendants, type Category, type CategoryPayload } from '@/entities/category';

export interface CategoryFormValues {
  name: string;
  description: string;
  /** The Select's value: the parent's id as text, or null for a root ('Padre'). */
  parent_id: string | null;
  /** A newly chosen image; null keeps the current one. */
  image: File | null;
}

export const initialCategoryFormValues = (category: Category | null): CategoryFormValues => ({
  name: category?.name ?? '',
  description: category?.description ?? '',
  parent_id: category?.parent_id ? String(category.parent_id) : null,
  image: null,
});

/** The API's own rules and messages (name required and trimmed, lengths, a valid parent). */
export const categoryFormSchema = categoryFields;

export const toCategoryPayload = (values: CategoryFormValues): CategoryPayload => ({
  name: values.name.trim(),
  description: values.description.trim(),
  parent_id: values.parent_id ? Number(values.parent_id) : '',
  image: values.image,
});

type ParentCandidate = Pick<Category, 'id' | 'name' | 'parent_id'>;

/**
 * The 'Categoría padre' options: every category, named by its path ('Hogar › Plomería') so equal
 * names at different levels stay apart. When editing, the category itself and everything below it
 * are left out: a category cannot be its own ancestor.
 */
export function parentOptions(categories: readonly ParentCandidate[], editingId: number | null) {
  const excluded = editingId === null ? new Set<number>() : categoryWithDescendants(categories, editingId);
  const byId = new Map(categories.map((category) => [category.id, category]));
  const pathOf = (category: ParentCandidate) => {
    const names = [category.name];
    const seen = new Set([category.id]);
    let parent = category.parent_id === null ? undefined : byId.get(category.parent_id);
    while (parent && !seen.has(parent.id)) {
      names.unshift(parent.name);
      seen.add(parent.id);
      parent = parent.parent_id === null ? undefined : byId.get(parent.parent_id);
    }
    return names.join(' › ');
  };
  return categories
    .filter((category) => !excluded.has(category.id))
    .map((category) => ({ value: String(category.id), label: pathOf(category) }))
    .sort((a, b) => a.label.localeCompare(b.label, 'es'));
}
