import { MAX_LIST_LIMIT } from '@contract/list.constants';

/** Business constants (debounce, limits), in one place. */
export const SEARCH_DEBOUNCE_MS = 400;
/** The Ctrl+K palette answers as one types: a shorter pause than a list's search box. */
export const PALETTE_SEARCH_DEBOUNCE_MS = 150;
export const RECOVERY_REDIRECT_MS = 900;
// Defined once in the contract (zod-free files, so the sign-in chunk stays light).
export { MIN_PASSWORD_LENGTH, OTP_LENGTH } from '@contract/auth.constants';

/**
 * Rows the panel asks for when it loads a whole list at once (selects, filters). Page sizes of the
 * list pages are the contract's `<X>_PAGE_SIZE`, the server's own defaults.
 */
export const LOAD_LIMIT = {
  countries: MAX_LIST_LIMIT,
  countryPages: 100,
  roles: 200,
  dropdown: MAX_LIST_LIMIT,
  categorySelector: MAX_LIST_LIMIT,
  dspDropdown: 200,
  campaignCategories: 100,
  connectors: 100,
  apiClients: 50,
} as const;

export const SKELETON_CARDS = 6;
export const MAX_UPLOAD_MB = 10;
export const COMPANY_NAME = 'Panel de Control';
