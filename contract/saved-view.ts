import { z } from 'zod';
import { booleanish, MAX_NAME_LENGTH } from './common';
import { roleSlugList } from './role';
import { SAVED_VIEW_LISTS, SAVED_VIEW_MAX_QUERY_BYTES, SAVED_VIEW_NOT_FOUND } from './saved-view.constants';

export * from './saved-view.constants';
export * from './saved-view-query';

export const SAVED_VIEW_MESSAGES = {
  list: 'La lista no es válida.',
  nameRequired: 'El nombre es requerido',
  nameTooLong: `El nombre no puede superar ${MAX_NAME_LENGTH} caracteres.`,
  /** Names are compared trimmed, ignoring case and accents, per owner and list. */
  nameTaken: 'Ya tienes una vista con ese nombre en esta lista.',
  query: 'La búsqueda de la vista debe ser texto.',
  queryTooLong: `La vista no puede superar ${SAVED_VIEW_MAX_QUERY_BYTES} bytes.`,
  role: 'Rol no válido.',
  tooMany: 'Ya tienes 50 vistas en esta lista. Elimina alguna antes de guardar otra.',
  notFound: SAVED_VIEW_NOT_FOUND,
  notOwner: 'Solo quien creó la vista puede cambiarla o eliminarla.',
} as const;

/** The answers' messages, for the panel's notifications. */
export const SAVED_VIEW_ANSWERS = {
  created: 'Vista guardada.',
  updated: 'Vista actualizada.',
  deleted: 'Vista eliminada.',
} as const;

const list = z.enum(SAVED_VIEW_LISTS, { error: SAVED_VIEW_MESSAGES.list });

/** The role slugs a view is shared with: none keeps it private. */
const sharedWithRoles = roleSlugList({ invalid: SAVED_VIEW_MESSAGES.role, tooMany: SAVED_VIEW_MESSAGES.role });

/** A view's fields as a write sends them; `query` is the list's URL search string (`q=ana&page=2`, with or without `?`). */
const savedViewFields = z.object({
  list,
  name: z.string({ error: SAVED_VIEW_MESSAGES.nameRequired }).trim().min(1, SAVED_VIEW_MESSAGES.nameRequired).max(MAX_NAME_LENGTH, SAVED_VIEW_MESSAGES.nameTooLong),
  query: z
    .string({ error: SAVED_VIEW_MESSAGES.query })
    .refine((value) => new TextEncoder().encode(value).length <= SAVED_VIEW_MAX_QUERY_BYTES, SAVED_VIEW_MESSAGES.queryTooLong),
  shared_with_roles: sharedWithRoles,
  is_default: booleanish,
});

/** POST /api/v1/saved-views: a private view with an empty query unless said. */
export const savedViewBody = savedViewFields.extend({
  query: savedViewFields.shape.query.default(''),
  shared_with_roles: sharedWithRoles.default([]),
  is_default: booleanish.default(false),
});
export type SavedViewBody = z.input<typeof savedViewBody>;

/**
 * PUT /api/v1/saved-views/{id}: any subset (rename, overwrite the query, share, make default); what
 * is left out stays as it is, and `list` stays.
 */
export const savedViewUpdateBody = savedViewFields.omit({ list: true }).partial();
export type SavedViewUpdateBody = z.input<typeof savedViewUpdateBody>;

/** GET /api/v1/saved-views: one list's views, or every list's without the filter. */
export const savedViewsQuery = z.object({
  'filter[list]': list.optional().meta({ description: `Solo las vistas de esta lista: ${SAVED_VIEW_LISTS.join(', ')}.` }),
});

export const savedView = z.object({
  id: z.number().int(),
  list,
  name: z.string(),
  /** The list's URL search string as kept: only the keys the list knows. */
  query: z.string(),
  shared_with_roles: z.array(z.string()),
  /** The owner's default for this list; only ever true for the caller's own views. */
  is_default: z.boolean(),
  owner: z.object({ id: z.number().int(), name: z.string() }),
  /** The caller may rename, overwrite and delete it (its owner, or a super admin). */
  can_edit: z.boolean(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type SavedView = z.infer<typeof savedView>;
