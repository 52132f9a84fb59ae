import { PAYMENT_METHODS, type PaymentMethod } from '@contract/entitlement.constants';
import { SALE_PAGE_SIZE, SALE_STATUSES, sale, salesSummary, type Sale, type SaleStatus } from '@contract/sale';
import { http, HttpResponse } from 'msw';
import { answer, apiUrl, fail } from '../envelope';
import { listAnswer } from '../paginate';

let sequence = 0;

/** A sale as the API answers it, checked against the contract's schema. */
export const buildSale = (overrides: Partial<Sale> = {}): Sale => {
  sequence += 1;
  return sale.parse({
    id: sequence,
    created_at: new Date(Date.UTC(2026, 2, sequence, 15)).toISOString(),
    customer: { id: sequence, name: `Cliente ${sequence}`, email: `cliente${sequence}@correo.test` },
    dsp: { id: 1, name: 'Andes Ventas' },
    plan: { id: 1, name: 'Plan Hogar' },
    amount: '150000.00',
    currency: 'COP',
    payment_method: 'tarjeta',
    status: 'pagado',
    ...overrides,
  });
};

/** The sales the handlers answer with, and every export asked for; reset before each test. */
export const salesDb = {
  sales: [] as Sale[],
  /** The query string of each CSV export, in order. */
  exports: [] as URLSearchParams[],
  reset() {
    salesDb.sales = [];
    salesDb.exports = [];
    sequence = 0;
  },
  add(overrides: Partial<Sale> = {}) {
    const added = buildSale(overrides);
    salesDb.sales.push(added);
    return added;
  },
};

const FILTERS = ['status', 'payment_method', 'dsp_id', 'q', 'from', 'to'];
/** A Bogotá day (UTC−5), as the server counts the date filters. */
const bogotaDay = (at: string) => new Date(new Date(at).getTime() - 5 * 3_600_000).toISOString().slice(0, 10);
const newestFirst = (a: Sale, b: Sale) => b.created_at.localeCompare(a.created_at) || b.id - a.id;

/** The server's filter rules: known filters and values only, else 400 naming what is allowed. */
function matching(url: URL): Sale[] | Response {
  const filter = (name: string) => url.searchParams.get(`filter[${name}]`);
  const unknown = [...url.searchParams.keys()].filter((key) => /^filter\[/.test(key) && !FILTERS.includes(key.slice(7, -1)));
  if (unknown.length > 0) return fail(400, `Filtros no permitidos: ${unknown.join(', ')}. Permitidos: ${FILTERS.join(', ')}.`);
  const status = filter('status');
  if (status && !SALE_STATUSES.includes(status as SaleStatus)) return fail(400, `El filtro status admite: ${SALE_STATUSES.join(', ')}.`);
  const method = filter('payment_method');
  if (method && !PAYMENT_METHODS.includes(method as PaymentMethod)) return fail(400, `El filtro payment_method admite: ${PAYMENT_METHODS.join(', ')}.`);
  const dsp = filter('dsp_id');
  const q = filter('q')?.toLowerCase();
  const from = filter('from');
  const to = filter('to');
  return salesDb.sales
    .filter((row) => !status || row.status === status)
    .filter((row) => !method || row.payment_method === method)
    .filter((row) => !dsp || row.dsp.id === Number(dsp))
    .filter((row) => !q || row.customer.name.toLowerCase().includes(q) || row.customer.email.includes(q))
    .filter((row) => !from || bogotaDay(row.created_at) >= from)
    .filter((row) => !to || bogotaDay(row.created_at) <= to)
    .sort(newestFirst);
}

/** The sales API over `salesDb`: the list, its totals and its CSV export. */
export const salesHandlers = [
  http.get(apiUrl('v1/sales'), ({ request }) => {
    const url = new URL(request.url);
    const found = matching(url);
    return found instanceof Response ? found : listAnswer(sale, found, url, SALE_PAGE_SIZE);
  }),
  http.get(apiUrl('v1/sales/summary'), ({ request }) => {
    const found = matching(new URL(request.url));
    if (found instanceof Response) return found;
    const cents = found.reduce((sum, row) => sum + Math.round(Number(row.amount ?? 0) * 100), 0);
    return answer(salesSummary, { count: found.length, total_amount: (cents / 100).toFixed(2), currency: 'COP' });
  }),
  http.get(apiUrl('v1/sales/export'), ({ request }) => {
    const url = new URL(request.url);
    salesDb.exports.push(url.searchParams);
    const found = matching(url);
    if (found instanceof Response) return found;
    const rows = found.map((row) => [row.created_at, row.customer.name, row.plan.name, row.amount ?? ''].join(','));
    return new HttpResponse(['\uFEFFFecha,Cliente,Plan,Monto', ...rows].join('\n'), {
      headers: { 'Content-Type': 'text/csv; charset=utf-8', 'Content-Disposition': 'attachment; filename="ventas-2026-03-31.csv"' },
    });
  }),
];
