import type { RoleSlug } from './role';

/**
 * Permissions are data on the server (a table, seeded from this catalogue); this is the catalogue
 * both sides name them from. `area` groups them on the roles screen.
 */
export const PERMISSIONS = {
  'users.manage': { area: 'Usuarios y roles', label: 'Gestionar usuarios' },
  'roles.manage': { area: 'Usuarios y roles', label: 'Gestionar roles y permisos' },
  'countries.manage': { area: 'Catálogos', label: 'Gestionar países' },
  'sponsors.manage': { area: 'Sponsors y campañas', label: 'Gestionar sponsors, campañas, planes y servicios' },
  'categories.manage': { area: 'Catálogos', label: 'Gestionar categorías' },
  'categories.delete': { area: 'Catálogos', label: 'Eliminar categorías del catálogo' },
  'dsps.manage': { area: 'DSP', label: 'Configurar DSP, conectores, clientes API y usuarios asignados' },
  'operations.view': { area: 'Operaciones', label: 'Ver agendamientos' },
  'bookings.change-status': { area: 'Operaciones', label: 'Cambiar el estado de los agendamientos' },
  'audit.view': { area: 'Auditoría', label: 'Ver el historial de cambios de todo el panel' },
} as const;

export type Permission = keyof typeof PERMISSIONS;
export const PERMISSION_NAMES = Object.keys(PERMISSIONS) as Permission[];

const EVERY_ROLE: Permission[] = ['sponsors.manage', 'categories.manage'];
const OPERATIONS: Permission[] = ['operations.view', 'bookings.change-status'];

/** Each role's permissions on a new database, so that each role sees its menu entries. */
export const DEFAULT_ROLE_PERMISSIONS: Record<RoleSlug, Permission[]> = {
  SUPER_ADMIN: [...PERMISSION_NAMES],
  ADMIN: [...EVERY_ROLE],
  BUSINESS_LEADER: [...EVERY_ROLE, ...OPERATIONS],
  OPERATOR: [...EVERY_ROLE, ...OPERATIONS],
};
