import { Button, SimpleGrid, Stack } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { Link, getRouteApi } from '@tanstack/react-router';
import { useState } from 'react';
import { SelectItem, SelectionBar, useListSelection } from '@/features/act-on-many';
import { DSP_FALLBACKS, DspCard, DspCardSkeleton, dspDeletion, dspQueries, type Dsp } from '@/entities/dsp';
import { DeleteWithConfirmation } from '@/features/delete-with-confirmation';
import { DspFormModal } from '@/features/edit-dsp';
import { HistoryButton } from '@/features/view-change-history';
import { SavedViewsMenu } from '@/features/saved-views';
import { useDeferredList, usePagedSearch } from '@/shared/lib/paged-search';
import { ExportButton } from '@/shared/ui/export-button';
import { ConfirmDialog } from '@/shared/ui/confirm-dialog';
import { IconPlug, IconPlus, IconUsers } from '@/shared/ui/icons';
import { lazyModal } from '@/shared/ui/lazy-modal';
import { ListState, ListTotal } from '@/shared/ui/list-state';
import { PageHeader, focusPageHeading } from '@/shared/ui/page-header';
import { ListFooter } from '@/shared/ui/list-footer';
import { RecordActions } from '@/shared/ui/record-actions';
import { SearchInput } from '@/shared/ui/search-input';
import { SkeletonGrid } from '@/shared/ui/skeleton-grid';
import { dspListParams, type ConfigTab, type DspConfigSearch } from '../model/search';

const route = getRouteApi('/protected/dsp-config');

const GRID_COLS = { base: 1, sm: 2, lg: 3 };

/** Its tabs' lists and forms (and Mantine's inputs they hold) load when it first opens. */
const ConfigurationModal = lazyModal(() => import('./configuration/configuration-modal').then((module) => module.ConfigurationModal));

/** /dsp-config: the DSPs as cards; search, page and the open configuration (with its tab) live in the URL. */
export function DspConfigPage() {
  const search = route.useSearch();
  const navigate = route.useNavigate();
  const params = dspListParams(search);
  const list = useDeferredList(useQuery(dspQueries.list(params)));
  const selection = useListSelection('dsps', list.data, (dsp) => dsp.name, params);
  const { setSearchText, setPage, stepBackAfterDelete } = usePagedSearch(search, list);
  const [form, setForm] = useState<{ opened: boolean; dsp: Dsp | null }>({ opened: false, dsp: null });
  const [deleting, setDeleting] = useState<Dsp | null>(null);
  const [created, setCreated] = useState<Dsp | null>(null);
  // The name the configuration shows while its DSP loads.
  const [configName, setConfigName] = useState<string | undefined>(undefined);

  const data = list.data;
  // Opening pushes a history entry, so Back closes the configuration; its tab only replaces it.
  const openConfiguration = (dsp: Dsp) => {
    setConfigName(dsp.name);
    void navigate({ to: '.', search: (old: DspConfigSearch) => ({ ...old, config: dsp.id, tab: undefined }) });
  };
  const closeConfiguration = () =>
    void navigate({ to: '.', search: (old: DspConfigSearch) => ({ ...old, config: undefined, tab: undefined }), replace: true });
  const changeTab = (tab: ConfigTab) =>
    void navigate({ to: '.', search: (old: DspConfigSearch) => ({ ...old, tab: tab === 'conectores' ? undefined : tab }), replace: true });

  const newButton = (
    <Button leftSection={<IconPlus size={16} />} onClick={() => setForm({ opened: true, dsp: null })} data-shortcut="new">
      Nueva DSP
    </Button>
  );

  return (
    <Stack gap="md">
      <PageHeader title="DSP" description="Gestiona las DSP, sus datos y su configuración" actions={<><SavedViewsMenu list="dsps" /><ExportButton list="v1/dsps" params={dspListParams(search)} />{newButton}</>} />
      <div style={{ maxWidth: 420 }}>
        <SearchInput label="Buscar DSP" placeholder="Buscar por nombre..." value={search.q} onSearch={setSearchText} />
      </div>
      {data ? <ListTotal total={data.total} estimated={data.total_is_estimate} one="DSP" many="DSP" /> : null}
      <SelectionBar
        selection={selection}
        target={{ list: 'dsps', path: 'v1/dsps', filter: params.filter, noun: { one: 'DSP', many: 'DSP' }, invalidate: [dspQueries.lists()] }}
      />
      <ListState
        list={list}
        loading={<SkeletonGrid label="Cargando DSP" skeleton={<DspCardSkeleton />} cols={GRID_COLS} />}
        errorFallback={DSP_FALLBACKS.list}
        filtered={Boolean(search.q)}
        empty={{ title: 'No hay DSP', text: 'Comienza creando la primera DSP.', action: newButton }}
        emptyFiltered={{ title: 'No hay DSP', text: 'No se encontraron DSP con ese nombre.' }}
      >
        {(dsps) => (
          <SimpleGrid cols={GRID_COLS} spacing="md">
            {dsps.map((dsp) => (
              <DspCard
                key={dsp.id}
                dsp={dsp}
                actions={
                  <>
                  <SelectItem selection={selection} item={{ id: dsp.id, label: dsp.name }} />
                  <RecordActions
                    onEdit={() => setForm({ opened: true, dsp })}
                    history={<HistoryButton resource="dsp" id={dsp.id} name={dsp.name} compact />}
                    onDelete={() => setDeleting(dsp)}
                  >
                    <Button
                      size="xs"
                      variant="light"
                      leftSection={<IconUsers size={14} />}
                      renderRoot={(props) => <Link to="/customers/$dspId" params={{ dspId: String(dsp.id) }} {...props} />}
                    >
                      Clientes
                    </Button>
                    <Button size="xs" variant="light" leftSection={<IconPlug size={14} />} onClick={() => openConfiguration(dsp)}>
                      Configuración
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
      <DspFormModal
        opened={form.opened}
        dsp={form.dsp}
        onClose={() => setForm((current) => ({ ...current, opened: false }))}
        onSaved={(saved, isNew) => isNew && setCreated(saved)}
      />
      <ConfirmDialog
        opened={created !== null}
        onClose={() => {
          // The form that had focus is gone: start again from the page's heading.
          setCreated(null);
          focusPageHeading();
        }}
        onConfirm={() => {
          if (created) openConfiguration(created);
          setCreated(null);
        }}
        title="DSP creada"
        message="DSP creada correctamente, ¿Deseas proceder a la configuración ahora?"
        cancelLabel="Más tarde"
        confirmLabel="Sí, configurar"
        confirmColor="blue"
        returnFocus={false}
      />
      <ConfigurationModal
        opened={search.config !== undefined}
        dspId={search.config ?? null}
        tab={search.tab}
        name={configName}
        onTabChange={changeTab}
        onClose={closeConfiguration}
      />
      <DeleteWithConfirmation target={deleting} deletion={dspDeletion} onClose={() => setDeleting(null)} onDeleted={stepBackAfterDelete} />
    </Stack>
  );
}
