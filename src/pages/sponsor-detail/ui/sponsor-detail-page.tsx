import { Button } from '@mantine/core';
import { Link, getRouteApi } from '@tanstack/react-router';
import { EmptyState, IconArrowLeft, PageHeader } from '@/shared/ui';

const route = getRouteApi('/protected/sponsor/$sponsorId');

export function SponsorDetailPage() {
  const { sponsorId } = route.useParams();

  return (
    <>
      <Button renderRoot={(props) => <Link to="/" {...props} />} variant="subtle" leftSection={<IconArrowLeft size={16} />} mb="sm" px={0}>
        Volver a Sponsors
      </Button>
      <PageHeader title="Detalle del sponsor" description={`ID: ${sponsorId}`} />
      <EmptyState title="Sección en preparación" text="Esta sección todavía no está disponible." />
    </>
  );
}
