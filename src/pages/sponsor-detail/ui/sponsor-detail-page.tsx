import { Button, Card, Group, SimpleGrid, Skeleton, Stack, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { Link, getRouteApi, useNavigate } from '@tanstack/react-router';
import { useState } from 'react';
import { CAMPAIGN_FALLBACKS, CampaignCard, CampaignCardSkeleton, CampaignDetailsButton, campaignDeletion, campaignQueries, type Campaign } from '@/entities/campaign';
import { SPONSOR_FALLBACKS, SponsorFacts, SponsorLogo, sponsorDeletion, sponsorQueries, sponsorWebsiteHref, type Sponsor } from '@/entities/sponsor';
import { DeleteWithConfirmation } from '@/features/delete-with-confirmation';
import { CampaignFormModal } from '@/features/edit-campaign';
import { SponsorFormModal } from '@/features/edit-sponsor';
import { HistoryButton } from '@/features/view-change-history';
import { SavedViewsMenu } from '@/features/saved-views';
import { errorMessage } from '@/shared/api';
import { hasPermission, useSessionStore } from '@/shared/auth';
import { searchNumber } from '@/shared/lib';
import { useDeferredList, usePagedSearch } from '@/shared/lib/paged-search';
import { ListState, ListTotal } from '@/shared/ui/list-state';
import { ErrorAlert } from '@/shared/ui/error-alert';
import { SkeletonGrid } from '@/shared/ui/skeleton-grid';
import { IconArrowLeft, IconEdit, IconPlus, IconTrash } from '@/shared/ui/icons';
import { RecordActions } from '@/shared/ui/record-actions';
import { ListFooter } from '@/shared/ui/list-footer';
import { SearchInput } from '@/shared/ui/search-input';
import { Breadcrumbs } from '@/shared/ui/breadcrumbs';
import { sponsorCampaignsParams } from '../model/search';

const route = getRouteApi('/protected/sponsor/$sponsorId');

/** /sponsor/{sponsorId}: the sponsor's header card and its campaigns. */
export function SponsorDetailPage() {
  const { sponsorId } = route.useParams();
  const id = searchNumber(sponsorId) ?? null;
  const sponsor = useQuery({ ...sponsorQueries.detail(id ?? 0), enabled: id !== null });

  return (
    <Stack gap="lg">
      <Stack gap={4} align="flex-start">
        <Breadcrumbs items={[{ label: 'Sponsors', link: (props) => <Link to="/" {...props} /> }, { label: sponsor.data?.name ?? 'Sponsor' }]} />
        <Button renderRoot={(props) => <Link to="/" {...props} />} variant="subtle" leftSection={<IconArrowLeft size={16} />} px={0}>
          Volver a Sponsors
        </Button>
      </Stack>
      {id === null ? (
        <ErrorAlert message="El sponsor no existe." />
      ) : sponsor.isPending ? (
        <HeaderSkeleton />
      ) : sponsor.isError ? (
        <ErrorAlert error={sponsor.error} message={errorMessage(sponsor.error, SPONSOR_FALLBACKS.load)} onRetry={() => void sponsor.refetch()} retrying={sponsor.isFetching} />
      ) : (
        <>
          <SponsorHeader sponsor={sponsor.data} />
          <SponsorCampaigns sponsor={sponsor.data} />
        </>
      )}
    </Stack>
  );
}

function HeaderSkeleton() {
  return (
    <Card withBorder radius="md" padding="lg" aria-busy="true" aria-label="Cargando sponsor">
      <Group gap="lg" wrap="nowrap">
        <Skeleton height={96} width={96} radius="md" />
        <Stack gap="xs" style={{ flexGrow: 1 }}>
          <Skeleton height={24} width="40%" />
          <Skeleton height={12} width="25%" />
          <Skeleton height={12} width="35%" />
        </Stack>
      </Group>
    </Card>
  );
}

function SponsorHeader({ sponsor }: { sponsor: Sponsor }) {
  const navigate = useNavigate();
  const [editing, setEditing] = useState(false);
  const [deleting, setDeleting] = useState<Sponsor | null>(null);
  const href = sponsorWebsiteHref(sponsor);
  // The server answers a record's history only to who may edit it.
  const canEdit = useSessionStore((state) => hasPermission(state.user, 'sponsors.manage'));

  return (
    <Card withBorder radius="md" padding="lg">
      <Group justify="space-between" align="flex-start" gap="lg">
        <Group gap="lg" wrap="nowrap" align="flex-start" miw={0}>
          <SponsorLogo name={sponsor.name} logoUrl={sponsor.logo_url} size={96} />
          <Stack gap={4} miw={0}>
            <Title order={1} size="h2">
              {sponsor.name}
            </Title>
            <Text size="sm" c="dimmed">{`ID: ${sponsor.id}`}</Text>
            <SponsorFacts sponsor={sponsor} />
          </Stack>
        </Group>
        <Group gap="xs">
          {href ? (
            <Button component="a" href={href} target="_blank" rel="noopener noreferrer" variant="light">
              Visitar sitio
            </Button>
          ) : null}
          {canEdit ? <HistoryButton resource="sponsor" id={sponsor.id} name={sponsor.name} /> : null}
          <Button variant="default" leftSection={<IconEdit size={16} />} onClick={() => setEditing(true)}>
            Editar
          </Button>
          <Button variant="outline" color="red" leftSection={<IconTrash size={16} />} onClick={() => setDeleting(sponsor)}>
            Eliminar
          </Button>
        </Group>
      </Group>
      <SponsorFormModal opened={editing} sponsor={sponsor} onClose={() => setEditing(false)} />
      <DeleteWithConfirmation target={deleting} deletion={sponsorDeletion} onClose={() => setDeleting(null)} onDeleted={() => void navigate({ to: '/', replace: true })} />
    </Card>
  );
}

function SponsorCampaigns({ sponsor }: { sponsor: Sponsor }) {
  const search = route.useSearch();
  const list = useDeferredList(useQuery(campaignQueries.list(sponsorCampaignsParams(sponsor.id, search))));
  const { setSearchText, setPage, stepBackAfterDelete } = usePagedSearch(search, list);
  const [form, setForm] = useState<{ opened: boolean; campaign: Campaign | null }>({ opened: false, campaign: null });
  const [deleting, setDeleting] = useState<Campaign | null>(null);
  const data = list.data;

  const openNew = () => setForm({ opened: true, campaign: null });

  return (
    <Stack gap="md" component="section" aria-labelledby="sponsor-campaigns-title">
      <Group justify="space-between" align="flex-end" gap="sm">
        <Title order={2} size="h3" id="sponsor-campaigns-title">
          Campañas
        </Title>
        <Group gap="sm">
          <SavedViewsMenu list="sponsor-campaigns" />
          <Button leftSection={<IconPlus size={16} />} onClick={openNew} data-shortcut="new">
            Nueva Campaña
          </Button>
        </Group>
      </Group>
      <SearchInput
        label="Buscar campañas"
        placeholder="Buscar campañas..."
        value={search.q}
        maw={360}
        onSearch={setSearchText}
      />
      {data ? <ListTotal total={data.total} estimated={data.total_is_estimate} one="campaña" many="campañas" /> : null}
      <ListState
        list={list}
        loading={<SkeletonGrid label="Cargando campañas" skeleton={<CampaignCardSkeleton />} />}
        errorFallback={CAMPAIGN_FALLBACKS.list}
        filtered={Boolean(search.q)}
        empty={{
          title: 'No hay campañas',
          text: 'Este sponsor todavía no tiene campañas.',
          action: (
            <Button leftSection={<IconPlus size={16} />} onClick={openNew}>
              Nueva Campaña
            </Button>
          ),
        }}
        emptyFiltered={{ title: 'No hay campañas', text: 'No se encontraron campañas con ese criterio de búsqueda.' }}
      >
        {(campaigns) => (
          <SimpleGrid cols={{ base: 1, sm: 2, md: 3 }} spacing="md">
            {campaigns.map((campaign) => (
              <CampaignCard
                key={campaign.id}
                campaign={campaign}
                sponsorName={sponsor.name}
                actions={
                  <RecordActions onEdit={() => setForm({ opened: true, campaign })} onDelete={() => setDeleting(campaign)}>
                    <CampaignDetailsButton campaign={campaign} />
                  </RecordActions>
                }
              />
            ))}
          </SimpleGrid>
        )}
      </ListState>
      <ListFooter list={list} withTotal={false} onChange={setPage} />
      <CampaignFormModal
        opened={form.opened}
        sponsor={sponsor}
        campaign={form.campaign}
        onClose={() => setForm((current) => ({ ...current, opened: false }))}
      />
      <DeleteWithConfirmation
        target={deleting}
        deletion={campaignDeletion}
        onClose={() => setDeleting(null)}
        onDeleted={stepBackAfterDelete}
      />
    </Stack>
  );
}
