export { formatCOP } from './format';
export { searchEnum, searchNumber, searchSchema, searchText, type SearchOf } from './search-params';
