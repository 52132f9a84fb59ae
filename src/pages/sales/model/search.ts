import { searchEnum, searchSchema, searchText, type SearchOf } from '@/shared/lib';

export const SALE_STATUSES = ['pendiente', 'pagado', 'cancelado'] as const;
export type SaleStatus = (typeof SALE_STATUSES)[number];

/** /ventas?q=…&status=…; a bad value falls back to no filter. */
export const salesSearchSchema = searchSchema({ q: searchText, status: searchEnum(SALE_STATUSES) });

export type SalesSearch = SearchOf<typeof salesSearchSchema>;
