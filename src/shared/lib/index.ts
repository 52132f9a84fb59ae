export { formatCOP } from './format';
export { searchDate, searchEnum, searchNumber, searchSchema, searchText, type SearchOf } from './search-params';
export { pageRoute, type PageLoad, type PageLoader } from './page-route';
export { usePageTitle } from './page-title';
