import { Button } from '@mantine/core';
import { useSignOut } from '@/features/sign-out';

/** 'Cerrar esta sesión' on the session in use is signing out: the same call, then /login. */
export function SignOutSessionButton() {
  const { signOut, busy } = useSignOut();
  return (
    <Button variant="outline" color="red" onClick={signOut} disabled={busy} aria-label="Cerrar esta sesión (la actual)">
      {busy ? 'Cerrando…' : 'Cerrar esta sesión'}
    </Button>
  );
}
