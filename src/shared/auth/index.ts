export {
  SESSION_STORAGE_KEY,
  hasPermission,
  hasRole,
  useSessionStore,
  type SessionState,
  type SessionUser,
} from './session-store';
