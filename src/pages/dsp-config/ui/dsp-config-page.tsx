import { EmptyState } from '@/shared/ui/empty-state';
import { PageHeader } from '@/shared/ui/page-header';

export function DspConfigPage() {
  return (
    <>
      <PageHeader title="Configuración de DSP" />
      <EmptyState title="Sección en preparación" text="Esta sección todavía no está disponible." />
    </>
  );
}
