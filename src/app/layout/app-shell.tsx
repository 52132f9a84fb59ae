import { AppShell, Burger, Group, ScrollArea, Stack, Text } from '@mantine/core';
import { useDisclosure, useMediaQuery } from '@mantine/hooks';
import { Outlet } from '@tanstack/react-router';
import { Suspense, useEffect, useRef, useState, type MouseEvent } from 'react';
import { useSessionStore } from '@/shared/auth';
import { COMPANY_NAME } from '@/shared/config';
import { LoadingState } from '@/shared/ui/loading-state';
import { keepFocusOnThePage } from '@/shared/ui/modal';
import { PanelProviders } from '../setup/panel-providers';
import { MainNav } from './main-nav';
import { PanelCommands } from './panel-commands';
import { useHeadingFocusOnNavigate } from './use-heading-focus';
import { useProfileRefresh } from './use-profile-refresh';
import { useKeptColorScheme } from '@/features/choose-color-scheme';
import { UserMenu } from './user-menu';

const MAIN_CONTENT_ID = 'contenido';
/** Mantine's 'md' breakpoint: from here up the sidebar is always shown. */
const WIDE_SCREEN = '(min-width: 62em)';

/** Moves focus to the page's content, past the top bar and the menu. */
const skipToContent = (event: MouseEvent<HTMLAnchorElement>) => {
  // Focused by hand rather than through the URL's hash, which the router would take as a navigation.
  event.preventDefault();
  document.getElementById(MAIN_CONTENT_ID)?.focus();
};

/** The protected screens' frame: top bar, sidebar (slide-over below 'md'), content and footer. */
export function AppShellLayout() {
  useProfileRefresh();
  useKeptColorScheme();
  useHeadingFocusOnNavigate();
  // Focus never falls to the body because what held it went away.
  useEffect(() => keepFocusOnThePage(), []);
  const [menuOpened, { toggle: toggleMenu, close: closeMenu }] = useDisclosure(false);
  const wide = useMediaQuery(WIDE_SCREEN, false, { getInitialValueInEffect: false });
  const burgerRef = useRef<HTMLButtonElement>(null);
  const user = useSessionStore((state) => state.user);
  const name = user?.name.trim() || 'Usuario';
  const roles = user?.rol.filter(Boolean).join(', ') || 'Sin rol';
  // Folded away on a narrow screen, the menu is out of sight: its links must be out of reach of
  // the keyboard and screen readers too, not only moved off screen.
  const menuHidden = !wide && !menuOpened;
  // On a phone the menu's links are built the first time it opens, not with every screen.
  const [menuWanted, setMenuWanted] = useState(!menuHidden);
  if (!menuHidden && !menuWanted) setMenuWanted(true);

  // Escape folds the open slide-over menu and puts focus back on the button that opened it.
  useEffect(() => {
    if (wide || !menuOpened) return;
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key !== 'Escape') return;
      closeMenu();
      burgerRef.current?.focus();
    };
    document.addEventListener('keydown', onKeyDown);
    return () => document.removeEventListener('keydown', onKeyDown);
  }, [wide, menuOpened, closeMenu]);

  return (
    <PanelProviders>
      <a href={`#${MAIN_CONTENT_ID}`} className="skip-link" onClick={skipToContent}>
        Saltar al contenido
      </a>
      <AppShell
      header={{ height: 60 }}
      navbar={{ width: 260, breakpoint: 'md', collapsed: { mobile: !menuOpened } }}
      padding="md"
    >
      <AppShell.Header>
        <Group h="100%" px="md" justify="space-between" wrap="nowrap">
          <Group gap="sm" wrap="nowrap">
            <Burger
              ref={burgerRef}
              opened={menuOpened}
              aria-expanded={menuOpened}
              aria-controls="menu-principal"
              onClick={toggleMenu}
              hiddenFrom="md"
              size="sm"
              aria-label={menuOpened ? 'Cerrar menú' : 'Abrir menú'}
            />
            <Text fw={700} size="lg">
              Panel de Control
            </Text>
          </Group>
          <Group gap="sm" wrap="nowrap">
            <PanelCommands />
            <UserMenu name={name} email={user?.email} />
          </Group>
        </Group>
      </AppShell.Header>

      <AppShell.Navbar id="menu-principal" p="md" aria-label="Menú principal" inert={menuHidden}>
        <AppShell.Section mb="md">
          <Stack gap={0}>
            <Text fw={600} truncate="end">
              {name}
            </Text>
            <Text size="sm" c="dimmed">
              {roles}
            </Text>
          </Stack>
        </AppShell.Section>
        <AppShell.Section grow component={ScrollArea}>
          {menuWanted ? <MainNav onNavigate={closeMenu} /> : null}
        </AppShell.Section>
      </AppShell.Navbar>

      <AppShell.Main id={MAIN_CONTENT_ID} tabIndex={-1} className="main-content">
        <div className="main-content__page">
          <Suspense fallback={<LoadingState label="Cargando página..." />}>
            <Outlet />
          </Suspense>
        </div>
        {/* At the end of the page rather than fixed: a fixed footer would cover 40 px of a phone. */}
        <footer className="main-content__footer">
          <Text size="sm" c="dimmed" ta="center">
            {`© ${new Date().getFullYear()} ${COMPANY_NAME}`}
          </Text>
        </footer>
      </AppShell.Main>
      </AppShell>
    </PanelProviders>
  );
}
