export {
  MAX_LIST_LIMIT,
  booleanish,
  email,
  errorEnvelope,
  idParam,
  paginator,
  successEnvelope,
  type ErrorEnvelope,
  type Paginator,
} from './common';
export {
  MIN_PASSWORD_LENGTH,
  OTP_LENGTH,
  loginBody,
  recoveryRequestBody,
  recoveryResetBody,
  recoveryVerifyBody,
  recoveryVerifyResult,
  sessionUser,
  verifyOtpBody,
  verifyOtpResult,
  type LoginBody,
  type RecoveryVerifyResult,
  type SessionUser,
  type VerifyOtpBody,
  type VerifyOtpResult,
} from './auth';
export { ROLE_NAMES, ROLE_SLUGS, role, type Role, type RoleSlug } from './role';
export { country, type Country } from './country';
export { DEFAULT_ROLE_PERMISSIONS, PERMISSIONS, PERMISSION_NAMES, type Permission } from './permissions';
