export {
  ACCOUNT_SESSION_FALLBACKS,
  closeAccountSession,
  closeOtherAccountSessions,
  fetchAccountSessions,
  accountSessionQueries,
  type AccountSession,
  type CloseOthersResult,
} from './api/account-session.api';
export { formatSessionTime } from './lib/format';
export { AccountSessionCard, type AccountSessionCardProps } from './ui/account-session-card';
