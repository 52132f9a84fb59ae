import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { listboxOf } from '../../../../tests/utils/choose-option';
import { renderWithProviders } from '../../../../tests/utils/render';
import { Select } from './select';

const STATUSES = ['Borrador', 'Activa', 'Inactiva'];

describe('Select', () => {
  it('adds no dropdown while the screen mounts, and names its listbox the first time it opens', async () => {
    const onFocus = vi.fn();
    const { user } = renderWithProviders(<Select label="Estado" data={STATUSES} onFocus={onFocus} />, { withoutTransitions: true });
    expect(document.querySelector('[role="listbox"]')).toBeNull();

    const field = screen.getByRole('combobox', { name: 'Estado' });
    await user.click(field);
    // What a screen reader is told on the very first open: expanded, and which list it controls.
    await waitFor(() => expect(field).toHaveAttribute('aria-expanded', 'true'));
    expect(within(listboxOf(field)!).getAllByRole('option', { hidden: true }).map((option) => option.textContent)).toEqual(STATUSES);
    expect(onFocus).toHaveBeenCalledTimes(1);

    await user.click(within(listboxOf(field)!).getByRole('option', { name: 'Activa', hidden: true }));
    expect(field).toHaveValue('Activa');
  });

  it('says a searchable select is open as soon as focus opens it', async () => {
    const { user } = renderWithProviders(<Select label="Estado" data={STATUSES} searchable />);
    const field = screen.getByRole('combobox', { name: 'Estado' });
    await user.click(field);
    await waitFor(() => expect(field).toHaveAttribute('aria-expanded', 'true'));
    expect(within(listboxOf(field)!).getAllByRole('option', { hidden: true })).toHaveLength(STATUSES.length);
  });

  it('is reached with Tab and opened from the keyboard like any select', async () => {
    const { user } = renderWithProviders(<Select label="Estado" data={STATUSES} />, { withoutTransitions: true });
    await user.tab();
    const field = screen.getByRole('combobox', { name: 'Estado' });
    expect(field).toHaveFocus();
    await user.keyboard('{ArrowDown}');
    await waitFor(() => expect(field).toHaveAttribute('aria-expanded', 'true'));
    expect(listboxOf(field)).not.toBeNull();
  });
});
