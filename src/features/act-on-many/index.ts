export { type BulkStatusOption, type BulkTarget } from './model/bulk-target';
export { useListSelection, useSelection, type Chosen, type Selection, type SelectableItem } from './model/use-selection';
export { SelectItem } from './ui/select-item';
export { SelectionBar, type SelectionBarProps } from './ui/selection-bar';
