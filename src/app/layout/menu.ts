import type { Permission } from '@contract/permissions';
import type { RegisteredRouter } from '@tanstack/react-router';
import type { ComponentType } from 'react';
import { hasPermission, type SessionUser } from '@/shared/auth';
import {
  IconBuilding,
  IconCalendar,
  IconCategory,
  IconHistory,
  IconPlug,
  IconSpeakerphone,
  IconUsers,
  type IconProps,
} from '@/shared/ui/icons';

/** A path the router knows, so a typo in the menu fails the type check. */
type AppPath = keyof RegisteredRouter['routesByPath'];

export interface MenuLink {
  label: string;
  to: AppPath;
  /** Other path prefixes that belong to this entry, so it stays highlighted on its sub-screens. */
  activeOn?: string[];
}

interface MenuEntryBase {
  label: string;
  /** Who sees the entry. */
  permission: Permission;
  icon: ComponentType<IconProps>;
}

export type MenuEntry = (MenuEntryBase & MenuLink) | (MenuEntryBase & { children: MenuLink[] });

/** The sidebar, in order. */
export const MENU: readonly MenuEntry[] = [
  { label: 'Sponsors', to: '/', permission: 'sponsors.manage', icon: IconBuilding, activeOn: ['/sponsors', '/sponsor/'] },
  // Every campaign, of every sponsor; a sponsor's own campaigns stay under Sponsors.
  { label: 'Campañas', to: '/campanas', permission: 'sponsors.manage', icon: IconSpeakerphone },
  { label: 'Usuarios', to: '/users', permission: 'users.manage', icon: IconUsers },
  { label: 'Categorías', to: '/categorias', permission: 'categories.manage', icon: IconCategory },
  { label: 'DSP', to: '/dsp-config', permission: 'dsps.manage', icon: IconPlug, activeOn: ['/customers/'] },
  {
    label: 'Operaciones',
    permission: 'operations.view',
    icon: IconCalendar,
    children: [{ label: 'Agendamientos', to: '/agendamientos' }],
  },
  { label: 'Auditoría', to: '/auditoria', permission: 'audit.view', icon: IconHistory },
];

/** The entries this user may see. */
export const menuFor = (user: SessionUser | null): MenuEntry[] =>
  MENU.filter((entry) => hasPermission(user, entry.permission));

export const isLinkActive = (link: MenuLink, pathname: string): boolean =>
  pathname === link.to ||
  (link.to !== '/' && pathname.startsWith(`${link.to}/`)) ||
  Boolean(link.activeOn?.some((prefix) => pathname.startsWith(prefix)));
