import { Select as MantineSelect, type SelectProps } from '@mantine/core';
import { useDropdownFromFirstFocus } from './use-dropdown-from-first-focus';

/** Mantine's Select, its dropdown added when the field is first focused. */
export function Select(props: SelectProps) {
  return <MantineSelect {...props} {...useDropdownFromFirstFocus(props.comboboxProps, props.onFocus)} />;
}
