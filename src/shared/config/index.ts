/** Business constants (page sizes, debounce, limits), in one place. */
export const SEARCH_DEBOUNCE_MS = 400;
export const RECOVERY_REDIRECT_MS = 900;
export const OTP_LENGTH = 6;
export const MIN_PASSWORD_LENGTH = 8;

export const PAGE_SIZE = {
  users: 15,
  sponsors: 24,
  campaigns: 12,
  categories: 24,
  bookings: 12,
  dsps: 12,
  customers: 12,
  audit: 20,
} as const;

export const LOAD_LIMIT = {
  countries: 300,
  countryPages: 100,
  roles: 200,
  dropdown: 300,
  categorySelector: 300,
  dspDropdown: 200,
  campaignCategories: 100,
  connectors: 100,
  apiClients: 50,
} as const;

export const SKELETON_CARDS = 6;
export const MAX_UPLOAD_MB = 10;
export const COMPANY_NAME = 'Panel de Control';
