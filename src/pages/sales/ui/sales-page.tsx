import { Group, Stack } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { getRouteApi } from '@tanstack/react-router';
import { SALE_FALLBACKS, saleQueries } from '@/entities/sale';
import { SavedViewsMenu } from '@/features/saved-views';
import { ColumnsButton, useTableColumns } from '@/features/choose-columns';
import { useDeferredList, usePagedSearch } from '@/shared/lib/paged-search';
import { ExportButton } from '@/shared/ui/export-button';
import { ListState } from '@/shared/ui/list-state';
import { LoadingState } from '@/shared/ui/loading-state';
import { PageHeader } from '@/shared/ui/page-header';
import { ListFooter } from '@/shared/ui/list-footer';
import { salesFilters, salesListParams } from '../model/search';
import { SALES_COLUMN_LABELS } from '../model/vocabulary';
import { SalesFilters } from './sales-filters';
import { SalesTable } from './sales-table';
import { SalesTotals } from './sales-totals';

const route = getRouteApi('/protected/ventas');

/**
 * 'Ventas': one sale per subscription, in Colombian pesos, filtered and paged in the URL, with the
 * totals of every filtered sale and their CSV. Who sees which DSPs' sales is the server's rule.
 */
export function SalesPage() {
  const search = route.useSearch();
  const filters = salesFilters(search);
  const sales = useDeferredList(useQuery(saleQueries.list(salesListParams(search))));
  const summary = useQuery(saleQueries.summary(filters));
  const { setFilters, setSearchText, setPage } = usePagedSearch(search, sales);
  const columns = useTableColumns('sales', search.columns);

  return (
    <Stack gap="md">
      <PageHeader title="Ventas" description="Ventas de planes de asistencia" actions={
          <Group gap="sm">
            <SavedViewsMenu list="sales" />
            <ColumnsButton choice={columns} labels={SALES_COLUMN_LABELS} />
            <ExportButton list="v1/sales" params={{ filter: filters }} fallback={SALE_FALLBACKS.export} />
          </Group>
        } />
      <SalesFilters search={search} onChange={setFilters} onSearchText={setSearchText} />
      <SalesTotals summary={summary} />
      <ListState
        list={sales}
        loading={<LoadingState label="Cargando ventas..." />}
        errorFallback={SALE_FALLBACKS.list}
        filtered={Object.values(filters).some((value) => value !== undefined)}
        empty={{ title: 'No hay ventas registradas', text: 'Cada suscripción de un cliente a un plan aparecerá aquí como una venta.' }}
        emptyFiltered={{ title: 'Ninguna venta coincide con los filtros', text: 'Prueba con otras fechas o quita algún filtro.' }}
      >
        {(rows) => (
          <Stack gap="md">
            <SalesTable sales={rows} stale={sales.isPlaceholderData} shownColumns={columns.shown} />
            <ListFooter list={sales} noun="ventas" onChange={setPage} />
          </Stack>
        )}
      </ListState>
    </Stack>
  );
}
