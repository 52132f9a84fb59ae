import { NavLink, Stack } from '@mantine/core';
import { Link, useLocation, useRouter } from '@tanstack/react-router';
import { useState, type ReactNode } from 'react';
import { useSessionStore } from '@/shared/auth';
import { isLinkActive, menuFor, type MenuEntry, type MenuLink } from './menu';

interface MainNavProps {
  /** Called when a link is chosen, so the slide-over menu can close. */
  onNavigate: () => void;
}

/** The sidebar's entries the signed-in user may see, the current one highlighted. */
export function MainNav({ onNavigate }: MainNavProps) {
  const user = useSessionStore((state) => state.user);
  const pathname = useLocation({ select: (location) => location.pathname });
  const { routeTree } = useRouter();

  return (
    <Stack gap={4}>
      {menuFor(user, routeTree).map((entry) =>
        'children' in entry ? (
          <MenuGroup key={entry.label} entry={entry} links={entry.children} pathname={pathname} onNavigate={onNavigate} />
        ) : (
          <MenuItem
            key={entry.label}
            link={entry}
            icon={entry.icon ? <entry.icon /> : undefined}
            pathname={pathname}
            onNavigate={onNavigate}
          />
        ),
      )}
    </Stack>
  );
}

interface MenuItemProps {
  link: MenuLink;
  icon?: ReactNode;
  pathname: string;
  onNavigate: () => void;
}

function MenuItem({ link, icon, pathname, onNavigate }: MenuItemProps) {
  return (
    <NavLink
      component={Link}
      to={link.to}
      activeOptions={{ exact: true }}
      label={link.label}
      leftSection={icon}
      active={isLinkActive(link, pathname)}
      onClick={onNavigate}
    />
  );
}

interface MenuGroupProps {
  entry: Extract<MenuEntry, { children: MenuLink[] }>;
  links: MenuLink[];
  pathname: string;
  onNavigate: () => void;
}

function MenuGroup({ entry, links, pathname, onNavigate }: MenuGroupProps) {
  const containsActive = links.some((link) => isLinkActive(link, pathname));
  const [opened, setOpened] = useState(containsActive);

  return (
    <NavLink
      component="button"
      type="button"
      label={entry.label}
      leftSection={<entry.icon />}
      opened={opened}
      onChange={setOpened}
      aria-expanded={opened}
      active={containsActive && !opened}
    >
      {links.map((link) => (
        <MenuItem key={link.to} link={link} pathname={pathname} onNavigate={onNavigate} />
      ))}
    </NavLink>
  );
}
