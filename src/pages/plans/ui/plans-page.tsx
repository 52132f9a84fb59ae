import { EmptyState, PageHeader } from '@/shared/ui';

export function PlansPage() {
  return (
    <>
      <PageHeader title="Planes de Asistencia" />
      <EmptyState title="Sección en preparación" text="Esta sección todavía no está disponible." />
    </>
  );
}
