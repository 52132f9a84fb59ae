import type { Permission } from '@contract/permissions';
import type { AnyRoute, RegisteredRouter } from '@tanstack/react-router';
import type { ComponentType } from 'react';
import { hasPermission, type SessionUser } from '@/shared/auth';
import { IconBuilding, IconCalendar, IconCategory, IconHistory, IconPlug, IconSpeakerphone, IconUsers, type IconProps } from '@/shared/ui/icons';

/** A path the router knows. */
type AppPath = keyof RegisteredRouter['routesByPath'];

export interface MenuLink {
  label: string;
  to: AppPath;
  /** Other path prefixes that belong to this entry, so it stays highlighted on its sub-screens. */
  activeOn?: string[];
}

/**
 * The sidebar's icons, which a screen's `menu.icon` names: by name, so that the route table (in the
 * entry, which the sign-in pages load) carries no icon; they come with the signed-in layout.
 */
const MENU_ICONS = {
  sponsors: IconBuilding,
  campaigns: IconSpeakerphone,
  users: IconUsers,
  categories: IconCategory,
  dsps: IconPlug,
  audit: IconHistory,
} satisfies Record<string, ComponentType<IconProps>>;

export type MenuIconName = keyof typeof MENU_ICONS;

/** The folders of the sidebar: a screen names one in its `menu.group` to sit inside it. */
const MENU_GROUPS = {
  Operaciones: IconCalendar,
} satisfies Record<string, ComponentType<IconProps>>;

export type MenuGroupName = keyof typeof MENU_GROUPS;

/** A screen's place in the sidebar, declared on its route (`staticData.menu`). */
export interface MenuPlacement {
  /** The entry's text; the screen's title when not given. */
  label?: string;
  /** Its icon; a screen inside a group shows none of its own. */
  icon?: MenuIconName;
  group?: MenuGroupName;
  activeOn?: string[];
  /** Who sees the entry of a screen open to everyone (read-only for the others); a guarded
   * screen's entry shows to who holds the route's `permission`. */
  permission?: Permission;
}

export type MenuEntry =
  | (MenuLink & { icon?: ComponentType<IconProps> })
  | { label: MenuGroupName; icon: ComponentType<IconProps>; children: MenuLink[] };

interface Inherited {
  title?: string;
  permission?: Permission;
}

/** Every route of the tree in the order it was declared, with the title and permission it inherits. */
function* declaredRoutes(route: AnyRoute, inherited: Inherited = {}): Generator<[AnyRoute, Inherited]> {
  const { title = inherited.title, permission = inherited.permission } = route.options.staticData ?? {};
  yield [route, { title, permission }];
  for (const child of (route.children ?? []) as AnyRoute[]) yield* declaredRoutes(child, { title, permission });
}

/**
 * The sidebar this user sees: the routes that declare a menu place, in their order, each shown
 * to who may use it; a group where its first screen is.
 */
export function menuFor(user: SessionUser | null, routeTree: AnyRoute): MenuEntry[] {
  const entries: MenuEntry[] = [];
  for (const [route, { title, permission }] of declaredRoutes(routeTree)) {
    const menu = route.options.staticData?.menu;
    const shownTo = menu?.permission ?? permission;
    if (!menu || (shownTo && !hasPermission(user, shownTo))) continue;
    const link: MenuLink = { label: menu.label ?? title ?? '', to: route.fullPath as AppPath, activeOn: menu.activeOn };
    if (!menu.group) {
      entries.push({ ...link, icon: menu.icon && MENU_ICONS[menu.icon] });
      continue;
    }
    const group = entries.find((entry) => 'children' in entry && entry.label === menu.group);
    if (group && 'children' in group) group.children.push(link);
    else entries.push({ label: menu.group, icon: MENU_GROUPS[menu.group], children: [link] });
  }
  return entries;
}

export const isLinkActive = (link: MenuLink, pathname: string): boolean =>
  pathname === link.to ||
  (link.to !== '/' && pathname.startsWith(`${link.to}/`)) ||
  Boolean(link.activeOn?.some((prefix) => pathname.startsWith(prefix)));
