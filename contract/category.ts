import { z } from 'zod';
import { CATEGORY_FIELDS } from './category.constants';
import { fieldKeys, MAX_NAME_LENGTH, idField, recordVersion } from './common';
export {
  CATEGORY_ANSWERS,
  CATEGORY_DEFAULT_SORT,
  CATEGORY_FIELDS,
  CATEGORY_INCLUDES,
  CATEGORY_NOT_FOUND,
  CATEGORY_PAGE_SIZE,
  CATEGORY_SORTS,
} from './category.constants';

export const CATEGORY_MESSAGES = {
  nameRequired: 'El nombre es requerido',
  nameTooLong: 'El nombre no puede superar 200 caracteres.',
  descriptionTooLong: 'La descripción no puede superar 5000 caracteres.',
  parentInvalid: 'La categoría padre no es válida.',
  parentMissing: 'La categoría padre no existe.',
  /** Its own parent, or a parent that descends from it. */
  parentCycle: 'Una categoría no puede ser su propio ancestro.',
  imageNotFile: 'La imagen debe enviarse como archivo.',
  /** Among the categories with the same parent (or among the roots); compared trimmed, ignoring case and accents. */
  nameTaken: 'Ya existe una categoría con ese nombre en el mismo nivel.',
} as const;

const MAX_DESCRIPTION_LENGTH = 5000;

const emptyToNull = (value: unknown) => (value === '' || value === null ? null : value);

export const categoryNameField = (messages: { nameRequired: string; nameTooLong: string }) =>
  z.string({ error: messages.nameRequired }).trim().min(1, messages.nameRequired).max(MAX_NAME_LENGTH, messages.nameTooLong);

/** Trimmed; empty is null. */
export const optionalTextField = (maxLength: number, tooLong: string) =>
  z.preprocess(
    emptyToNull,
    z
      .string({ error: tooLong })
      .trim()
      .max(maxLength, tooLong)
      .transform((value) => (value === '' ? null : value))
      .nullable(),
  );

/**
 * The text fields of a catalogue category (multipart, form or JSON); the `image` file travels
 * beside them. `parent_id` empty or absent makes it a root ('Padre').
 */
export const categoryFields = z.object({
  name: categoryNameField(CATEGORY_MESSAGES),
  description: optionalTextField(MAX_DESCRIPTION_LENGTH, CATEGORY_MESSAGES.descriptionTooLong).optional(),
  parent_id: z.preprocess(emptyToNull, idField(CATEGORY_MESSAGES.parentInvalid).nullable()).optional(),
});
export type CategoryFields = z.input<typeof categoryFields>;

/** An update sends any subset: absent fields keep their value; an empty parent_id makes it a root. */
export const categoryUpdateFields = categoryFields.partial();

/** A category as another record names it. */
export const categoryRef = z.object({ id: z.number().int(), name: z.string() });
export type CategoryRef = z.infer<typeof categoryRef>;

const categoryBase = z.object({
  id: z.number().int(),
  name: z.string(),
  description: z.string().nullable(),
  /** `/storage/...`, loadable by the browser; null without an image. */
  image_url: z.string().nullable(),
  /** Null for a root ('Padre'). */
  parent_id: z.number().int().nullable(),
  created_at: z.string(),
  updated_at: z.string(),
  version: recordVersion,
});

export const category = categoryBase.extend({
  /** With `include=parent`: null for a root. */
  parent: categoryRef.nullable().optional(),
  /** With `include=subcategories`: its direct subcategories, by name. */
  subcategories: z.array(categoryBase).optional(),
});
export type Category = z.infer<typeof category>;

/** CATEGORY_FIELDS names exactly the item's fields. */
fieldKeys(category, CATEGORY_FIELDS);
