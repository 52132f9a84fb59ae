import { screen, within } from '@testing-library/react';
import type { UserEvent } from '@testing-library/user-event';

/** The listbox a Mantine select names as the one it controls (aria-controls), once it names one. */
export const listboxOf = (field: HTMLElement) => document.getElementById(field.getAttribute('aria-controls') ?? '');

/**
 * Picks an option of a Mantine Select by the select's accessible name. In jsdom every box
 * measures 0×0, so Mantine's popover hides its dropdown as "detached" as soon as floating-ui has
 * measured it (a race with `findByRole('option')`): the option is taken from the listbox the
 * select controls, visible or not, and clicked as a person would.
 */
export async function chooseOption(user: UserEvent, label: string | RegExp, option: string | RegExp) {
  const box = screen.getByRole('combobox', { name: label });
  await user.click(box);
  const listbox = listboxOf(box);
  if (!listbox) throw new Error(`The select ${String(label)} controls no listbox`);
  await user.click(within(listbox).getByRole('option', { name: option, hidden: true }));
}
