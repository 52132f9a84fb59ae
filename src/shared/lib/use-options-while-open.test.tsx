import { screen, waitFor } from '@testing-library/react';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { Select } from '@/shared/ui/select';
import { renderWithProviders } from '../../../tests/utils/render';
import { useOptionsWhileOpen } from './use-options-while-open';

const COUNTRIES = Array.from({ length: 300 }, (_, index) => ({ value: String(index + 1), label: `País ${index + 1}` }));

function CountrySelect({ onOpen }: { onOpen?: () => void }) {
  const [value, setValue] = useState<string | null>('7');
  const options = useOptionsWhileOpen(COUNTRIES, value, onOpen);
  return <Select label="País" searchable {...options} value={value} onChange={setValue} />;
}

/** Every option in the document, shown or hidden in a closed dropdown. */
const optionsInDocument = () => document.querySelectorAll('[role="option"]').length;

describe('useOptionsWhileOpen', () => {
  it('keeps a closed select down to the option it shows, and draws them all while it is open', async () => {
    let opened = 0;
    const { user } = renderWithProviders(<CountrySelect onOpen={() => (opened += 1)} />, { withoutTransitions: true });
    const input = screen.getByRole('combobox', { name: 'País' });
    expect(input).toHaveValue('País 7');
    expect(optionsInDocument()).toBeLessThanOrEqual(1);

    await user.click(input);
    expect(await screen.findAllByRole('option')).toHaveLength(300);
    expect(opened).toBe(1);

    await user.click(screen.getByRole('option', { name: 'País 42' }));
    await waitFor(() => expect(optionsInDocument()).toBeLessThanOrEqual(1));
    expect(input).toHaveValue('País 42');
  });

  it('searches the whole list as soon as someone types', async () => {
    const { user } = renderWithProviders(<CountrySelect />, { withoutTransitions: true });
    const input = screen.getByRole('combobox', { name: 'País' });
    await user.clear(input);
    await user.type(input, 'País 29');
    // 'País 29' and 'País 290'–'País 299'.
    expect(await screen.findAllByRole('option')).toHaveLength(11);
  });
});
