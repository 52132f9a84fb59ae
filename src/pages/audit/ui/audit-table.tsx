import { Anchor, Group, Stack } from '@mantine/core';
import { Link } from '@tanstack/react-router';
import { createColumnHelper } from '@tanstack/react-table';
import { AUDIT_RESOURCE_LABELS } from '@contract/audit-vocabulary';
import dayjs from 'dayjs';
import type { TableColumn } from '@contract/preferences.constants';
import { useMemo } from 'react';
import { describeAuditEntry, type AuditEntry } from '@/entities/audit';
import { RestoreEntryButton } from '@/features/view-change-history';
import { CellText, DataTable, type DataTableFeatures } from '@/shared/ui/data-table';
import { batchSentence, isBatchLine } from '../model/batches';
import { recordLink } from './record-link';

const helper = createColumnHelper<DataTableFeatures, AuditEntry>();

/** 'Sponsor · Acme'; a sign-in names no record. */
const recordOf = (entry: AuditEntry) => {
  if (entry.resource === 'session') return '—';
  const name = entry.resource_label ?? (entry.resource_id === null ? null : `#${entry.resource_id}`);
  return name ? `${AUDIT_RESOURCE_LABELS[entry.resource]} · ${name}` : AUDIT_RESOURCE_LABELS[entry.resource];
};

/** The columns a person may show, hide and reorder, by id (contract's TABLE_COLUMNS). */
export const AUDIT_COLUMN_LABELS: Record<TableColumn<'audit'>, string> = { created_at: 'Fecha', actor: 'Persona', action: 'Acción', record: 'Registro' };

interface AuditTableProps {
  entries: AuditEntry[];
  /** The next page is loading: the rows on screen are the previous ones. */
  stale?: boolean;
  /** The columns chosen, in order. */
  shownColumns?: readonly string[];
  /** Each batch (one action on many records) is one line, opening to its records. */
  batches?: boolean;
}

/** Fecha, Persona, Acción (the sentence staff read) and Registro of each entry. */
export function AuditTable({ entries, stale = false, shownColumns, batches = false }: AuditTableProps) {
  const columns = useMemo(
    () =>
      helper.columns([
        helper.accessor('created_at', {
          header: AUDIT_COLUMN_LABELS.created_at,
          cell: ({ row }) => (
            <CellText detail={describeAuditEntry(row.original).when}>
              <time dateTime={row.original.created_at}>{dayjs(row.original.created_at).format('D MMM YYYY, HH:mm')}</time>
            </CellText>
          ),
        }),
        helper.display({ id: 'actor', header: AUDIT_COLUMN_LABELS.actor, cell: ({ row }) => <CellText>{row.original.actor?.name ?? 'El sistema'}</CellText> }),
        helper.display({
          id: 'action',
          header: AUDIT_COLUMN_LABELS.action,
          cell: ({ row }) => {
            const entry = row.original;
            if (batches && entry.batch && isBatchLine(entry)) {
              return (
                <Stack gap={2}>
                  <CellText>{batchSentence(entry)}</CellText>
                  <Anchor size="sm" renderRoot={(props) => <Link to="/auditoria" search={{ batch: entry.batch?.id }} {...props} />}>
                    {`Ver los ${entry.batch.count.toLocaleString('es-CO')} registros`}
                  </Anchor>
                </Stack>
              );
            }
            return (
              <Stack gap={2}>
                {describeAuditEntry(entry).sentences.map((sentence) => (
                  <CellText key={sentence}>{sentence}</CellText>
                ))}
              </Stack>
            );
          },
        }),
        helper.display({
          id: 'record',
          header: AUDIT_COLUMN_LABELS.record,
          cell: ({ row }) => {
            if (batches && isBatchLine(row.original)) return <CellText>{`${AUDIT_RESOURCE_LABELS[row.original.resource]} · en lote`}</CellText>;
            const text = recordOf(row.original);
            return (
              <Group gap="xs" wrap="wrap">
                <CellText>{recordLink(row.original, text) ?? text}</CellText>
                <RestoreEntryButton entry={row.original} />
              </Group>
            );
          },
        }),
      ]),
    [batches],
  );
  return <DataTable columns={columns} data={entries} getRowId={(entry) => String(entry.id)} stale={stale} cardTitle="action" shownColumns={shownColumns} />;
}
