import { EmptyState } from '@/shared/ui/empty-state';
import { PageHeader } from '@/shared/ui/page-header';

export function PlansPage() {
  return (
    <>
      <PageHeader title="Planes de Asistencia" />
      <EmptyState title="Sección en preparación" text="Esta sección todavía no está disponible." />
    </>
  );
}
