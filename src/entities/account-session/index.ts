export {
  ACCOUNT_SESSION_FALLBACKS,
  closeAccountSession,
  closeOtherAccountSessions,
  fetchAccountSessions,
} from './api/account-session.api';
export { accountSessionQueries } from './api/account-session.queries';
export { formatSessionTime } from './lib/format';
export type { AccountSession, CloseOthersResult } from './model/types';
export { AccountSessionCard, type AccountSessionCardProps } from './ui/account-session-card';
