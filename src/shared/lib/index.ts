export { formatCOP } from './format';
export { searchEnum, searchNumber, searchSchema, searchText, type SearchOf } from './search-params';
export { pageRoute, type PageLoad, type PageLoader } from './page-route';
