import { Anchor, Text } from '@mantine/core';
import { createColumnHelper } from '@tanstack/react-table';
import { Link } from '@tanstack/react-router';
import { useMemo } from 'react';
import { formatMonths, formatPlanPrice, PlanDocumentBadge, PlanStatusBadge, type Plan } from '@/entities/plan';
import { CellText, DataTable, type DataTableFeatures } from '@/shared/ui/data-table';

const helper = createColumnHelper<DataTableFeatures, Plan>();

interface PlansTableProps {
  plans: Plan[];
  /** The next page is loading: the rows on screen are the previous ones. */
  stale?: boolean;
}

/** Plan (a link to its campaign's plans), Campaña, Estado, Precio, Permanencia, Servicios, PDF. */
export function PlansTable({ plans, stale = false }: PlansTableProps) {
  const columns = useMemo(
    () =>
      helper.columns([
        helper.display({
          id: 'plan',
          header: 'Plan',
          cell: ({ row }) => {
            const { name, campaign } = row.original;
            return campaign ? (
              <Anchor
                renderRoot={(props) => (
                  <Link to="/sponsor/$sponsorId/campaign/$campanaId" params={{ sponsorId: String(campaign.sponsor_id), campanaId: String(campaign.id) }} {...props} />
                )}
                fw={600}
                size="sm"
              >
                {name}
              </Anchor>
            ) : (
              <CellText weight={600}>{name}</CellText>
            );
          },
        }),
        helper.display({
          id: 'campaign',
          header: 'Campaña',
          cell: ({ row }) => {
            const campaign = row.original.campaign;
            return <CellText detail={campaign?.sponsor_name}>{campaign?.name ?? '—'}</CellText>;
          },
        }),
        helper.accessor('status', { header: 'Estado', cell: (info) => <PlanStatusBadge status={info.getValue()} /> }),
        helper.accessor('price', { header: 'Precio', cell: ({ row }) => <CellText>{formatPlanPrice(row.original)}</CellText> }),
        helper.accessor('commitment_months', { header: 'Permanencia', cell: (info) => <CellText>{formatMonths(info.getValue())}</CellText> }),
        helper.display({ id: 'services', header: 'Servicios', cell: ({ row }) => <CellText>{row.original.services?.length ?? 0}</CellText> }),
        helper.display({
          id: 'pdf',
          header: 'PDF',
          cell: ({ row }) =>
            row.original.document_url ? (
              <PlanDocumentBadge />
            ) : (
              <Text size="sm" c="dimmed">
                —
              </Text>
            ),
        }),
      ]),
    [],
  );

  return <DataTable columns={columns} data={plans} getRowId={(plan) => String(plan.id)} stale={stale} cardTitle="plan" />;
}
