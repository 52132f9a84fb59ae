import { Badge, Box, Button, Card, Grid, Group, SimpleGrid, Skeleton, Stack, Tabs, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { Link, getRouteApi } from '@tanstack/react-router';
import {
  CAMPAIGN_FALLBACKS,
  CampaignImage,
  CampaignStatusBadge,
  campaignQueries,
  formatBudget,
  formatCampaignDate,
  type Campaign,
} from '@/entities/campaign';
import { PLAN_FALLBACKS } from '@/entities/plan';
import { HistoryButton } from '@/features/view-change-history';
import { errorMessage } from '@/shared/api';
import { hasPermission, useSessionStore } from '@/shared/auth';
import { searchNumber } from '@/shared/lib';
import { ErrorAlert } from '@/shared/ui/error-alert';
import { IconArrowLeft } from '@/shared/ui/icons';
import { Breadcrumbs } from '@/shared/ui/breadcrumbs';
import type { CampaignDetailSearch, CampaignTab } from '../model/search';
import { CategoriesTab } from './categories-tab';
import { PlansTab } from './plans-tab';
import { ServicesTab } from './services-tab';

const route = getRouteApi('/protected/sponsor/$sponsorId/campaign/$campanaId');

/** /sponsor/{sponsorId}/campaign/{campanaId}: the campaign's header and its three tabs. */
export function CampaignDetailPage() {
  const { sponsorId, campanaId } = route.useParams();
  const id = searchNumber(campanaId) ?? null;
  const campaign = useQuery({ ...campaignQueries.detail(id ?? 0), enabled: id !== null });

  const back = (label: string) => (
    <Button
      renderRoot={(props) => <Link to="/sponsor/$sponsorId" params={{ sponsorId }} {...props} />}
      variant="subtle"
      leftSection={<IconArrowLeft size={16} />}
      px={0}
    >
      {label}
    </Button>
  );

  // A failed first load has nothing to show; a failed reload keeps what is on screen (below).
  if (id === null || (campaign.isError && !campaign.data)) {
    return (
      <Stack gap="md" align="flex-start">
        <ErrorAlert error={campaign.error} message={id === null ? 'La campaña no existe.' : errorMessage(campaign.error, CAMPAIGN_FALLBACKS.load)} />
        {back('Volver')}
      </Stack>
    );
  }

  return (
    <Stack gap="lg">
      <Stack gap={4} align="flex-start">
        <Breadcrumbs
          items={[
            { label: 'Sponsors', link: (props) => <Link to="/" {...props} /> },
            { label: campaign.data?.sponsor?.name ?? 'Sponsor', link: (props) => <Link to="/sponsor/$sponsorId" params={{ sponsorId }} {...props} /> },
            { label: campaign.data?.name ?? 'Campaña' },
          ]}
        />
        {back('Volver al sponsor')}
      </Stack>
      {campaign.isPending ? <HeaderSkeleton /> : <CampaignHeader campaign={campaign.data} />}
      {campaign.isError ? (
        <ErrorAlert tone="warning" message={PLAN_FALLBACKS.reload} onRetry={() => void campaign.refetch()} retrying={campaign.isFetching} />
      ) : null}
      {campaign.data ? <CampaignTabs campaign={campaign.data} /> : null}
    </Stack>
  );
}

function HeaderSkeleton() {
  return (
    <Card withBorder radius="md" padding="lg" aria-busy="true" aria-label="Cargando campaña">
      <Grid gap="lg">
        <Grid.Col span={{ base: 12, sm: 4 }}>
          <Skeleton height={180} radius="md" />
        </Grid.Col>
        <Grid.Col span={{ base: 12, sm: 7 }}>
          <Stack gap="sm">
            <Skeleton height={28} width="50%" />
            <Skeleton height={12} />
            <Skeleton height={12} width="80%" />
            <Skeleton height={12} width="40%" />
          </Stack>
        </Grid.Col>
      </Grid>
    </Card>
  );
}

function Fact({ label, value }: { label: string; value: string }) {
  return (
    <Stack gap={0}>
      <Text size="xs" c="dimmed" tt="uppercase" fw={600}>
        {label}
      </Text>
      <Text size="sm">{value}</Text>
    </Stack>
  );
}

function CampaignHeader({ campaign }: { campaign: Campaign }) {
  // The server answers a record's history only to who may edit it.
  const canEdit = useSessionStore((state) => hasPermission(state.user, 'sponsors.manage'));
  return (
    <Card withBorder radius="md" padding="lg">
      <Grid gap="lg">
        <Grid.Col span={{ base: 12, sm: 5 }}>
          {/* Whole, never cropped: the banner carries the campaign's name. */}
          <Box style={{ borderRadius: 'var(--mantine-radius-md)', overflow: 'hidden' }}>
            <CampaignImage name={campaign.name} imageUrl={campaign.image_url} />
          </Box>
        </Grid.Col>
        <Grid.Col span={{ base: 12, sm: 7 }}>
          <Stack gap="sm">
            <Group gap="sm" align="center" justify="space-between">
              <Group gap="sm" align="center">
                <Title order={1} size="h2">
                  {campaign.name}
                </Title>
                <CampaignStatusBadge status={campaign.status} />
              </Group>
              {canEdit ? <HistoryButton resource="campaign" id={campaign.id} name={campaign.name} /> : null}
            </Group>
            <Text c={campaign.description ? undefined : 'dimmed'}>{campaign.description || 'Sin descripción'}</Text>
            {/* Columns, not a wrapping row: on a phone the dates stay side by side, never 'Inicio' alone. */}
            <SimpleGrid cols={{ base: 2, sm: 3 }} spacing="lg" verticalSpacing="sm" mt="xs">
              <Fact label="Inicio" value={formatCampaignDate(campaign.start_date)} />
              <Fact label="Fin" value={formatCampaignDate(campaign.end_date)} />
              <Fact label="Presupuesto" value={formatBudget(campaign)} />
              <Fact label="País" value={campaign.country?.name ?? '—'} />
              <Fact label="Sponsor" value={campaign.sponsor?.name ?? '—'} />
            </SimpleGrid>
          </Stack>
        </Grid.Col>
      </Grid>
    </Card>
  );
}

function CampaignTabs({ campaign }: { campaign: Campaign }) {
  const { tab = 'planes' } = route.useSearch();
  const navigate = route.useNavigate();
  const plans = campaign.plans ?? [];
  const categories = campaign.categories ?? [];
  const services = plans.reduce((sum, plan) => sum + (plan.services?.length ?? 0), 0);

  const label = (text: string, count: number) => (
    <Group gap={6} wrap="nowrap">
      {text}
      <Badge size="sm" variant="filled" color="gray.7" autoContrast circle={count < 10}>
        {count}
      </Badge>
    </Group>
  );

  return (
    <Tabs
      value={tab}
      onChange={(value) =>
        void navigate({
          to: '.',
          search: (old: CampaignDetailSearch) => ({ ...old, tab: value === 'planes' ? undefined : (value as CampaignTab) }),
        })
      }
      keepMounted={false}
    >
      <Tabs.List>
        <Tabs.Tab value="planes">{label('Planes de Asistencia', plans.length)}</Tabs.Tab>
        <Tabs.Tab value="categorias">{label('Categorías', categories.length)}</Tabs.Tab>
        <Tabs.Tab value="servicios">{label('Servicios', services)}</Tabs.Tab>
      </Tabs.List>
      <Tabs.Panel value="planes" pt="md">
        <PlansTab campaign={campaign} />
      </Tabs.Panel>
      <Tabs.Panel value="categorias" pt="md">
        <CategoriesTab campaign={campaign} />
      </Tabs.Panel>
      <Tabs.Panel value="servicios" pt="md">
        <ServicesTab campaign={campaign} />
      </Tabs.Panel>
    </Tabs>
  );
}
