import { SimpleGrid, Stack } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { getRouteApi } from '@tanstack/react-router';
import { PLAN_STATUSES } from '@contract/campaign-status';
import { PLAN_STATUS_LABELS } from '@contract/plan.constants';
import { CampaignFilter, useCampaignFilterLabel } from '@/entities/campaign';
import { PLAN_FALLBACKS, planQueries, type PlanStatus } from '@/entities/plan';
import { SavedViewsMenu } from '@/features/saved-views';
import { useDeferredList, usePagedSearch } from '@/shared/lib/paged-search';
import { ExportButton } from '@/shared/ui/export-button';
import { ActiveFilters, filterChips, optionLabel, searchChip } from '@/shared/ui/active-filters';
import { ListState, ListTotal } from '@/shared/ui/list-state';
import { LoadingState } from '@/shared/ui/loading-state';
import { PageHeader } from '@/shared/ui/page-header';
import { ListFooter } from '@/shared/ui/list-footer';
import { SearchInput } from '@/shared/ui/search-input';
import { Select } from '@/shared/ui/select';
import { plansListParams } from '../model/search';
import { PlansTable } from './plans-table';

const route = getRouteApi('/protected/planes-asistencia');
const ALL = 'all';
const STATUS_OPTIONS = [{ value: ALL, label: 'Todos los estados' }, ...PLAN_STATUSES.map((status) => ({ value: status, label: PLAN_STATUS_LABELS[status] }))];

/** /planes-asistencia: every campaign's plans, filtered and paged in the URL, each linking to its campaign. */
export function PlansPage() {
  const search = route.useSearch();
  const list = useDeferredList(useQuery(planQueries.list(plansListParams(search))));
  const { setFilters, setSearchText, setPage } = usePagedSearch(search, list);
  const campaignLabel = useCampaignFilterLabel(search.campaign);
  const chips = filterChips(
    searchChip(search.q),
    search.status && { keys: ['status'], label: `Estado: ${optionLabel(STATUS_OPTIONS, search.status)}` },
    search.campaign && { keys: ['campaign'], label: `Campaña: ${campaignLabel}` },
  );
  const data = list.data;

  return (
    <Stack gap="md">
      <PageHeader title="Planes de Asistencia" description="Los planes de todas las campañas" actions={<><SavedViewsMenu list="plans" /><ExportButton list="v1/plans" params={plansListParams(search)} /></>} />
      <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="sm">
        <SearchInput label="Buscar planes" placeholder="Buscar por nombre o código Apolo..." value={search.q} onSearch={setSearchText} />
        <Select
          aria-label="Filtrar por estado"
          data={STATUS_OPTIONS}
          value={search.status ?? ALL}
          allowDeselect={false}
          onChange={(value) => setFilters({ status: value && value !== ALL ? (value as PlanStatus) : undefined })}
        />
        <CampaignFilter value={search.campaign} onChange={(campaign) => setFilters({ campaign })} />
      </SimpleGrid>
      <ActiveFilters filters={chips} onChange={setFilters} />
      {data ? <ListTotal total={data.total} estimated={data.total_is_estimate} one="plan" many="planes" /> : null}
      <ListState
        list={list}
        loading={<LoadingState label="Cargando planes..." />}
        errorFallback={PLAN_FALLBACKS.list}
        filtered={Boolean(search.q || search.status || search.campaign)}
        empty={{ title: 'No hay planes', text: 'Los planes se crean desde la página de cada campaña.' }}
        emptyFiltered={{ title: 'No se encontraron planes con los filtros aplicados', text: 'Prueba con otra búsqueda o quita los filtros.' }}
      >
        {(plans) => (
          <Stack gap="md">
            <PlansTable plans={plans} stale={list.isPlaceholderData} />
            <ListFooter list={list} noun="planes" onChange={setPage} />
          </Stack>
        )}
      </ListState>
    </Stack>
  );
}
