import { SERVICE_LIST_PAGE_SIZE } from '@contract/service.constants';
import type { ListParams } from '@/shared/api';
import { searchEnum, searchNumber, searchSchema, searchText, type SearchOf } from '@/shared/lib';

export const SERVICE_STATUS_FILTERS = ['activo', 'inactivo'] as const;
export type ServiceStatusFilter = (typeof SERVICE_STATUS_FILTERS)[number];

/** /servicios?q=grua&status=activo&campaign=4&page=2 — a value that does not fit falls back to "not set". */
export const servicesSearchSchema = searchSchema({
  q: searchText,
  status: searchEnum(SERVICE_STATUS_FILTERS),
  campaign: searchNumber,
  page: searchNumber,
  view: searchNumber,
});

export type ServicesSearch = SearchOf<typeof servicesSearchSchema>;

/** Every campaign's services for this search: 24 a page, in the order they were added, with plan, campaign and category. */
export const servicesListParams = ({ q, status, campaign, page }: ServicesSearch): ListParams => ({
  filter: { q, is_active: status === undefined ? undefined : status === 'activo' ? 1 : 0, campaign_id: campaign },
  include: ['plan', 'campaign', 'category'],
  limit: SERVICE_LIST_PAGE_SIZE,
  page: page ?? 1,
});
