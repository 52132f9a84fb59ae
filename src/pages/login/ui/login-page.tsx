import { SignInForm } from '@/features/sign-in';
import { PublicCard } from '@/shared/ui/public-card';

export function LoginPage() {
  return (
    <PublicCard title="Bienvenido" description="Inicia sesión con tu correo y contraseña.">
      <SignInForm />
    </PublicCard>
  );
}
