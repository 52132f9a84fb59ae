import { Button, Stack, Table, Text, VisuallyHidden } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { CONNECTOR_FALLBACKS, connectorQueries, type Connector } from '@/entities/connector';
import type { Dsp } from '@/entities/dsp';
import { ConnectorFormModal } from '@/features/edit-connector';
import { IconEdit } from '@/shared/ui/icons';
import { ListState } from '@/shared/ui/list-state';
import { LoadingState } from '@/shared/ui/loading-state';

interface MapRow {
  connector: Connector;
  planId: number;
  planName: string;
  externalPlanId: string;
}

/** Every mapping of every connector, in the order the list gives (connectors by key, plans by name). */
const rowsOf = (connectors: Connector[], dsp: Dsp): MapRow[] =>
  connectors.flatMap((connector) =>
    (connector.plans ?? []).map((mapping) => ({
      connector,
      planId: mapping.plan_id,
      // The DSP's own name for the plan, else the one the mapping carries.
      planName: dsp.plans?.find((plan) => plan.id === mapping.plan_id)?.name ?? mapping.name,
      externalPlanId: mapping.external_plan_id,
    })),
  );

/** 'Mapa de planes': which external plan id each connector gives each of the DSP's plans; a row opens its connector's form. */
export function PlanMapTab({ dsp }: { dsp: Dsp }) {
  const connectors = useQuery(connectorQueries.list(dsp.id));
  const [editing, setEditing] = useState<{ opened: boolean; connector: Connector | null }>({ opened: false, connector: null });
  const list = {
    data: connectors.data ? { data: rowsOf(connectors.data.data, dsp) } : undefined,
    isPending: connectors.isPending,
    isError: connectors.isError,
    isFetching: connectors.isFetching,
    error: connectors.error,
    refetch: connectors.refetch,
  };

  return (
    <Stack gap="md">
      <Text size="sm" c="dimmed">
        Cada plan de la DSP con su identificador en el sistema de cada conector (external_plan_id).
      </Text>
      <ListState
        list={list}
        loading={<LoadingState label="Cargando el mapa de planes" />}
        errorFallback={CONNECTOR_FALLBACKS.list}
        filtered={false}
        empty={{ title: 'Sin mapeos', text: 'Ningún conector de esta DSP mapea planes todavía.' }}
        emptyFiltered={{ title: 'Sin mapeos' }}
      >
        {(items) => (
          <Table.ScrollContainer minWidth={480}>
            <Table striped highlightOnHover>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th scope="col">Plan</Table.Th>
                  <Table.Th scope="col">external_plan_id</Table.Th>
                  <Table.Th scope="col">Conector</Table.Th>
                  <Table.Th scope="col">
                    <VisuallyHidden>Acciones</VisuallyHidden>
                  </Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {items.map((row) => (
                  <Table.Tr key={`${row.connector.id}-${row.planId}`}>
                    <Table.Td>{row.planName}</Table.Td>
                    <Table.Td>
                      <Text component="code" ff="monospace" size="sm">
                        {row.externalPlanId}
                      </Text>
                    </Table.Td>
                    <Table.Td>{row.connector.key}</Table.Td>
                    <Table.Td>
                      <Button
                        size="xs"
                        variant="default"
                        leftSection={<IconEdit size={14} />}
                        aria-label={`Cambiar el mapeo de ${row.planName} en ${row.connector.key}`}
                        onClick={() => setEditing({ opened: true, connector: row.connector })}
                      >
                        Cambiar
                      </Button>
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        )}
      </ListState>
      <ConnectorFormModal
        opened={editing.opened}
        dspId={dsp.id}
        plans={dsp.plans ?? []}
        connector={editing.connector}
        onClose={() => setEditing((current) => ({ ...current, opened: false }))}
      />
    </Stack>
  );
}
