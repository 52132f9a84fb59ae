export { ActiveFilters, chipDay, filterChips, optionLabel, type ActiveFilter, type ActiveFiltersProps } from './active-filters';
