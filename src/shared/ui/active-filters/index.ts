export { ActiveFilters, chipDay, filterChips, optionLabel, searchChip, type ActiveFilter, type ActiveFiltersProps } from './active-filters';
