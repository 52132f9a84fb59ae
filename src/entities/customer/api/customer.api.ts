import type { DeletionCheck } from '@contract/common';
import type { Customer, CustomerDspPlans } from '@contract/customer';
import { api, listSearchParams, type ListParams, type Paginated } from '@/shared/api';
import type { CustomerPayload } from '../model/types';

/** What staff read when a customer call fails without a message of its own. */
export const CUSTOMER_FALLBACKS = {
  list: 'No se pudieron cargar los clientes',
  detail: 'No se pudo obtener el detalle',
  save: 'No se pudo guardar el cliente',
  delete: 'No se pudo eliminar el cliente',
  plans: 'No se pudieron cargar los planes de la DSP',
  export: 'No se pudieron exportar los clientes',
} as const;

/** Every customer of the DSP the search selects, as CSV (streamed by the server, no row cap). */
export const exportCustomers = (dspId: number, filter: { q?: string }) =>
  api.getFile(`v1/dsps/${dspId}/customers/export`, { searchParams: listSearchParams({ filter }), fallback: CUSTOMER_FALLBACKS.export });

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

/** The DSP's name and the plans it sells: readable by whoever sees its customers, unlike the DSP itself. */
export const fetchCustomerDspPlans = (dspId: number, signal?: AbortSignal) =>
  api.get<CustomerDspPlans>(`v1/dsps/${dspId}/customer-plans`, { fallback: CUSTOMER_FALLBACKS.plans, signal });

export const createCustomer = (dspId: number, payload: CustomerPayload) =>
  api.post<Customer>(`v1/dsps/${dspId}/customers`, { json: payload, fallback: CUSTOMER_FALLBACKS.save });

export const updateCustomer = (id: number, payload: CustomerPayload) =>
  api.put<Customer>(`v1/customers/${id}`, { json: payload, fallback: CUSTOMER_FALLBACKS.save });

export const deleteCustomer = (id: number) => api.delete<null>(`v1/customers/${id}`, { fallback: CUSTOMER_FALLBACKS.delete });

/** Whether the customer can be deleted now and, if not, why (their bookings). */
export const checkCustomerDeletion = (id: number) =>
  api.get<DeletionCheck>(`v1/customers/${id}/deletion`, { fallback: CUSTOMER_FALLBACKS.delete });
