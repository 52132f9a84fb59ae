import { SimpleGrid, Stack } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { getRouteApi } from '@tanstack/react-router';
import { useMemo } from 'react';
import {
  CAMPAIGN_FALLBACKS,
  CAMPAIGN_STATUSES,
  CAMPAIGN_STATUS_LABELS,
  CampaignCard,
  CampaignCardSkeleton,
  CampaignDetailsButton,
  campaignQueries,
  type CampaignStatus,
} from '@/entities/campaign';
import { CountryFilter, useCountryFilterLabel } from '@/entities/country';
import { SPONSOR_FALLBACKS, sponsorQueries } from '@/entities/sponsor';
import { SelectItem, SelectionBar, useListSelection } from '@/features/act-on-many';
import { SavedViewsMenu } from '@/features/saved-views';
import { errorMessage } from '@/shared/api';
import { useDeferredList, usePagedSearch } from '@/shared/lib/paged-search';
import { ExportButton } from '@/shared/ui/export-button';
import { useOptionsWhileOpen } from '@/shared/lib/use-options-while-open';
import { useSearchedOptions } from '@/shared/lib/use-searched-options';
import { useWantedOnceSettled } from '@/shared/lib/use-screen-settled';
import { ActiveFilters, filterChips, optionLabel, searchChip } from '@/shared/ui/active-filters';
import { ListState, ListTotal } from '@/shared/ui/list-state';
import { Select } from '@/shared/ui/select';
import { SkeletonGrid } from '@/shared/ui/skeleton-grid';
import { PageHeader } from '@/shared/ui/page-header';
import { ListFooter } from '@/shared/ui/list-footer';
import { SearchInput } from '@/shared/ui/search-input';
import { campaignsListParams } from '../model/search';

const route = getRouteApi('/protected/campanas');
const ALL = 'all';
const ALL_SPONSORS = 'Todos los sponsors';

const STATUS_OPTIONS = [
  { value: ALL, label: 'Todos los estados' },
  ...CAMPAIGN_STATUSES.map((status) => ({ value: status, label: CAMPAIGN_STATUS_LABELS[status] })),
];

/** /campanas: every campaign across sponsors, filtered from the URL, each card linking to its page. */
export function CampaignsPage() {
  const search = route.useSearch();
  const params = campaignsListParams(search);
  const list = useDeferredList(useQuery(campaignQueries.list(params)));
  const selection = useListSelection('campaigns', list.data, (campaign) => campaign.name, params);
  const { setFilters, setSearchText, setPage } = usePagedSearch(search, list);
  // The sponsor filter's options come after the list, unless a sponsor is chosen or the filter opened;
  // typing searches them on the server (a large operator has a thousand).
  const sponsorFilter = useWantedOnceSettled(search.sponsor !== undefined);
  const sponsors = useSearchedOptions({
    search: sponsorQueries.options,
    one: sponsorQueries.detail,
    selected: search.sponsor,
    fixedLabels: [ALL_SPONSORS],
    enabled: sponsorFilter.wanted,
  });
  const data = list.data;

  const sponsorOptions = useMemo(() => [{ value: ALL, label: ALL_SPONSORS }, ...sponsors.options], [sponsors.options]);
  const idOrNothing = (value: string | null) => (value && value !== ALL ? Number(value) : undefined);
  const sponsor = search.sponsor ? String(search.sponsor) : ALL;
  const sponsorSelect = useOptionsWhileOpen(sponsorOptions, sponsor, sponsorFilter.want);
  const countryLabel = useCountryFilterLabel(search.country);
  const chips = filterChips(
    searchChip(search.q),
    search.status && { keys: ['status'], label: `Estado: ${optionLabel(STATUS_OPTIONS, search.status)}` },
    search.sponsor && { keys: ['sponsor'], label: `Sponsor: ${optionLabel(sponsorOptions, search.sponsor)}` },
    search.country && { keys: ['country'], label: `País: ${countryLabel}` },
  );

  return (
    <Stack gap="md">
      <PageHeader title="Campañas" description="Las campañas de todos los sponsors" actions={<><SavedViewsMenu list="campaigns" /><ExportButton list="v1/campaigns" params={campaignsListParams(search)} /></>} />
      {/* Four filters: two by two at tablet width, one line on a laptop. */}
      <SimpleGrid cols={{ base: 1, xs: 2, lg: 4 }} spacing="sm">
        <SearchInput
          label="Buscar campañas"
          placeholder="Buscar campañas..."
          value={search.q}
          onSearch={setSearchText}
        />
        <Select
          aria-label="Filtrar por estado"
          data={STATUS_OPTIONS}
          value={search.status ?? ALL}
          onChange={(value) => setFilters({ status: value && value !== ALL ? (value as CampaignStatus) : undefined })}
          allowDeselect={false}
        />
        <Select
          aria-label="Filtrar por sponsor"
          {...sponsorSelect}
          {...sponsors.selectProps}
          value={sponsor}
          onChange={(value) => setFilters({ sponsor: idOrNothing(value) })}
          placeholder={sponsors.isPending ? 'Cargando sponsors...' : ALL_SPONSORS}
          searchable
          allowDeselect={false}
          nothingFoundMessage={sponsors.searching ? 'Buscando…' : 'Ningún sponsor coincide'}
          error={sponsors.error ? errorMessage(sponsors.error, SPONSOR_FALLBACKS.list) : undefined}
        />
        <CountryFilter value={search.country} onChange={(country) => setFilters({ country })} />
      </SimpleGrid>
      <ActiveFilters filters={chips} onChange={setFilters} />
      {data ? <ListTotal total={data.total} estimated={data.total_is_estimate} one="campaña" many="campañas" /> : null}
      <SelectionBar
        selection={selection}
        target={{ list: 'campaigns', path: 'v1/campaigns', filter: params.filter, noun: { one: 'campaña', many: 'campañas' }, invalidate: [campaignQueries.lists()] }}
      />
      <ListState
        list={list}
        loading={<SkeletonGrid label="Cargando campañas" skeleton={<CampaignCardSkeleton />} />}
        errorFallback={CAMPAIGN_FALLBACKS.list}
        filtered={Boolean(search.q || search.status || search.sponsor || search.country)}
        empty={{ title: 'No hay campañas', text: 'Las campañas se crean desde la página de cada sponsor.' }}
        emptyFiltered={{ title: 'No hay campañas', text: 'No se encontraron campañas con esos filtros.' }}
      >
        {(campaigns) => (
          <SimpleGrid cols={{ base: 1, sm: 2, md: 3 }} spacing="md">
            {campaigns.map((campaign) => (
              <CampaignCard key={campaign.id} campaign={campaign} actions={<><SelectItem selection={selection} item={{ id: campaign.id, label: campaign.name }} /><CampaignDetailsButton campaign={campaign} /></>} />
            ))}
          </SimpleGrid>
        )}
      </ListState>
      <ListFooter list={list} onChange={setPage} />
    </Stack>
  );
}
