import { SimpleGrid, Stack } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { getRouteApi } from '@tanstack/react-router';
import { CampaignFilter, useCampaignFilterLabel } from '@/entities/campaign';
import { SERVICE_FALLBACKS, serviceQueries } from '@/entities/service';
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
import { activeLabel } from '@/shared/ui/status-badge';
import { SERVICE_STATUS_FILTERS, servicesListParams, type ServiceStatusFilter } from '../model/search';
import { ServicesTable } from './services-table';

const route = getRouteApi('/protected/servicios');
const ALL = 'all';
const STATUS_LABELS: Record<ServiceStatusFilter, string> = { activo: activeLabel(true), inactivo: activeLabel(false) };
const STATUS_OPTIONS = [{ value: ALL, label: 'Todos los estados' }, ...SERVICE_STATUS_FILTERS.map((status) => ({ value: status, label: STATUS_LABELS[status] }))];

/** /servicios: every campaign's services, filtered and paged in the URL, each linking to its plan on the campaign page. */
export function ServicesPage() {
  const search = route.useSearch();
  const list = useDeferredList(useQuery(serviceQueries.list(servicesListParams(search))));
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
      <PageHeader title="Servicios" description="Los servicios de los planes de todas las campañas" actions={<><SavedViewsMenu list="services" /><ExportButton list="v1/services" params={servicesListParams(search)} /></>} />
      <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="sm">
        <SearchInput label="Buscar servicios" placeholder="Buscar por nombre o descripción..." value={search.q} onSearch={setSearchText} />
        <Select
          aria-label="Filtrar por estado"
          data={STATUS_OPTIONS}
          value={search.status ?? ALL}
          allowDeselect={false}
          onChange={(value) => setFilters({ status: value && value !== ALL ? (value as ServiceStatusFilter) : undefined })}
        />
        <CampaignFilter value={search.campaign} onChange={(campaign) => setFilters({ campaign })} />
      </SimpleGrid>
      <ActiveFilters filters={chips} onChange={setFilters} />
      {data ? <ListTotal total={data.total} estimated={data.total_is_estimate} one="servicio" many="servicios" /> : null}
      <ListState
        list={list}
        loading={<LoadingState label="Cargando servicios..." />}
        errorFallback={SERVICE_FALLBACKS.list}
        filtered={Boolean(search.q || search.status || search.campaign)}
        empty={{ title: 'No hay servicios', text: 'Los servicios se crean en cada plan, desde la página de su campaña.' }}
        emptyFiltered={{ title: 'No se encontraron servicios con los filtros aplicados', text: 'Prueba con otra búsqueda o quita los filtros.' }}
      >
        {(services) => (
          <Stack gap="md">
            <ServicesTable services={services} stale={list.isPlaceholderData} />
            <ListFooter list={list} noun="servicios" onChange={setPage} />
          </Stack>
        )}
      </ListState>
    </Stack>
  );
}
