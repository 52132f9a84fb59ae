import { PLAN_STATUSES } from '@contract/campaign-status';
import { PLAN_PAGE_SIZE } from '@contract/plan.constants';
import type { ListParams } from '@/shared/api';
import { searchEnum, searchNumber, searchSchema, searchText, type SearchOf } from '@/shared/lib';

/** /planes-asistencia?q=hogar&status=ACTIVE&campaign=4&page=2 — a value that does not fit falls back to "not set". */
export const plansSearchSchema = searchSchema({ q: searchText, status: searchEnum(PLAN_STATUSES), campaign: searchNumber, page: searchNumber, view: searchNumber });

export type PlansSearch = SearchOf<typeof plansSearchSchema>;

/** Every campaign's plans for this search: 24 a page, by name, with their campaign and services (counted). */
export const plansListParams = ({ q, status, campaign, page }: PlansSearch): ListParams => ({
  filter: { q, status, campaign_id: campaign },
  include: ['campaign', 'services'],
  limit: PLAN_PAGE_SIZE,
  page: page ?? 1,
});
