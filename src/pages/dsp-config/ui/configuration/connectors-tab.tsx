import { Button, Group, SimpleGrid, Stack, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { SelectItem, SelectionBar, useListSelection } from '@/features/act-on-many';
import { CONNECTOR_FALLBACKS, ConnectorCard, ConnectorCardSkeleton, connectorDeletion, connectorQueries, type Connector } from '@/entities/connector';
import type { Dsp } from '@/entities/dsp';
import { DeleteWithConfirmation } from '@/features/delete-with-confirmation';
import { ConnectorFormModal } from '@/features/edit-connector';
import { ConnectorToggle } from '@/features/toggle-connector';
import { HistoryButton } from '@/features/view-change-history';
import { hasPermission, useSessionStore } from '@/shared/auth';
import { IconPlug, IconPlus } from '@/shared/ui/icons';
import { ListState } from '@/shared/ui/list-state';
import { RecordActions } from '@/shared/ui/record-actions';
import { SkeletonGrid } from '@/shared/ui/skeleton-grid';

const NO_PLANS = 'Un conector traduce los planes que vende la DSP: agrega al menos un plan a la DSP (Editar) antes de crear uno.';

/** The DSP's connectors: cards with the Activo/Inactivo toggle, the connector form, delete and history. */
export function ConnectorsTab({ dsp }: { dsp: Dsp }) {
  const connectors = useQuery(connectorQueries.list(dsp.id));
  const selection = useListSelection('connectors', connectors.data, (connector) => connector.key, dsp.id);
  const plans = dsp.plans ?? [];
  const [form, setForm] = useState<{ opened: boolean; connector: Connector | null }>({ opened: false, connector: null });
  const [deleting, setDeleting] = useState<Connector | null>(null);
  // The server answers a record's history only to who may edit it.
  const canEdit = useSessionStore((state) => hasPermission(state.user, 'dsps.manage'));
  const noPlans = plans.length === 0;

  const noPlansId = useId();

  return (
    <Stack gap="md">
      {noPlans ? (
        <Text id={noPlansId} size="sm" c="dimmed">
          {NO_PLANS}
        </Text>
      ) : null}
      <Group justify="flex-end">
        <Button
          leftSection={<IconPlus size={16} />}
          onClick={() => setForm({ opened: true, connector: null })}
          disabled={noPlans}
          aria-describedby={noPlans ? noPlansId : undefined}
        >
          Nuevo Conector
        </Button>
      </Group>
      <SelectionBar
        selection={selection}
        target={{ list: 'connectors', path: `v1/dsps/${dsp.id}/connectors`, filter: {}, noun: { one: 'conector', many: 'conectores' }, invalidate: [connectorQueries.lists()] }}
      />
      <ListState
        list={connectors}
        loading={<SkeletonGrid label="Cargando conectores" skeleton={<ConnectorCardSkeleton />} cols={{ base: 1, sm: 2 }} />}
        errorFallback={CONNECTOR_FALLBACKS.list}
        filtered={false}
        empty={{ icon: <IconPlug size={28} />, title: 'Sin conectores', text: 'Esta DSP no tiene conectores.' }}
        emptyFiltered={{ title: 'Sin conectores' }}
      >
        {(items) => (
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
            {items.map((connector) => (
              <ConnectorCard
                key={connector.id}
                connector={connector}
                badge={<ConnectorToggle connector={connector} />}
                actions={
                  <>
                  <SelectItem selection={selection} item={{ id: connector.id, label: connector.key }} />
                  <RecordActions
                    name={connector.key}
                    onEdit={() => setForm({ opened: true, connector })}
                    history={canEdit ? <HistoryButton resource="connector" id={connector.id} name={connector.key} compact /> : null}
                    onDelete={() => setDeleting(connector)}
                  />
                  </>
                }
              />
            ))}
          </SimpleGrid>
        )}
      </ListState>
      <ConnectorFormModal
        opened={form.opened}
        dspId={dsp.id}
        plans={plans}
        connector={form.connector}
        onClose={() => setForm((current) => ({ ...current, opened: false }))}
      />
      <DeleteWithConfirmation target={deleting} deletion={connectorDeletion} onClose={() => setDeleting(null)} />
    </Stack>
  );
}
