import { SimpleGrid, Stack } from '@mantine/core';
import { useEffect } from 'react';
import { ChangePasswordForm } from '@/features/change-password';
import { PageHeader } from '@/shared/ui/page-header';
import { AccountSection } from './account-section';
import { ProfileCard } from './profile-card';
import { SessionsSection } from './sessions-section';

const PAGE_TITLE = 'Mi cuenta · Panel de Control';

/** 'Mi cuenta': every signed-in person's profile, password and open sessions; no permission needed. */
export function AccountPage() {
  // The app has no per-route titles; this tab says where the person is, and leaving restores it.
  useEffect(() => {
    const previous = document.title;
    document.title = PAGE_TITLE;
    return () => {
      document.title = previous;
    };
  }, []);

  return (
    <Stack gap="md">
      <PageHeader title="Mi cuenta" description="Tus datos, tu contraseña y los dispositivos con tu sesión abierta" />
      <SimpleGrid cols={{ base: 1, lg: 2 }} spacing="md">
        <AccountSection id="account-profile" title="Perfil">
          <ProfileCard />
        </AccountSection>
        <AccountSection id="account-password" title="Cambiar contraseña">
          <ChangePasswordForm />
        </AccountSection>
      </SimpleGrid>
      <SessionsSection />
    </Stack>
  );
}
