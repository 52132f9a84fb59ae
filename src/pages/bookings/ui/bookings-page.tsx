import { EmptyState, PageHeader } from '@/shared/ui';

export function BookingsPage() {
  return (
    <>
      <PageHeader title="Agendamientos" />
      <EmptyState title="Sección en preparación" text="Esta sección todavía no está disponible." />
    </>
  );
}
