export { countries } from './countries';
export { cooldowns, oneTimeCodes, permissions, rateLimitHits, rolePermissions, roles, sessions, userRoles, users } from './auth';
export { sponsors } from './sponsors';
export { campaignStatus, campaigns } from './campaigns';
export { planStatus, plans } from './plans';
export { auditLog } from './audit';
export { categories } from './categories';
export { campaignCategories } from './campaign-categories';
export { eventPeriod, services } from './services';
