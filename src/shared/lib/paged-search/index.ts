export { usePagedSearch, type PagedList, type PagedSearch } from './use-paged-search';
