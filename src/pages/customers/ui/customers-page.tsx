import { Button, Group, SimpleGrid, Stack } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { Link, getRouteApi } from '@tanstack/react-router';
import { useState } from 'react';
import { CUSTOMER_FALLBACKS, CustomerCard, CustomerCardSkeleton, customerPlanNames, customerDeletion, customerQueries, type Customer } from '@/entities/customer';
import { SelectItem, SelectionBar, useListSelection } from '@/features/act-on-many';
import { CustomerFormModal } from '@/features/edit-customer';
import { ImportCustomersModal } from '@/features/import-customers';
import { DeleteWithConfirmation } from '@/features/delete-with-confirmation';
import { HistoryButton } from '@/features/view-change-history';
import { SavedViewsMenu } from '@/features/saved-views';
import { ApiError } from '@/shared/api';
import { hasPermission, useSessionStore } from '@/shared/auth';
import { useDeferredList, usePagedSearch } from '@/shared/lib/paged-search';
import { ErrorAlert } from '@/shared/ui/error-alert';
import { IconArrowLeft, IconCalendar, IconPlus, IconUpload } from '@/shared/ui/icons';
import { ListState, ListTotal } from '@/shared/ui/list-state';
import { PageHeader } from '@/shared/ui/page-header';
import { ListFooter } from '@/shared/ui/list-footer';
import { RecordActions } from '@/shared/ui/record-actions';
import { ExportButton } from '@/shared/ui/export-button';
import { SearchInput } from '@/shared/ui/search-input';
import { lazyModal } from '@/shared/ui/lazy-modal';
import { SkeletonGrid } from '@/shared/ui/skeleton-grid';
import { Breadcrumbs } from '@/shared/ui/breadcrumbs';
import { customerListParams, routeDspId } from '../model/search';

// The subscriptions and their forms are their own chunk, fetched after the screen.
const SubscriptionsModal = lazyModal(() => import('./subscriptions-modal').then((module) => module.SubscriptionsModal));

const route = getRouteApi('/protected/customers/$dspId');

const GRID_COLS = { base: 1, sm: 2, lg: 3 };
const NO_DSP_IN_ROUTE = 'No se encontró el DSP en la ruta. Asegúrate de navegar desde una DSP.';

/** The way back from a DSP that is not there: the DSP screen for who may open it, else home. */
function BackLink() {
  const managesDsps = useSessionStore((state) => hasPermission(state.user, 'dsps.manage'));
  return (
    <Group>
      <Button
        renderRoot={(props) => (managesDsps ? <Link to="/dsp-config" {...props} /> : <Link to="/" {...props} />)}
        variant="subtle"
        leftSection={<IconArrowLeft size={16} />}
        px={0}
      >
        {managesDsps ? 'Volver a DSP' : 'Volver al inicio'}
      </Button>
    </Group>
  );
}

/** /customers/{dspId}: a DSP's customers as cards; search and page live in the URL. */
export function CustomersPage() {
  const { dspId: dspParam } = route.useParams();
  const dspId = routeDspId(dspParam);

  if (dspId === undefined) {
    return (
      <Stack gap="md">
        <PageHeader title="Clientes" />
        <ErrorAlert title="DSP no encontrada" message={NO_DSP_IN_ROUTE} />
        <BackLink />
      </Stack>
    );
  }
  return <DspCustomers key={dspId} dspId={dspId} />;
}

function DspCustomers({ dspId }: { dspId: number }) {
  const search = route.useSearch();
  // The DSP's name and plans: readable by anyone who may see its customers (the DSP's own calls are not).
  const dsp = useQuery(customerQueries.dspPlans(dspId));
  // The trail goes through the DSP screen, which only who manages DSPs may open.
  const managesDsps = useSessionStore((state) => hasPermission(state.user, 'dsps.manage'));
  const params = customerListParams(search);
  const list = useDeferredList(useQuery(customerQueries.list(dspId, params)));
  const selection = useListSelection('customers', list.data, (customer) => customer.name, { dspId, ...params });
  const { setSearchText, setPage, stepBackAfterDelete } = usePagedSearch(search, list);
  const [form, setForm] = useState<{ opened: boolean; customer: Customer | null }>({ opened: false, customer: null });
  const [deleting, setDeleting] = useState<Customer | null>(null);
  const [subscriptions, setSubscriptions] = useState<Customer | null>(null);
  const [importing, setImporting] = useState(false);

  // A DSP that does not exist, or whose customers this person may not see, answers 404 with its reason.
  const missing = dsp.error instanceof ApiError && dsp.error.status === 404 ? dsp.error : null;
  if (missing) {
    return (
      <Stack gap="md">
        <PageHeader title="Clientes" description={`DSP ${dspId}`} />
        <ErrorAlert title="DSP no encontrada" message={missing.message} />
        <BackLink />
      </Stack>
    );
  }

  const data = list.data;
  const plans = dsp.data?.plans;
  const newButton = (
    <Button leftSection={<IconPlus size={16} />} onClick={() => setForm({ opened: true, customer: null })} data-shortcut="new">
      Nuevo Cliente
    </Button>
  );
  const actions = (
    <Group gap="xs" align="flex-start">
      <SavedViewsMenu list="customers" />
      <ExportButton list={`v1/dsps/${dspId}/customers`} params={customerListParams(search)} fallback={CUSTOMER_FALLBACKS.export} />
      <Button variant="default" onClick={() => void Promise.all([list.refetch(), dsp.refetch()])} loading={list.isFetching && !list.isPending}>
        Actualizar
      </Button>
      {/* Whoever may create the DSP's customers may import them: the same rule on the server. */}
      <Button variant="default" leftSection={<IconUpload size={16} />} onClick={() => setImporting(true)}>
        Importar clientes
      </Button>
      {newButton}
    </Group>
  );

  return (
    <Stack gap="md">
      {managesDsps ? (
        <Breadcrumbs
          items={[
            { label: 'DSP', link: (props) => <Link to="/dsp-config" {...props} /> },
            { label: dsp.data?.name ?? `DSP ${dspId}`, link: (props) => <Link to="/dsp-config" search={{ config: dspId }} {...props} /> },
            { label: 'Clientes' },
          ]}
        />
      ) : null}
      <PageHeader title="Clientes" description={dsp.data?.name ?? `DSP ${dspId}`} actions={actions} />
      <div style={{ maxWidth: 420 }}>
        <SearchInput
          label="Buscar clientes"
          placeholder="Nombre, DNI, email o teléfono..."
          value={search.q}
          onSearch={setSearchText}
        />
      </div>
      {data ? <ListTotal total={data.total} estimated={data.total_is_estimate} one="cliente" many="clientes" /> : null}
      <SelectionBar
        selection={selection}
        target={{ list: 'customers', path: `v1/dsps/${dspId}/customers`, filter: params.filter, noun: { one: 'cliente', many: 'clientes' }, invalidate: [customerQueries.lists()] }}
      />
      <ListState
        list={list}
        loading={<SkeletonGrid label="Cargando clientes" skeleton={<CustomerCardSkeleton />} cols={GRID_COLS} />}
        errorFallback={CUSTOMER_FALLBACKS.list}
        filtered={Boolean(search.q)}
        empty={{ title: 'No hay clientes', text: 'Esta DSP todavía no tiene clientes. Comienza creando el primero.', action: newButton }}
        emptyFiltered={{ title: 'No hay clientes', text: 'No se encontraron clientes con ese nombre, DNI, email o teléfono.' }}
      >
        {(customers) => (
          <SimpleGrid cols={GRID_COLS} spacing="md">
            {customers.map((customer) => (
              <CustomerCard
                key={customer.id}
                customer={customer}
                planNames={customerPlanNames(customer, plans)}
                actions={
                  <>
                  <SelectItem selection={selection} item={{ id: customer.id, label: customer.name }} />
                  <RecordActions
                    onEdit={() => setForm({ opened: true, customer })}
                    history={<HistoryButton resource="customer" id={customer.id} name={customer.name} compact />}
                    onDelete={() => setDeleting(customer)}
                  >
                    <Button size="xs" variant="light" leftSection={<IconCalendar size={14} />} onClick={() => setSubscriptions(customer)}>
                      Subscripciones
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
      <CustomerFormModal
        opened={form.opened}
        dspId={dspId}
        customer={form.customer}
        onClose={() => setForm((current) => ({ ...current, opened: false }))}
      />
      <ImportCustomersModal opened={importing} dspId={dspId} dspName={dsp.data?.name} onClose={() => setImporting(false)} />
      {/* It offers the DSP's plans for a new subscription. */}
      <SubscriptionsModal customer={subscriptions} dspId={dspId} plans={plans} onClose={() => setSubscriptions(null)} />
      <DeleteWithConfirmation target={deleting} deletion={customerDeletion} onClose={() => setDeleting(null)} onDeleted={stepBackAfterDelete} />
    </Stack>
  );
}
