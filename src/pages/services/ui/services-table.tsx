import { Anchor } from '@mantine/core';
import { createColumnHelper } from '@tanstack/react-table';
import { Link } from '@tanstack/react-router';
import { useMemo } from 'react';
import { formatServiceCoverage, formatServiceEvents, ServiceActiveBadge, type Service } from '@/entities/service';
import { CellText, DataTable, type DataTableFeatures } from '@/shared/ui/data-table';

const helper = createColumnHelper<DataTableFeatures, Service>();

const cellText = (text: string | undefined) => <CellText>{text ?? '—'}</CellText>;

interface ServicesTableProps {
  services: Service[];
  /** The next page is loading: the rows on screen are the previous ones. */
  stale?: boolean;
}

/** Servicio (a link to its plan's services on the campaign page), Plan, Campaña, Categoría, Eventos, Cobertura, Estado. */
export function ServicesTable({ services, stale = false }: ServicesTableProps) {
  const columns = useMemo(
    () =>
      helper.columns([
        helper.display({
          id: 'service',
          header: 'Servicio',
          cell: ({ row }) => {
            const { name, campaign, plan_id } = row.original;
            return campaign ? (
              <Anchor
                renderRoot={(props) => (
                  <Link
                    to="/sponsor/$sponsorId/campaign/$campanaId"
                    params={{ sponsorId: String(campaign.sponsor_id), campanaId: String(campaign.id) }}
                    search={{ tab: 'servicios', plan: plan_id }}
                    {...props}
                  />
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
        helper.display({ id: 'plan', header: 'Plan', cell: ({ row }) => cellText(row.original.plan?.name) }),
        helper.display({ id: 'campaign', header: 'Campaña', cell: ({ row }) => cellText(row.original.campaign?.name) }),
        helper.display({ id: 'category', header: 'Categoría', cell: ({ row }) => cellText(row.original.category?.name) }),
        helper.display({ id: 'events', header: 'Eventos', cell: ({ row }) => cellText(formatServiceEvents(row.original)) }),
        helper.display({ id: 'coverage', header: 'Cobertura', cell: ({ row }) => cellText(formatServiceCoverage(row.original)) }),
        helper.accessor('is_active', {
          header: 'Estado',
          cell: (info) => <ServiceActiveBadge active={info.getValue()} />,
        }),
      ]),
    [],
  );

  return <DataTable columns={columns} data={services} getRowId={(service) => String(service.id)} stale={stale} cardTitle="service" />;
}
