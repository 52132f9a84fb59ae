import { z } from 'zod';
import { CAMPAIGN_CATEGORY_FIELDS } from './campaign-category.constants';
import { categoryNameField, categoryRef, optionalTextField } from './category';
import { fieldKeys, idField, recordVersion } from './common';
export {
  CAMPAIGN_CATEGORY_ANSWERS,
  CAMPAIGN_CATEGORY_DEFAULT_SORT,
  CAMPAIGN_CATEGORY_FIELDS,
  CAMPAIGN_CATEGORY_NOT_FOUND,
  CAMPAIGN_CATEGORY_PAGE_SIZE,
  CAMPAIGN_CATEGORY_SORTS,
} from './campaign-category.constants';

export const CAMPAIGN_CATEGORY_MESSAGES = {
  nameRequired: 'El nombre es requerido',
  nameTooLong: 'El nombre no puede superar 200 caracteres.',
  descriptionTooLong: 'La descripción no puede superar 5000 caracteres.',
  categoryRequired: 'Debes seleccionar una categoría del catálogo',
  categoryInvalid: 'La categoría del catálogo no es válida.',
  categoryMissing: 'La categoría del catálogo no existe.',
  /** Only root ('Padre') categories of the catalogue may be linked. */
  categoryNotRoot: 'Debes seleccionar una categoría padre del catálogo, no una subcategoría.',
  imageNotFile: 'La imagen debe enviarse como archivo.',
  /** Within one campaign; compared trimmed, ignoring case and accents. */
  nameTaken: 'Ya existe una categoría con ese nombre en esta campaña.',
} as const;

/**
 * The text fields of a campaign category (multipart, form or JSON); the campaign comes from the
 * path and the `image` file travels beside them. `category_id` is a root category of the catalogue.
 */
export const campaignCategoryFields = z.object({
  name: categoryNameField(CAMPAIGN_CATEGORY_MESSAGES),
  description: optionalTextField(5000, CAMPAIGN_CATEGORY_MESSAGES.descriptionTooLong).optional(),
  category_id: idField(CAMPAIGN_CATEGORY_MESSAGES.categoryRequired, CAMPAIGN_CATEGORY_MESSAGES.categoryInvalid),
});
export type CampaignCategoryFields = z.input<typeof campaignCategoryFields>;

/** An update sends any subset: absent fields keep their value. The campaign never changes. */
export const campaignCategoryUpdateFields = campaignCategoryFields.partial();

export const campaignCategory = z.object({
  id: z.number().int(),
  campaign_id: z.number().int(),
  /** The linked catalogue category. */
  category_id: z.number().int(),
  name: z.string(),
  description: z.string().nullable(),
  image_url: z.string().nullable(),
  /** The linked catalogue category's id and name (the card's 'Subcategoría de …'); always present. */
  parent: categoryRef,
  created_at: z.string(),
  updated_at: z.string(),
  version: recordVersion,
});
export type CampaignCategory = z.infer<typeof campaignCategory>;

/** CAMPAIGN_CATEGORY_FIELDS names exactly the item's fields. */
fieldKeys(campaignCategory, CAMPAIGN_CATEGORY_FIELDS);
