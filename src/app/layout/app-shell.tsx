import { AppShell, Burger, Group, ScrollArea, Stack, Text } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { Outlet } from '@tanstack/react-router';
import { Suspense } from 'react';
import { useSessionStore } from '@/shared/auth';
import { COMPANY_NAME } from '@/shared/config';
import { LoadingState } from '@/shared/ui/loading-state';
import { PanelProviders } from '../setup/panel-providers';
import { MainNav } from './main-nav';
import { useProfileRefresh } from './use-profile-refresh';
import { UserMenu } from './user-menu';

/** The protected screens' frame: top bar, sidebar (slide-over below 'md'), content and footer. */
export function AppShellLayout() {
  useProfileRefresh();
  const [menuOpened, { toggle: toggleMenu, close: closeMenu }] = useDisclosure(false);
  const user = useSessionStore((state) => state.user);
  const name = user?.name.trim() || 'Usuario';
  const roles = user?.rol.filter(Boolean).join(', ') || 'Sin rol';

  return (
    <PanelProviders>
      <AppShell
      header={{ height: 60 }}
      footer={{ height: 40 }}
      navbar={{ width: 260, breakpoint: 'md', collapsed: { mobile: !menuOpened } }}
      padding="md"
    >
      <AppShell.Header>
        <Group h="100%" px="md" justify="space-between" wrap="nowrap">
          <Group gap="sm" wrap="nowrap">
            <Burger
              opened={menuOpened}
              onClick={toggleMenu}
              hiddenFrom="md"
              size="sm"
              aria-label={menuOpened ? 'Cerrar menú' : 'Abrir menú'}
            />
            <Text fw={700} size="lg">
              Panel de Control
            </Text>
          </Group>
          <UserMenu name={name} email={user?.email} />
        </Group>
      </AppShell.Header>

      <AppShell.Navbar p="md" aria-label="Menú principal">
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
          <MainNav onNavigate={closeMenu} />
        </AppShell.Section>
      </AppShell.Navbar>

      <AppShell.Main>
        <Suspense fallback={<LoadingState label="Cargando página..." />}>
          <Outlet />
        </Suspense>
      </AppShell.Main>

      <AppShell.Footer px="md">
        <Group h="100%" justify="center">
          <Text size="sm" c="dimmed">
            {`© ${new Date().getFullYear()} ${COMPANY_NAME}`}
          </Text>
        </Group>
      </AppShell.Footer>
      </AppShell>
    </PanelProviders>
  );
}
