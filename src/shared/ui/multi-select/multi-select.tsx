import { MultiSelect as MantineMultiSelect, type MultiSelectProps } from '@mantine/core';
import { useDropdownFromFirstFocus } from '../select/use-dropdown-from-first-focus';

/** Mantine's MultiSelect, its dropdown added when the field is first focused (see useDropdownFromFirstFocus). */
export function MultiSelect(props: MultiSelectProps) {
  return <MantineMultiSelect {...props} {...useDropdownFromFirstFocus(props.comboboxProps, props.onFocus)} />;
}
