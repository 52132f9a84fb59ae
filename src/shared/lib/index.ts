export { formatMoney, formatTotal, staffTimeZone } from './format';
export { searchDate, searchEnum, searchNumber, searchSchema, searchText, type SearchOf } from './search-params';
export { pageRoute, type PageLoad, type PageLoader } from './page-route';
export { HOME_PATH, safeRedirect, searchRedirect } from './safe-redirect';
export { RESEND_COOLDOWN_SECONDS, useResendCountdown } from './use-resend-countdown';
export { saveFile } from './save-file';
export { offButKeepsFocus } from './busy-control';
