import { DatePickerInput } from '@mantine/dates';
import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderWithProviders } from '../../../tests/utils/render';

describe('the theme', () => {
  it('names the calendar’s arrows in Spanish at the month, year and decade levels', async () => {
    const { user } = renderWithProviders(<DatePickerInput label="Fecha" defaultDate="2026-12-01" />, { withoutTransitions: true });
    await user.click(screen.getByRole('button', { name: 'Fecha' }));
    expect(await screen.findByRole('button', { name: 'Mes anterior' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Mes siguiente' })).toBeInTheDocument();

    // The header's title climbs a level: the year's months, then the decade's years.
    await user.click(screen.getByRole('button', { name: /^\S+ 2026$/ }));
    expect(await screen.findByRole('button', { name: 'Año anterior' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Año siguiente' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: /^2026$/ }));
    expect(await screen.findByRole('button', { name: 'Década anterior' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Década siguiente' })).toBeInTheDocument();
  });
});
