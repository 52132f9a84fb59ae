import type { ComboboxProps } from '@mantine/core';
import { useEffect, useReducer, useState, type FocusEvent } from 'react';

/**
 * Mantine keeps a select's dropdown in the page, hidden, from its first render: the field can then
 * name its listbox (aria-controls, aria-expanded) the moment it opens. But floating-ui places each
 * hidden dropdown as the screen mounts, inside the first render's task, which a screen with
 * several filters (/campanas) makes long on a phone. Here the dropdown
 * is added, hidden, when the field first takes focus, which a click, a tap or Tab does before it
 * opens; from then on it stays, as Mantine keeps it.
 */
export function useDropdownFromFirstFocus<Field extends HTMLElement>(comboboxProps: ComboboxProps | undefined, onFocus: ((event: FocusEvent<Field>) => void) | undefined) {
  const [focused, setFocused] = useState(false);
  // The list tells the field its id without drawing the field again, and changes that id once
  // after mounting (Mantine's useId). A searchable select opens on the very focus that mounts the
  // list, so the field is drawn once more after both, or it would say it is closed and name no
  // listbox until something else redraws it.
  const [, drawAgain] = useReducer((times: number) => times + 1, 0);
  useEffect(() => {
    if (!focused) return;
    const timer = setTimeout(drawAgain);
    return () => clearTimeout(timer);
  }, [focused]);
  return {
    comboboxProps: { ...comboboxProps, keepMounted: focused },
    onFocus: (event: FocusEvent<Field>) => {
      setFocused(true);
      onFocus?.(event);
    },
  };
}
