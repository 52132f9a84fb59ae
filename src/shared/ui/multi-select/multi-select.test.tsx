import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { listboxOf } from '../../../../tests/utils/choose-option';
import { renderWithProviders } from '../../../../tests/utils/render';
import { MultiSelect } from './multi-select';

describe('MultiSelect', () => {
  it('adds its dropdown on first focus too, and opens naming its listbox', async () => {
    const { user } = renderWithProviders(<MultiSelect label="Planes" data={['Hogar', 'Auto']} />, { withoutTransitions: true });
    expect(document.querySelector('[role="listbox"]')).toBeNull();
    const field = screen.getByRole('combobox', { name: 'Planes' });
    await user.click(field);
    await waitFor(() => expect(field).toHaveAttribute('aria-expanded', 'true'));
    expect(within(listboxOf(field)!).getAllByRole('option', { hidden: true })).toHaveLength(2);
  });
});
