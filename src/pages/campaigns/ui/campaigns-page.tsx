import { EmptyState, PageHeader } from '@/shared/ui';

export function CampaignsPage() {
  return (
    <>
      <PageHeader title="Campañas" />
      <EmptyState title="Sección en preparación" text="Esta sección todavía no está disponible." />
    </>
  );
}
