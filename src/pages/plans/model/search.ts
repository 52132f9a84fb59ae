import { PLAN_STATUSES } from '@contract/campaign-status';
import { searchEnum, searchNumber, searchSchema, searchText, type SearchOf } from '@/shared/lib';

/** /planes-asistencia?q=hogar&status=ACTIVE&campaign=4&page=2 — a value that does not fit falls back to "not set". */
export const plansSearchSchema = searchSchema({ q: searchText, status: searchEnum(PLAN_STATUSES), campaign: searchNumber, page: searchNumber });

export type PlansSearch = SearchOf<typeof plansSearchSchema>;
