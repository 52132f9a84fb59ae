import { ROLE_NAMES, ROLE_SLUGS } from '@contract/role.constants';
import { SAVED_VIEW_MESSAGES, savedViewBody } from '@contract/saved-view';
import type { SavedView } from '@/entities/saved-view';
import { ApiError, formFieldErrors } from '@/shared/api';

/** The form's fields as the inputs hold them. */
export interface ViewFormValues {
  name: string;
  /** Role slugs; none keeps the view private. */
  shared_with_roles: string[];
  is_default: boolean;
}

/** The API's own rules and messages for the fields the form shows. */
export const viewFormSchema = savedViewBody.pick({ name: true, shared_with_roles: true, is_default: true });

export const initialViewFormValues = (view: SavedView | null): ViewFormValues => ({
  name: view?.name ?? '',
  shared_with_roles: view?.shared_with_roles ?? [],
  is_default: view?.is_default ?? false,
});

/**
 * The roles a view can be shared with. The roles are a fixed set, named in the contract: listing
 * them from the API would need 'users.manage', which most people saving a view do not hold.
 */
export const ROLE_OPTIONS = ROLE_SLUGS.map((slug) => ({ value: slug, label: ROLE_NAMES[slug] }));

/** The refusal on the form's fields: a name already taken (409) under 'Nombre', whether or not the server named the field. */
export function viewFormErrors(error: unknown): Record<string, string> {
  const errors = formFieldErrors(error);
  if (error instanceof ApiError && error.status === 409 && error.message === SAVED_VIEW_MESSAGES.nameTaken) errors.name ??= error.message;
  return errors;
}
