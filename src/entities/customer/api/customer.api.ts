import type { Customer } from '@contract/customer';
import { api, listSearchParams, type ListParams, type Paginated } from '@/shared/api';

/** What staff read when a customer call fails without a message of its own. */
export const CUSTOMER_FALLBACKS = {
  list: 'No se pudieron cargar los clientes',
  detail: 'No se pudo obtener el detalle',
} as const;

/** A DSP's customers (the list's params: search, page, includes). */
export const fetchCustomers = (dspId: number, params: ListParams, signal?: AbortSignal) =>
  api.get<Paginated<Customer>>(`v1/dsps/${dspId}/customers`, { searchParams: listSearchParams(params), fallback: CUSTOMER_FALLBACKS.list, signal });

/** One customer with their subscriptions, each with its plan, periods and status history. */
export const fetchCustomer = (id: number, signal?: AbortSignal) =>
  api.get<Customer>(`v1/customers/${id}`, {
    searchParams: { include: 'entitlements,entitlements.plan,entitlements.periods,entitlements.status_histories' },
    fallback: CUSTOMER_FALLBACKS.detail,
    signal,
  });
