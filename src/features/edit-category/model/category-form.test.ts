import { CATEGORY_MESSAGES } from '@contract/category';
import { schemaResolver } from '@mantine/form';
import { describe, expect, it } from 'vitest';
import { categoryFormSchema, initialCategoryFormValues, parentOptions, toCategoryPayload, type CategoryFormValues } from './category-form';

const validate = schemaResolver(categoryFormSchema, { sync: true });
const values = (patch: Partial<CategoryFormValues>): CategoryFormValues => ({ ...initialCategoryFormValues(null), name: 'Hogar', ...patch });

describe('category form', () => {
  it('asks for a name with the API’s message and accepts a root or a parent', () => {
    expect(validate(values({ name: '   ' }))).toEqual({ name: CATEGORY_MESSAGES.nameRequired });
    expect(validate(values({}))).toEqual({});
    expect(validate(values({ parent_id: '4' }))).toEqual({});
  });

  it('sends the name and description trimmed, and an empty parent for a root', () => {
    expect(toCategoryPayload(values({ name: '  Hogar ', description: ' Casa  ' }))).toEqual({ name: 'Hogar', description: 'Casa', parent_id: '', image: null });
    expect(toCategoryPayload(values({ parent_id: '7' })).parent_id).toBe(7);
  });

  it('offers parents by their path, without the edited category and its descendants', () => {
    const tree = [
      { id: 1, name: 'Hogar', parent_id: null },
      { id: 2, name: 'Plomería', parent_id: 1 },
      { id: 3, name: 'Urgencias', parent_id: 2 },
      { id: 4, name: 'Salud', parent_id: null },
    ];
    expect(parentOptions(tree, null).map((option) => option.label)).toEqual(['Hogar', 'Hogar › Plomería', 'Hogar › Plomería › Urgencias', 'Salud']);
    expect(parentOptions(tree, 2)).toEqual([
      { value: '1', label: 'Hogar' },
      { value: '4', label: 'Salud' },
    ]);
  });
});
