export { countries } from './countries';
export { cooldowns, oneTimeCodes, permissions, rateLimitHits, rolePermissions, roles, sessions, userRoles, users } from './auth';
