import { getRouteApi } from '@tanstack/react-router';
import { RecoverPasswordWizard } from '@/features/recover-password';
import { PublicCard } from '@/shared/ui/public-card';

const route = getRouteApi('/recover');

export function RecoverPage() {
  const { redirect } = route.useSearch();
  return (
    <PublicCard title="Recuperar contraseña" width={480}>
      <RecoverPasswordWizard redirect={redirect} />
    </PublicCard>
  );
}
