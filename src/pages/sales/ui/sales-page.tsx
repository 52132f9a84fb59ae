import { Group, Paper, SegmentedControl, Stack, Table, Text } from '@mantine/core';
import { getRouteApi } from '@tanstack/react-router';
import { EmptyState } from '@/shared/ui/empty-state';
import { PageHeader } from '@/shared/ui/page-header';
import { SearchInput } from '@/shared/ui/search-input';
import { SALE_STATUSES, type SalesSearch } from '../model/search';
import { PAYMENT_METHOD_LABELS, SALES_COLUMNS, SALE_STATUS_LABELS } from '../model/vocabulary';

const route = getRouteApi('/protected/ventas');

const ALL = 'todos';
const STATUS_OPTIONS = [
  { value: ALL, label: 'Todos' },
  ...SALE_STATUSES.map((status) => ({ value: status, label: SALE_STATUS_LABELS[status] })),
];
const PAYMENT_METHODS = Object.values(PAYMENT_METHOD_LABELS).join(', ');

/** Sales are not recorded by the system yet (spec: placeholder); the filters already live in the URL. */
export function SalesPage() {
  const { q, status } = route.useSearch();
  const navigate = route.useNavigate();
  const setSearch = (patch: Partial<SalesSearch>) =>
    void navigate({ to: '.', search: (old: SalesSearch) => ({ ...old, ...patch }), replace: true });

  return (
    <Stack gap="md">
      <PageHeader title="Ventas" description="Ventas de planes de asistencia" />

      <Group align="flex-end" gap="md" wrap="wrap">
        <SearchInput
          label="Buscar ventas"
          placeholder="Buscar por cliente o plan..."
          value={q}
          maw={360}
          onSearch={(value) => setSearch({ q: value || undefined })}
        />
        <SegmentedControl
          aria-label="Filtrar por estado"
          data={STATUS_OPTIONS}
          value={status ?? ALL}
          onChange={(value) => setSearch({ status: SALE_STATUSES.find((known) => known === value) })}
        />
      </Group>

      <Text size="sm" c="dimmed">
        {`Métodos de pago: ${PAYMENT_METHODS}. Los montos se expresan en pesos colombianos (COP).`}
      </Text>

      <Paper withBorder>
        <Table.ScrollContainer minWidth={720}>
          <Table>
            <Table.Thead>
              <Table.Tr>
                {SALES_COLUMNS.map((column) => (
                  <Table.Th key={column}>{column}</Table.Th>
                ))}
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              <Table.Tr>
                <Table.Td colSpan={SALES_COLUMNS.length}>
                  <EmptyState
                    title="No hay ventas registradas"
                    text="El registro de ventas todavía no está disponible."
                  />
                </Table.Td>
              </Table.Tr>
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      </Paper>
    </Stack>
  );
}
