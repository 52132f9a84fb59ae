import { RecoverPasswordWizard } from '@/features/recover-password';
import { PublicCard } from '@/shared/ui/public-card';

export function RecoverPage() {
  return (
    <PublicCard title="Recuperar contraseña" width={480}>
      <RecoverPasswordWizard />
    </PublicCard>
  );
}
