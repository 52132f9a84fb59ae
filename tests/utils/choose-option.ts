import { screen, waitFor, within } from '@testing-library/react';
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
  // The select names its listbox once it has rendered it, which user-event does not wait for.
  const listbox = await waitFor(() => {
    const found = listboxOf(box);
    if (!found) throw new Error(`The select ${String(label)} controls no listbox`);
    return found;
  });
  await user.click(await within(listbox).findByRole('option', { name: option, hidden: true }));
}
