export { usePagedSearch, type PagedList, type PagedSearch } from './use-paged-search';
export { useDeferredList } from './use-deferred-list';
