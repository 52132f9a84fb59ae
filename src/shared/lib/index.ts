export { formatCOP } from './format';
export { searchEnum, searchNumber, searchSchema, searchText, type SearchOf } from './search-params';
export { usePagedSearch, type PagedList, type PagedSearch } from './use-paged-search';
