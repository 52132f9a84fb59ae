import { Table } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { flexRender, tableFeatures, useTable, type ColumnDef, type RowData } from '@tanstack/react-table';
import { useMemo, type ReactNode } from 'react';
import '../focus.css';
import './data-table.css';

/** The panel's tables use the core only: filtering, sorting and paging are the server's. */
export const dataTableFeatures = tableFeatures({});
export type DataTableFeatures = typeof dataTableFeatures;

/** Below this width each row becomes a card: a table of several columns cannot be read on a phone. */
export const DATA_TABLE_CARDS_BELOW = '48em';

export interface DataTableProps<T extends RowData> {
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- each column has its own value type
  columns: ColumnDef<DataTableFeatures, T, any>[];
  data: T[];
  getRowId: (row: T) => string;
  /** The next page is loading: the rows on screen are the previous ones. */
  stale?: boolean;
  /** The column whose cell titles each card on narrow screens (e.g. the person's name). */
  cardTitle?: string;
  /** The column of buttons, shown at the foot of each card on narrow screens, always visible. */
  cardActions?: string;
  /** A class for a row (or its card), e.g. to mark the rows that just changed. */
  rowClassName?: (row: T) => string | undefined;
  /**
   * The columns the person chose to see, by id, in their order; the others are left out. The
   * `cardActions` column is not theirs to choose: it always comes last. Not given: every column.
   */
  shownColumns?: readonly string[];
}

/** `columns` as `shown` orders them, the actions' column (never chosen) last. */
function arrangeColumns<C extends { id?: string; accessorKey?: unknown }>(columns: C[], shown: readonly string[] | undefined, actions: string | undefined): C[] {
  if (!shown) return columns;
  // A column's id, as TanStack Table gives it: its own, or the key of the field it shows.
  const byId = new Map(columns.map((column) => [column.id ?? String(column.accessorKey), column]));
  const chosen = shown.flatMap((id) => byId.get(id) ?? []);
  const actionsColumn = actions === undefined ? undefined : byId.get(actions);
  return actionsColumn ? [...chosen, actionsColumn] : chosen;
}

/** What a column's `cell` or `header` renders for its context. */
type Render<Context> = ((context: Context) => ReactNode) | ReactNode;

/**
 * A cell's or header's content, calling its render function rather than mounting it as a
 * component, as TanStack's FlexRender does: a page that builds its columns again (say, once the
 * sponsors' names arrive) gives each render function a new identity, and as component types they
 * would remount every cell (new elements, a focused button lost) instead of updating it in place.
 * Our columns' renderers use no hooks (the linter would refuse them there).
 */
function render<Context>(content: Render<Context> | undefined, context: Context): ReactNode {
  if (typeof content === 'function') return content(context);
  return flexRender(content, context as object);
}

/**
 * A list as a table (TanStack Table on Mantine's). Under `DATA_TABLE_CARDS_BELOW` each row is a
 * card instead: its title cell on top, every other column as 'label: value', its actions last.
 */
export function DataTable<T extends RowData>({ columns, data, getRowId, stale = false, cardTitle, cardActions, rowClassName, shownColumns }: DataTableProps<T>) {
  const arranged = useMemo(() => arrangeColumns(columns, shownColumns, cardActions), [columns, shownColumns, cardActions]);
  const table = useTable({ features: dataTableFeatures, columns: arranged, data, getRowId });
  // Read while rendering, not after: a phone would otherwise build the whole table first, only to
  // throw it away for the cards.
  const narrow = useMediaQuery(`(max-width: ${DATA_TABLE_CARDS_BELOW})`, false, { getInitialValueInEffect: false });

  if (narrow) {
    // Plain elements styled as Mantine's Card, Stack, Group and Text (data-table.css): a page of
    // cards on a phone is dozens of them, and each Mantine component costs its render.
    return (
      <ul className="data-table-cards" style={{ opacity: stale ? 0.6 : 1 }} aria-busy={stale}>
        {table.getRowModel().rows.map((row) => {
          const cells = row.getAllCells();
          const title = cells.find((cell) => cell.column.id === cardTitle);
          const actions = cells.find((cell) => cell.column.id === cardActions);
          const facts = cells.filter((cell) => cell !== title && cell !== actions);
          const extraClass = rowClassName?.(row.original);
          return (
            <li key={row.id} className={extraClass ? `data-table-card ${extraClass}` : 'data-table-card'}>
              {title ? <div className="data-table-card__title">{render(title.column.columnDef.cell, title.getContext())}</div> : null}
              <dl className="data-table-card__facts">
                {facts.map((cell) => {
                  const header = cell.column.columnDef.header;
                  return (
                    <div key={cell.id} className="data-table-card__fact">
                      <dt>{typeof header === 'string' ? header : cell.column.id}</dt>
                      <dd>{render(cell.column.columnDef.cell, cell.getContext())}</dd>
                    </div>
                  );
                })}
              </dl>
              {actions ? <div className="data-table-card__actions">{render(actions.column.columnDef.cell, actions.getContext())}</div> : null}
            </li>
          );
        })}
      </ul>
    );
  }

  return (
    <Table.ScrollContainer minWidth={760}>
      <Table verticalSpacing="sm" highlightOnHover aria-busy={stale} style={{ opacity: stale ? 0.6 : 1 }}>
        <Table.Thead>
          {table.getHeaderGroups().map((group) => (
            <Table.Tr key={group.id}>
              {group.headers.map((header) => (
                <Table.Th key={header.id}>{header.isPlaceholder ? null : render(header.column.columnDef.header, header.getContext())}</Table.Th>
              ))}
            </Table.Tr>
          ))}
        </Table.Thead>
        <Table.Tbody>
          {table.getRowModel().rows.map((row) => (
            <Table.Tr key={row.id} className={rowClassName?.(row.original)}>
              {row.getAllCells().map((cell) => (
                <Table.Td key={cell.id}>
                  {render(cell.column.columnDef.cell, cell.getContext())}
                </Table.Td>
              ))}
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
