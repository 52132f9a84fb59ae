import { Button, Group, SimpleGrid, Stack } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { Link, getRouteApi } from '@tanstack/react-router';
import { useState } from 'react';
import { CountryFilter, useCountryFilterLabel } from '@/entities/country';
import { SPONSOR_FALLBACKS, SponsorCard, SponsorCardSkeleton, sponsorDeletion, sponsorQueries, type Sponsor } from '@/entities/sponsor';
import { SelectItem, SelectionBar, useListSelection } from '@/features/act-on-many';
import { DeleteWithConfirmation } from '@/features/delete-with-confirmation';
import { SavedViewsMenu } from '@/features/saved-views';
import { SponsorFormModal } from '@/features/edit-sponsor';
import { useDeferredList, usePagedSearch } from '@/shared/lib/paged-search';
import { ExportButton } from '@/shared/ui/export-button';
import { ActiveFilters, filterChips, searchChip } from '@/shared/ui/active-filters';
import { ListState, ListTotal } from '@/shared/ui/list-state';
import { Select } from '@/shared/ui/select';
import { SkeletonGrid } from '@/shared/ui/skeleton-grid';
import { IconEye, IconPlus } from '@/shared/ui/icons';
import { RecordActions } from '@/shared/ui/record-actions';
import { PageHeader } from '@/shared/ui/page-header';
import { ListFooter } from '@/shared/ui/list-footer';
import { SearchInput } from '@/shared/ui/search-input';
import { sponsorsListParams } from '../model/search';

// The screen behind both '/' and '/sponsors'.
const route = getRouteApi('/protected/sponsors-screen');

const SORT_OPTIONS = [
  { value: 'name', label: 'Nombre (A→Z)' },
  { value: '-name', label: 'Nombre (Z→A)' },
];

/** The sponsors grid at / and /sponsors; search, country, sort and page live in the URL. */
export function SponsorsPage() {
  const search = route.useSearch();
  const params = sponsorsListParams(search);
  const list = useDeferredList(useQuery(sponsorQueries.list(params)));
  const { setFilters, setSearchText, setPage, stepBackAfterDelete } = usePagedSearch(search, list);
  const [form, setForm] = useState<{ opened: boolean; sponsor: Sponsor | null }>({ opened: false, sponsor: null });
  const [deleting, setDeleting] = useState<Sponsor | null>(null);
  const countryLabel = useCountryFilterLabel(search.country);
  const chips = filterChips(
    searchChip(search.q),
    search.country && { keys: ['country'], label: `País: ${countryLabel}` },
  );

  const data = list.data;
  const selection = useListSelection('sponsors', data, (sponsor) => sponsor.name, params);
  const openNew = () => setForm({ opened: true, sponsor: null });

  return (
    <Stack gap="md">
      <PageHeader
        title="Sponsors"
        description="Gestiona los sponsors del sistema"
        actions={
          <>
            <SavedViewsMenu list="sponsors" />
            <ExportButton list="v1/sponsors" params={sponsorsListParams(search)} />
            <Button leftSection={<IconPlus size={16} />} onClick={openNew} data-shortcut="new">
              Nuevo Sponsor
            </Button>
          </>
        }
      />
      <Group gap="sm" align="flex-start" wrap="wrap">
        {/* The search takes the room left, so at tablet width the three fit on one line. */}
        <div style={{ flex: '1 1 240px', maxWidth: 420 }}>
          <SearchInput
            label="Buscar sponsors"
            placeholder="Buscar sponsors..."
            value={search.q}
            onSearch={setSearchText}
          />
        </div>
        <CountryFilter
          value={search.country}
          onChange={(country) => setFilters({ country })}
          w={{ base: '100%', xs: 240 }}
        />
        <Select
          aria-label="Ordenar por nombre"
          data={SORT_OPTIONS}
          value={search.sort ?? 'name'}
          onChange={(value) => setFilters({ sort: value === '-name' ? '-name' : undefined })}
          allowDeselect={false}
          w={{ base: '100%', xs: 180 }}
        />
      </Group>
      <ActiveFilters filters={chips} onChange={setFilters} />
      {data ? <ListTotal total={data.total} estimated={data.total_is_estimate} one="sponsor" many="sponsors" /> : null}
      <SelectionBar
        selection={selection}
        target={{ list: 'sponsors', path: 'v1/sponsors', filter: params.filter, noun: { one: 'sponsor', many: 'sponsors' }, invalidate: [sponsorQueries.lists()] }}
      />
      <ListState
        list={list}
        loading={<SkeletonGrid label="Cargando sponsors" skeleton={<SponsorCardSkeleton />} cols={{ base: 1, sm: 2, lg: 3 }} />}
        errorFallback={SPONSOR_FALLBACKS.list}
        filtered={Boolean(search.q || search.country)}
        empty={{
          title: 'No hay sponsors',
          text: 'Comienza creando tu primer sponsor.',
          action: (
            <Button leftSection={<IconPlus size={16} />} onClick={openNew}>
              Nuevo Sponsor
            </Button>
          ),
        }}
        emptyFiltered={{ title: 'No hay sponsors', text: 'No se encontraron sponsors con ese criterio de búsqueda.' }}
      >
        {(sponsors) => (
          <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} spacing="md">
            {sponsors.map((sponsor) => (
              <SponsorCard
                key={sponsor.id}
                sponsor={sponsor}
                actions={
                  <>
                  <SelectItem selection={selection} item={{ id: sponsor.id, label: sponsor.name }} />
                  <RecordActions onEdit={() => setForm({ opened: true, sponsor })} onDelete={() => setDeleting(sponsor)}>
                    <Button
                      size="xs"
                      variant="light"
                      leftSection={<IconEye size={14} />}
                      renderRoot={(props) => <Link to="/sponsor/$sponsorId" params={{ sponsorId: String(sponsor.id) }} {...props} />}
                    >
                      Ver Detalles
                    </Button>
                  </RecordActions>
                  </>
                }
              />
            ))}
          </SimpleGrid>
        )}
      </ListState>
      <ListFooter list={list} onChange={setPage} />
      <SponsorFormModal opened={form.opened} sponsor={form.sponsor} onClose={() => setForm((current) => ({ ...current, opened: false }))} />
      <DeleteWithConfirmation
        target={deleting}
        deletion={sponsorDeletion}
        onClose={() => setDeleting(null)}
        onDeleted={stepBackAfterDelete}
      />
    </Stack>
  );
}
