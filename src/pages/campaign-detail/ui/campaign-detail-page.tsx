import { Button } from '@mantine/core';
import { Link, getRouteApi } from '@tanstack/react-router';
import { EmptyState, IconArrowLeft, PageHeader } from '@/shared/ui';

const route = getRouteApi('/protected/sponsor/$sponsorId/campaign/$campanaId');

export function CampaignDetailPage() {
  const { sponsorId, campanaId } = route.useParams();

  return (
    <>
      <Button
        renderRoot={(props) => <Link to="/sponsor/$sponsorId" params={{ sponsorId }} {...props} />}
        variant="subtle"
        leftSection={<IconArrowLeft size={16} />}
        mb="sm"
        px={0}
      >
        Volver al sponsor
      </Button>
      <PageHeader title="Detalle de la campaña" description={`ID: ${campanaId} • Sponsor ${sponsorId}`} />
      <EmptyState title="Sección en preparación" text="Esta sección todavía no está disponible." />
    </>
  );
}
