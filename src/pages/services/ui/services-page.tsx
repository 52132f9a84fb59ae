import { EmptyState } from '@/shared/ui/empty-state';
import { PageHeader } from '@/shared/ui/page-header';

export function ServicesPage() {
  return (
    <>
      <PageHeader title="Servicios" />
      <EmptyState title="Sección en preparación" text="Esta sección todavía no está disponible." />
    </>
  );
}
