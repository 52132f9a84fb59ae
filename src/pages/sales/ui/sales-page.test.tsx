import { screen, waitFor, within } from '@testing-library/react';
import { delay, http } from 'msw';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { SessionUser } from '@/shared/auth';
import { apiUrl, fail, ok } from '../../../../tests/msw/envelope';
import { signedInUser } from '../../../../tests/msw/handlers/auth';
import { dspsDb } from '../../../../tests/msw/handlers/dsps';
import { salesDb } from '../../../../tests/msw/handlers/sales';
import { server } from '../../../../tests/msw/server';
import { chooseOption } from '../../../../tests/utils/choose-option';
import { currentLocation, renderRoute, startSession } from '../../../../tests/utils/render';

afterEach(() => {
  server.events.removeAllListeners();
  vi.restoreAllMocks();
});

/** Staff assigned to some DSPs: they see those DSPs' sales and pick no DSP. */
const operator: SessionUser = { ...signedInUser, permissions: [] };
/** Staff who configure DSPs: every DSP's sales, and a DSP picker. */
const manager: SessionUser = { ...signedInUser, permissions: ['dsps.manage'] };

/** Every request to `path` the page made, as URLs. */
const recordRequests = (path: string) => {
  const urls: URL[] = [];
  server.events.on('request:start', ({ request }) => {
    const url = new URL(request.url);
    if (url.pathname === path) urls.push(url);
  });
  return urls;
};
const filtersOf = (url: URL) => Object.fromEntries([...url.searchParams].filter(([key]) => key.startsWith('filter[')));

const openSales = async (path = '/ventas', as: SessionUser = operator) => {
  startSession(as);
  const view = renderRoute(path);
  await screen.findByRole('heading', { level: 1, name: 'Ventas' });
  return view;
};

const rowTexts = () =>
  screen
    .getAllByRole('row')
    .slice(1)
    .map((row) => row.textContent);

/** Three sales of two DSPs, in March 2026. */
const seed = () => {
  salesDb.add({ customer: { id: 1, name: 'Laura Ríos', email: 'laura@correo.test' }, amount: '150000.00', payment_method: 'tarjeta', status: 'pagado', created_at: '2026-03-02T15:00:00.000Z' });
  salesDb.add({
    customer: { id: 2, name: 'Pedro Gil', email: 'pedro@correo.test' },
    plan: { id: 2, name: 'Plan Auto' },
    amount: '1250000.00',
    payment_method: null,
    status: 'pendiente',
    created_at: '2026-03-10T15:00:00.000Z',
  });
  salesDb.add({
    customer: { id: 3, name: 'Marta Ruiz', email: 'marta@correo.test' },
    dsp: { id: 2, name: 'Caribe Ventas' },
    plan: { id: 3, name: 'Plan Viajero' },
    amount: '2.99',
    currency: 'USD',
    payment_method: 'efectivo',
    status: 'cancelado',
    created_at: '2026-03-20T15:00:00.000Z',
  });
};

describe('/ventas', () => {
  it('lists each sale with customer, DSP, plan, date, amount in its currency, payment method and status, newest first', async () => {
    seed();
    await openSales();
    await screen.findByRole('table');
    expect(screen.getAllByRole('columnheader').map((cell) => cell.textContent)).toEqual(['Cliente', 'DSP', 'Plan', 'Fecha', 'Monto', 'Método de pago', 'Estado']);
    expect(rowTexts()).toEqual([
      'Marta Ruizmarta@correo.testCaribe VentasPlan Viajero20 mar 2026USD\u00a02,99EfectivoCancelado',
      'Pedro Gilpedro@correo.testAndes VentasPlan Auto10 mar 2026COP\u00a01.250.000Sin registrarPendiente',
      'Laura Ríoslaura@correo.testAndes VentasPlan Hogar2 mar 2026COP\u00a0150.000TarjetaPagado',
    ]);
  });

  it('shows the totals of every filtered sale above the table, one per currency, never added up', async () => {
    seed();
    for (let index = 0; index < 20; index += 1) salesDb.add({ amount: '10000.00', created_at: '2026-01-01T15:00:00.000Z' });
    await openSales();
    const totals = (await screen.findByText('23 ventas')).closest('[aria-live]') as HTMLElement;
    // 22 sales in pesos (1.600.000) and one of 2,99 dollars: two totals, each of its own.
    expect(within(totals).getByText('Total COP · 22 ventas').nextSibling).toHaveTextContent('COP 1.600.000');
    expect(within(totals).getByText('Total USD · 1 venta').nextSibling).toHaveTextContent('USD 2,99');
    expect(totals).not.toHaveTextContent('1.600.002');
    // The table shows a page of 15; the totals count all 23.
    await waitFor(() => expect(rowTexts()).toHaveLength(15));
  });

  it('puts each filter in the URL and in the list, the totals and the export, from page 1', async () => {
    seed();
    dspsDb.add({ name: 'Andes Ventas' });
    const caribe = dspsDb.add({ name: 'Caribe Ventas' });
    salesDb.sales[2]!.dsp = { id: caribe.id, name: caribe.name };
    const lists = recordRequests('/api/v1/sales');
    const summaries = recordRequests('/api/v1/sales/summary');
    const { user } = await openSales('/ventas?page=2', manager);
    await screen.findByRole('table');

    await user.click(screen.getByRole('radio', { name: 'Cancelado' }));
    await waitFor(() => expect(currentLocation()).toBe('/ventas?status=cancelado'));
    await chooseOption(user, 'Método de pago', 'Efectivo');
    await waitFor(() => expect(currentLocation()).toBe('/ventas?status=cancelado&method=efectivo'));
    await chooseOption(user, 'DSP', 'Caribe Ventas');
    await waitFor(() => expect(currentLocation()).toBe(`/ventas?status=cancelado&method=efectivo&dsp=${caribe.id}`));

    await waitFor(() => expect(rowTexts()).toEqual([expect.stringContaining('Marta Ruiz')]));
    const expected = { 'filter[status]': 'cancelado', 'filter[payment_method]': 'efectivo', 'filter[dsp_id]': String(caribe.id) };
    expect(filtersOf(lists.at(-1)!)).toEqual(expected);
    expect(lists.at(-1)!.searchParams.get('page')).toBe('1');
    expect(filtersOf(summaries.at(-1)!)).toEqual(expected);
    expect(await screen.findByText('1 venta')).toBeInTheDocument();
  });

  it('keeps the filters of a link or a reload, the date range included', async () => {
    seed();
    const lists = recordRequests('/api/v1/sales');
    const { user } = await openSales('/ventas?q=pedro&from=2026-03-05&to=2026-03-15&method=tarjeta');
    await waitFor(() => expect(lists.length).toBeGreaterThan(0));
    expect(filtersOf(lists.at(-1)!)).toEqual({ 'filter[q]': 'pedro', 'filter[payment_method]': 'tarjeta', 'filter[from]': '2026-03-05', 'filter[to]': '2026-03-15' });
    expect(screen.getByRole('button', { name: 'Fechas' })).toHaveTextContent('05/03/2026 – 15/03/2026');
    expect(screen.getByRole('combobox', { name: 'Método de pago' })).toHaveValue('Tarjeta');
    expect(await screen.findByText('Ninguna venta coincide con los filtros')).toBeInTheDocument();
    const chips = screen.getByRole('group', { name: 'Filtros aplicados' });
    expect(within(chips).getAllByRole('button', { name: /^Quitar filtro/ }).map((button) => button.getAttribute('aria-label'))).toEqual([
      'Quitar filtro Búsqueda: pedro',
      'Quitar filtro Método de pago: Tarjeta',
      'Quitar filtro Fechas: 05/03/2026 – 15/03/2026',
    ]);
    await user.click(within(chips).getByRole('button', { name: 'Quitar filtro Fechas: 05/03/2026 – 15/03/2026' }));
    await waitFor(() => expect(currentLocation()).toBe('/ventas?q=pedro&method=tarjeta'));
  });

  it('keeps the status filter in the URL', async () => {
    const { user } = await openSales('/ventas?status=pagado');
    expect(await screen.findByRole('radio', { name: 'Pagado' })).toBeChecked();

    await user.click(screen.getByRole('radio', { name: 'Pendiente' }));
    await waitFor(() => expect(currentLocation()).toBe('/ventas?status=pendiente'));

    await user.click(screen.getByRole('radio', { name: 'Todos' }));
    await waitFor(() => expect(currentLocation()).toBe('/ventas'));
  });

  it('falls back to no filter on a bad URL', async () => {
    const lists = recordRequests('/api/v1/sales');
    await openSales('/ventas?status=robado&method=bitcoin&dsp=x&from=ayer');
    expect(await screen.findByRole('radio', { name: 'Todos' })).toBeChecked();
    await waitFor(() => expect(lists.length).toBeGreaterThan(0));
    expect(filtersOf(lists.at(-1)!)).toEqual({});
  });

  it('puts the search in the URL once typing stops', async () => {
    const { user } = await openSales();
    await user.type(await screen.findByRole('searchbox', { name: 'Buscar ventas' }), 'ana');
    await waitFor(() => expect(currentLocation()).toBe('/ventas?q=ana'));
  });

  it('offers the DSP filter only to who sees every DSP, and never asks others for the DSPs', async () => {
    seed();
    const dspsAsked = recordRequests('/api/v1/dsps');
    await openSales();
    await screen.findByRole('table');
    expect(screen.queryByRole('combobox', { name: 'DSP' })).not.toBeInTheDocument();
    expect(screen.getByRole('combobox', { name: 'Método de pago' })).toBeInTheDocument();
    expect(dspsAsked).toEqual([]);
  });

  it('exports the CSV of the same filters with the session, saying it is busy', async () => {
    seed();
    const saved = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => {});
    server.use(
      http.get(apiUrl('v1/sales/export'), async ({ request }) => {
        salesDb.exports.push(new URL(request.url).searchParams);
        expect(request.headers.get('Authorization')).toBe('Bearer test-session-token');
        await delay(150);
        return new Response('\uFEFFFecha,Cliente\n', { headers: { 'Content-Type': 'text/csv', 'Content-Disposition': 'attachment; filename="ventas-marzo.csv"' } });
      }),
    );
    const { user } = await openSales('/ventas?status=pagado&from=2026-03-01&page=2');
    await user.click(screen.getByRole('button', { name: 'Exportar CSV' }));
    expect(await screen.findByRole('button', { name: 'Exportando…' })).toHaveAttribute('aria-disabled', 'true');
    await screen.findByRole('button', { name: 'Exportar CSV' });
    expect(Object.fromEntries(salesDb.exports[0]!)).toEqual({ 'filter[status]': 'pagado', 'filter[from]': '2026-03-01' });
    expect(saved).toHaveBeenCalledOnce();
    expect((saved.mock.contexts[0] as HTMLAnchorElement).download).toBe('ventas-marzo.csv');
  });

  it('shows why an export failed in a red alert', async () => {
    server.use(http.get(apiUrl('v1/sales/export'), () => fail(400, 'El filtro status admite: pendiente, pagado, cancelado.')));
    const { user } = await openSales();
    await user.click(screen.getByRole('button', { name: 'Exportar CSV' }));
    const alert = await screen.findByRole('alert');
    expect(within(alert).getByText('El filtro status admite: pendiente, pagado, cancelado.')).toBeInTheDocument();
  });

  it('shows the server’s message when the sales cannot be read, and an honest empty state when there are none', async () => {
    server.use(http.get(apiUrl('v1/sales'), () => fail(500, 'La base de datos no responde.')));
    await openSales();
    expect(await screen.findByText('La base de datos no responde.')).toBeInTheDocument();
    server.resetHandlers();
  });

  it('says when no sale was recorded yet', async () => {
    await openSales();
    expect(await screen.findByRole('heading', { name: 'No hay ventas registradas' })).toBeInTheDocument();
    expect(await screen.findByText('0 ventas')).toBeInTheDocument();
  });

  it('groups the thousands of a large operator\'s count', async () => {
    server.use(http.get(apiUrl('v1/sales/summary'), () => ok({ count: 300_000, totals: [{ currency: 'COP', count: 300_000, total_amount: '35230170000.00' }] })));
    await openSales();
    expect(await screen.findByText('300.000 ventas')).toBeInTheDocument();
  });
});
