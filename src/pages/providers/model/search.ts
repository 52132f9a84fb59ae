import { searchSchema, searchText, type SearchOf } from '@/shared/lib';

/** /proveedores?q=…; a bad value falls back to no search. */
export const providersSearchSchema = searchSchema({ q: searchText });

export type ProvidersSearch = SearchOf<typeof providersSearchSchema>;
