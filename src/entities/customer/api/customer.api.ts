import type { Customer, CustomerDspPlans, CustomerMeta, CustomerUpdateFields } from '@contract/customer';
import type { DeletedRecord, DeletionCheck } from '@contract/common';
import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { api, entityKeys, listSearchParams, type ListParams, type Paginated, type Deletion } from '@/shared/api';

export type { Customer, CustomerDspPlans, CustomerMeta };

/** A plan the customer's DSP sells, as the customer form offers it. */
export type CustomerPlanOption = CustomerDspPlans['plans'][number];

/**
 * What the customer form sends (JSON): every field, the plans as the customer's whole list; the
 * password only when one was typed (required on create).
 */
export type CustomerPayload = Required<Pick<CustomerUpdateFields, 'dni' | 'name' | 'email' | 'plan_id'>> & {
  phone: string | null;
  meta: { address: string | null; city: string | null };
  password?: string;
  password_confirmation?: string;
};

/** What staff read when a customer call fails without a message of its own. */
export const CUSTOMER_FALLBACKS = {
  list: 'No se pudieron cargar los clientes',
  detail: 'No se pudo obtener el detalle',
  save: 'No se pudo guardar el cliente',
  delete: 'No se pudo eliminar el cliente',
  plans: 'No se pudieron cargar los planes de la DSP',
  export: 'No se pudieron exportar los clientes',
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

/** The DSP's name and the plans it sells: readable by whoever sees its customers, unlike the DSP itself. */
export const fetchCustomerDspPlans = (dspId: number, signal?: AbortSignal) =>
  api.get<CustomerDspPlans>(`v1/dsps/${dspId}/customer-plans`, { fallback: CUSTOMER_FALLBACKS.plans, signal });

export const createCustomer = (dspId: number, payload: CustomerPayload) =>
  api.post<Customer>(`v1/dsps/${dspId}/customers`, { json: payload, fallback: CUSTOMER_FALLBACKS.save });

/** `version`: the one the form opened; a stale one is refused (409, with the record as it is now). */
export const updateCustomer = (id: number, payload: CustomerPayload, version?: number) =>
  api.put<Customer>(`v1/customers/${id}`, { json: payload, fallback: CUSTOMER_FALLBACKS.save, version });

export const deleteCustomer = (id: number, version?: number) => api.delete<DeletedRecord>(`v1/customers/${id}`, { fallback: CUSTOMER_FALLBACKS.delete, version });

/** Whether the customer can be deleted now and, if not, why (their bookings). */
export const checkCustomerDeletion = (id: number) =>
  api.get<DeletionCheck>(`v1/customers/${id}/deletion`, { fallback: CUSTOMER_FALLBACKS.delete });

const keys = entityKeys('customers');

/** Query keys and options for customers; writes invalidate `lists()` and the customer's `detail`. */
export const customerQueries = {
  ...keys,
  list: (dspId: number, params: ListParams) =>
    queryOptions({
      queryKey: [...keys.lists(), dspId, params] as const,
      queryFn: ({ signal }) => fetchCustomers(dspId, params, signal),
      // The grid keeps the previous page on screen while the next one loads.
      placeholderData: keepPreviousData,
    }),
  /** The customer with their subscriptions, periods and status histories. */
  detail: (id: number) =>
    queryOptions({
      queryKey: [...keys.details(), id] as const,
      queryFn: ({ signal }) => fetchCustomer(id, signal),
    }),
  /** The DSP's name and the plans it sells (the page's subtitle, the form's plan choices). */
  dspPlans: (dspId: number) =>
    queryOptions({
      queryKey: [...keys.all(), 'dsp-plans', dspId] as const,
      queryFn: ({ signal }) => fetchCustomerDspPlans(dspId, signal),
    }),
};

/** A DSP's customer goes with their subscriptions; one with bookings cannot go (the check says so first). */
export const customerDeletion: Deletion<Customer> = {
  title: 'Eliminar cliente',
  describe: (customer) => ({
    before: '¿Eliminar este cliente? Se eliminarán ',
    name: customer.name,
    after: ` (DNI ${customer.dni}) y sus suscripciones. Se podrá restaurar desde el historial.`,
  }),
  deleted: 'Cliente eliminado.',
  remove: deleteCustomer,
  check: checkCustomerDeletion,
  queries: customerQueries,
};
