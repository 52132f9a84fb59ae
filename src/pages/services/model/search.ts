import { searchEnum, searchNumber, searchSchema, searchText, type SearchOf } from '@/shared/lib';

export const SERVICE_STATUS_FILTERS = ['activo', 'inactivo'] as const;

/** /servicios?q=grua&status=activo&campaign=4&page=2 — a value that does not fit falls back to "not set". */
export const servicesSearchSchema = searchSchema({
  q: searchText,
  status: searchEnum(SERVICE_STATUS_FILTERS),
  campaign: searchNumber,
  page: searchNumber,
});

export type ServicesSearch = SearchOf<typeof servicesSearchSchema>;
