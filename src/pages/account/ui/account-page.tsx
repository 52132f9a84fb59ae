import { SimpleGrid, Stack } from '@mantine/core';
import { ChangePasswordForm } from '@/features/change-password';
import { AuthenticatorAppSettings } from '@/features/manage-authenticator-app';
import { PageHeader } from '@/shared/ui/page-header';
import { AccountSection } from './account-section';
import { ColorSchemeControl } from './color-scheme-control';
import { ProfileCard } from './profile-card';
import { SessionsSection } from './sessions-section';

/** 'Mi cuenta': every signed-in person's profile, password, open sessions and theme; no permission needed. */
export function AccountPage() {
  return (
    <Stack gap="md">
      <PageHeader title="Mi cuenta" description="Tus datos, tu contraseña, tu segundo factor, los dispositivos con tu sesión abierta y el tema del panel" />
      <SimpleGrid cols={{ base: 1, lg: 2 }} spacing="md">
        <AccountSection id="account-profile" title="Perfil">
          <ProfileCard />
        </AccountSection>
        <AccountSection id="account-password" title="Cambiar contraseña">
          <ChangePasswordForm />
        </AccountSection>
      </SimpleGrid>
      <AccountSection id="account-second-factor" title="Aplicación de autenticación">
        <AuthenticatorAppSettings />
      </AccountSection>
      <SessionsSection />
      <AccountSection id="account-appearance" title="Apariencia">
        <ColorSchemeControl />
      </AccountSection>
    </Stack>
  );
}
