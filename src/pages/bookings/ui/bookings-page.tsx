import { EmptyState } from '@/shared/ui/empty-state';
import { PageHeader } from '@/shared/ui/page-header';

export function BookingsPage() {
  return (
    <>
      <PageHeader title="Agendamientos" />
      <EmptyState title="Sección en preparación" text="Esta sección todavía no está disponible." />
    </>
  );
}
