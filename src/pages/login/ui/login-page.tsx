import { getRouteApi } from '@tanstack/react-router';
import { SignInForm } from '@/features/sign-in';
import { PublicCard } from '@/shared/ui/public-card';

const route = getRouteApi('/login');

export function LoginPage() {
  const { redirect } = route.useSearch();
  return (
    <PublicCard title="Bienvenido" description="Inicia sesión con tu correo y contraseña.">
      <SignInForm redirect={redirect} />
    </PublicCard>
  );
}
