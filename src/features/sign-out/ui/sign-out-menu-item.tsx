import { Menu } from '@mantine/core';
import { IconLogout } from '@/shared/ui/icons';
import { useSignOut } from '../model/use-sign-out';

/** The avatar menu's 'Cerrar sesión'; stays open showing 'Cerrando…' while the call runs. */
export function SignOutMenuItem() {
  const { signOut, busy } = useSignOut();
  return (
    <Menu.Item
      color="red"
      leftSection={<IconLogout size={16} />}
      onClick={signOut}
      disabled={busy}
      closeMenuOnClick={false}
    >
      {busy ? 'Cerrando…' : 'Cerrar sesión'}
    </Menu.Item>
  );
}
