import { EmptyState, PageHeader } from '@/shared/ui';

export function ServicesPage() {
  return (
    <>
      <PageHeader title="Servicios" />
      <EmptyState title="Sección en preparación" text="Esta sección todavía no está disponible." />
    </>
  );
}
