import { Group, Stack } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { getRouteApi } from '@tanstack/react-router';
import { AUDIT_FALLBACKS, auditQueries } from '@/entities/audit';
import { SavedViewsMenu } from '@/features/saved-views';
import { ColumnsButton, useTableColumns } from '@/features/choose-columns';
import { useDeferredList, usePagedSearch } from '@/shared/lib/paged-search';
import { ExportButton } from '@/shared/ui/export-button';
import { ListState, ListTotal } from '@/shared/ui/list-state';
import { LoadingState } from '@/shared/ui/loading-state';
import { PageHeader } from '@/shared/ui/page-header';
import { ListFooter } from '@/shared/ui/list-footer';
import { collapseBatches } from '../model/batches';
import { auditFilters, auditListParams } from '../model/loader';
import { AuditFilters } from './audit-filters';
import { AUDIT_COLUMN_LABELS, AuditTable } from './audit-table';

const route = getRouteApi('/protected/auditoria');

/** 'Auditoría': every recorded change, filtered and paged in the URL, with its CSV. The route lets in only 'audit.view'. */
export function AuditPage() {
  const search = route.useSearch();
  const entries = useDeferredList(useQuery(auditQueries.list(auditListParams(search))));
  const { setFilters, setPage } = usePagedSearch(search, entries);
  const answer = entries.data;
  const filters = auditFilters(search);
  const columns = useTableColumns('audit', search.columns);

  return (
    <Stack gap="md">
      <PageHeader
        title="Auditoría"
        description="Quién cambió qué y cuándo, en todo el panel"
        actions={<><SavedViewsMenu list="audit" /><ExportButton list="v1/audit" params={{ filter: filters }} fallback={AUDIT_FALLBACKS.export} /></>}
      />
      <AuditFilters search={search} onChange={setFilters} />
      <Group justify="space-between" gap="sm">
        {answer ? <ListTotal total={answer.total} estimated={answer.total_is_estimate} one="cambio" many="cambios" /> : <span />}
        <ColumnsButton choice={columns} labels={AUDIT_COLUMN_LABELS} />
      </Group>
      <ListState
        list={entries}
        loading={<LoadingState label="Cargando cambios..." />}
        errorFallback={AUDIT_FALLBACKS.list}
        filtered={Object.values(filters).some((value) => value !== undefined)}
        empty={{ title: 'Sin cambios registrados', text: 'Cada cambio que se haga en el panel aparecerá aquí.' }}
        emptyFiltered={{ title: 'Ningún cambio coincide con los filtros', text: 'Prueba con otras fechas o quita algún filtro.' }}
      >
        {(rows) => (
          <Stack gap="md">
            {/* Opened on one batch, its records show one by one; otherwise each batch is one line. */}
            <AuditTable entries={search.batch ? rows : collapseBatches(rows)} batches={!search.batch} stale={entries.isPlaceholderData} shownColumns={columns.shown} />
            <ListFooter list={entries} noun="cambios" onChange={setPage} />
          </Stack>
        )}
      </ListState>
    </Stack>
  );
}
