export { ActiveFilters, type ActiveFilter, type ActiveFiltersProps } from './active-filters';
