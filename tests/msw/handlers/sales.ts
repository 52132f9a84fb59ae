import { SALE_DEFAULT_SORT, SALE_PAGE_SIZE, SALE_SORTS, sale, salesSummary, type Sale } from '@contract/sale';
import { http, HttpResponse } from 'msw';
import { answer, apiUrl } from '../envelope';
import { listHandler, matching, type ListSpec, type MockModule } from '../resource';

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

/** A Bogotá day (UTC−5), as the server counts the date filters. */
const bogotaDay = (at: string) => new Date(new Date(at).getTime() - 5 * 3_600_000).toISOString().slice(0, 10);

const spec: ListSpec<Sale> = {
  item: sale,
  sorts: SALE_SORTS,
  defaultSort: SALE_DEFAULT_SORT,
  pageSize: SALE_PAGE_SIZE,
  search: (row) => [row.customer.name, row.customer.email],
  filters: {
    dsp_id: (row, value) => row.dsp.id === Number(value),
    from: (row, value) => bogotaDay(row.created_at) >= value,
    to: (row, value) => bogotaDay(row.created_at) <= value,
  },
};

/** The sales API over `salesDb`: the list, its totals and its CSV export. */
export const mock: MockModule = {
  stores: [salesDb],
  handlers: [
    listHandler('v1/sales', spec, () => salesDb.sales),
    http.get(apiUrl('v1/sales/summary'), ({ request }) => {
      const found = matching(salesDb.sales, new URL(request.url), spec);
      // One total per currency, by code, as the API sums them: never across currencies.
      const cents = new Map<string | null, { count: number; cents: number }>();
      for (const row of found) {
        const total = cents.get(row.currency) ?? { count: 0, cents: 0 };
        cents.set(row.currency, { count: total.count + 1, cents: total.cents + Math.round(Number(row.amount ?? 0) * 100) });
      }
      const totals = [...cents]
        .sort(([a], [b]) => (a === null ? 1 : b === null ? -1 : a.localeCompare(b)))
        .map(([currency, total]) => ({ currency, count: total.count, total_amount: (total.cents / 100).toFixed(2) }));
      return answer(salesSummary, { count: found.length, totals });
    }),
    http.get(apiUrl('v1/sales/export'), ({ request }) => {
      const url = new URL(request.url);
      salesDb.exports.push(url.searchParams);
      const found = matching(salesDb.sales, url, spec);
      const rows = found.map((row) => [row.created_at, row.customer.name, row.plan.name, row.amount ?? ''].join(','));
      return new HttpResponse(['\uFEFFFecha,Cliente,Plan,Monto', ...rows].join('\n'), {
        headers: { 'Content-Type': 'text/csv; charset=utf-8', 'Content-Disposition': 'attachment; filename="ventas-2026-03-31.csv"' },
      });
    }),
  ],
};
