import { EmptyState, PageHeader } from '@/shared/ui';

export function SponsorsPage() {
  return (
    <>
      <PageHeader title="Sponsors" description="Gestiona los sponsors del sistema" />
      <EmptyState title="Sección en preparación" text="Esta sección todavía no está disponible." />
    </>
  );
}
