import { CUSTOMER_DEFAULT_SORT, CUSTOMER_PAGE_SIZE } from '@contract/customer.constants';
import type { ListParams } from '@/shared/api';
import { searchNumber, searchSchema, searchText, type SearchOf } from '@/shared/lib';

/** /customers/7?q=52123&page=2: the customer grid's search (name, DNI, e-mail, phone) and page. */
export const customersSearchSchema = searchSchema({ q: searchText, page: searchNumber, view: searchNumber });

export type CustomersSearch = SearchOf<typeof customersSearchSchema>;

/** The DSP id of the path: a positive whole number, or undefined when the person did not come from a DSP. */
export const routeDspId = (value: string | undefined): number | undefined => (value && /^[1-9]\d{0,9}$/.test(value) ? searchNumber(value) : undefined);

/** The DSP's customers for this search: 12 a page, newest first, each with its subscriptions' plans (for their names). */
export const customerListParams = ({ q, page }: CustomersSearch): ListParams => ({
  filter: { q },
  include: ['entitlements', 'entitlements.plan'],
  sort: CUSTOMER_DEFAULT_SORT,
  limit: CUSTOMER_PAGE_SIZE,
  page: page ?? 1,
});
