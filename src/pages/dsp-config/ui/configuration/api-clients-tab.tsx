import { Button, Group, SimpleGrid, Stack } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { SelectItem, SelectionBar, useListSelection } from '@/features/act-on-many';
import { API_CLIENT_FALLBACKS, ApiClientCard, apiClientDeletion, apiClientQueries, type ApiClient } from '@/entities/api-client';
import type { Dsp } from '@/entities/dsp';
import { DeleteWithConfirmation } from '@/features/delete-with-confirmation';
import { ApiClientFormModal } from '@/features/edit-api-client';
import { ToggleApiClient } from '@/features/toggle-api-client';
import { HistoryButton } from '@/features/view-change-history';
import { IconPlus } from '@/shared/ui/icons';
import { ListState } from '@/shared/ui/list-state';
import { LoadingState } from '@/shared/ui/loading-state';
import { RecordActions } from '@/shared/ui/record-actions';

/** The DSP's API clients: cards with their status toggle, the client form, delete and history. */
export function ApiClientsTab({ dsp }: { dsp: Dsp }) {
  const clients = useQuery(apiClientQueries.list(dsp.id));
  const selection = useListSelection('clients', clients.data, (client) => client.name, dsp.id);
  const [form, setForm] = useState<{ opened: boolean; client: ApiClient | null }>({ opened: false, client: null });
  const [deleting, setDeleting] = useState<ApiClient | null>(null);

  const newButton = (
    <Button leftSection={<IconPlus size={16} />} onClick={() => setForm({ opened: true, client: null })}>
      Nuevo Cliente API
    </Button>
  );
  const hasClients = (clients.data?.data.length ?? 0) > 0;

  return (
    <Stack gap="md">
      {hasClients ? <Group justify="flex-end">{newButton}</Group> : null}
      <SelectionBar
        selection={selection}
        target={{ list: 'clients', path: `v1/dsps/${dsp.id}/clients`, filter: {}, noun: { one: 'cliente API', many: 'clientes API' }, invalidate: [apiClientQueries.lists()] }}
      />
      <ListState
        list={clients}
        loading={<LoadingState label="Cargando clientes API..." />}
        errorFallback={API_CLIENT_FALLBACKS.list}
        filtered={false}
        empty={{ title: 'No hay clientes API', text: 'Esta DSP todavía no tiene clientes API.', action: newButton }}
        emptyFiltered={{ title: 'No hay clientes API' }}
      >
        {(items) => (
          <SimpleGrid cols={{ base: 1, md: 2 }} spacing="md">
            {items.map((client) => (
              <ApiClientCard
                key={client.id}
                client={client}
                status={<ToggleApiClient client={client} />}
                actions={
                  <>
                  <SelectItem selection={selection} item={{ id: client.id, label: client.name }} />
                  <RecordActions
                    name={client.name}
                    onEdit={() => setForm({ opened: true, client })}
                    history={<HistoryButton resource="api-client" id={client.id} name={client.name} compact />}
                    onDelete={() => setDeleting(client)}
                  />
                  </>
                }
              />
            ))}
          </SimpleGrid>
        )}
      </ListState>
      <ApiClientFormModal
        opened={form.opened}
        dspId={dsp.id}
        client={form.client}
        onClose={() => setForm((current) => ({ ...current, opened: false }))}
      />
      <DeleteWithConfirmation target={deleting} deletion={apiClientDeletion} onClose={() => setDeleting(null)} />
    </Stack>
  );
}
