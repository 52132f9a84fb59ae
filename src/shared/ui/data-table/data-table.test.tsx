import { createColumnHelper } from '@tanstack/react-table';
import { screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../../../../tests/utils/render';
import { CellText } from './cell-text';
import { DataTable, type DataTableFeatures } from './data-table';

interface Person {
  id: number;
  name: string;
  email: string;
}

const helper = createColumnHelper<DataTableFeatures, Person>();
const columns = helper.columns([
  helper.accessor('name', { header: 'Usuario' }),
  helper.accessor('email', { header: 'Contacto' }),
  helper.display({ id: 'actions', header: 'Acciones', cell: ({ row }) => <button type="button">{`Editar a ${row.original.name}`}</button> }),
]);
const people = [
  { id: 1, name: 'Ana Pérez', email: 'ana@example.com' },
  { id: 2, name: 'Luis Gómez', email: 'luis@example.com' },
];

const screenWidth = (narrow: boolean) =>
  vi.spyOn(window, 'matchMedia').mockImplementation(
    (query: string) =>
      ({
        matches: narrow && query.includes('max-width'),
        media: query,
        onchange: null,
        addListener: vi.fn(),
        removeListener: vi.fn(),
        addEventListener: vi.fn(),
        removeEventListener: vi.fn(),
        dispatchEvent: vi.fn(),
      }) as unknown as MediaQueryList,
  );

afterEach(() => vi.restoreAllMocks());

describe('DataTable', () => {
  it('is a table with its column headers on a wide screen', () => {
    screenWidth(false);
    renderWithProviders(<DataTable columns={columns} data={people} getRowId={(row) => String(row.id)} cardTitle="name" cardActions="actions" />);
    expect(screen.getByRole('table')).toBeInTheDocument();
    expect(screen.getAllByRole('columnheader').map((header) => header.textContent)).toEqual(['Usuario', 'Contacto', 'Acciones']);
  });

  it('turns each row into a card on a phone: the name as title, label and value pairs, the actions visible', async () => {
    screenWidth(true);
    renderWithProviders(<DataTable columns={columns} data={people} getRowId={(row) => String(row.id)} cardTitle="name" cardActions="actions" />);
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
    const cards = await screen.findAllByRole('listitem');
    expect(cards).toHaveLength(2);
    const ana = cards[0]!;
    expect(ana.firstElementChild).toHaveTextContent('Ana Pérez');
    const terms = within(ana).getAllByRole('term').map((term) => term.textContent);
    expect(terms).toEqual(['Contacto']);
    expect(within(ana).getByRole('definition')).toHaveTextContent('ana@example.com');
    expect(within(ana).getByRole('button', { name: 'Editar a Ana Pérez' })).toBeVisible();
  });

  it('updates its cells in place when the page builds its columns again, so a focused button keeps the focus', () => {
    screenWidth(false);
    // A page's columns built again (say, once names they show have arrived): the same cells, new functions.
    const columnsWith = (suffix: string) =>
      helper.columns([
        helper.accessor('name', { header: 'Usuario' }),
        helper.display({ id: 'actions', header: 'Acciones', cell: ({ row }) => <button type="button">{`Editar a ${row.original.name}${suffix}`}</button> }),
      ]);
    const table = (suffix: string) => <DataTable columns={columnsWith(suffix)} data={people} getRowId={(row) => String(row.id)} />;
    const { rerender } = renderWithProviders(table(''));
    const button = screen.getByRole('button', { name: 'Editar a Ana Pérez' });
    button.focus();

    rerender(table(' (Andes)'));
    expect(button).toBeInTheDocument();
    expect(button).toHaveAccessibleName('Editar a Ana Pérez (Andes)');
    expect(button).toHaveFocus();
  });

  it('shows a cell\'s value with its grey detail line under it, and only the value when there is none', () => {
    screenWidth(false);
    const withDetails = helper.columns([
      helper.accessor('name', { header: 'Usuario', cell: ({ row }) => <CellText weight={600} detail={row.original.email}>{row.original.name}</CellText> }),
      helper.display({ id: 'plain', header: 'Sin detalle', cell: () => <CellText>Solo el valor</CellText> }),
    ]);
    renderWithProviders(<DataTable columns={withDetails} data={people} getRowId={(row) => String(row.id)} />);
    const [, ana] = screen.getAllByRole('row');
    const [nameCell, plainCell] = within(ana!).getAllByRole('cell');
    expect([...nameCell!.querySelectorAll('p')].map((line) => line.textContent)).toEqual(['Ana Pérez', 'ana@example.com']);
    expect([...plainCell!.querySelectorAll('p')].map((line) => line.textContent)).toEqual(['Solo el valor']);
  });
});

describe('DataTable with chosen columns', () => {
  it('shows only the chosen columns in their order, the actions last, in the table and the cards', () => {
    screenWidth(false);
    const { unmount } = renderWithProviders(
      <DataTable columns={columns} data={people} getRowId={(person) => String(person.id)} cardActions="actions" shownColumns={['email', 'name']} />,
    );
    expect(screen.getAllByRole('columnheader').map((header) => header.textContent)).toEqual(['Contacto', 'Usuario', 'Acciones']);
    expect(within(screen.getAllByRole('row')[1]!).getAllByRole('cell').map((cell) => cell.textContent)).toEqual(['ana@example.com', 'Ana Pérez', 'Editar a Ana Pérez']);
    unmount();

    screenWidth(true);
    renderWithProviders(<DataTable columns={columns} data={people} getRowId={(person) => String(person.id)} cardActions="actions" shownColumns={['email']} />);
    const card = screen.getAllByRole('listitem')[0]!;
    expect(within(card).getAllByRole('term').map((term) => term.textContent)).toEqual(['Contacto']);
    expect(within(card).getByRole('button', { name: 'Editar a Ana Pérez' })).toBeInTheDocument();
  });
});
