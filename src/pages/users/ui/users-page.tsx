import { Navigate } from '@tanstack/react-router';
import { hasPermission, useSessionStore } from '@/shared/auth';
import { EmptyState, PageHeader } from '@/shared/ui';

export function UsersPage() {
  const user = useSessionStore((state) => state.user);
  // Spec section 6: only who manages users reaches this screen.
  if (!hasPermission(user, 'users.manage')) return <Navigate to="/" replace />;

  return (
    <>
      <PageHeader title="Gestión de Usuarios" />
      <EmptyState title="Sección en preparación" text="Esta sección todavía no está disponible." />
    </>
  );
}
