import { screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../../../../tests/utils/render';
import { ListFooter } from './list-footer';

const page = (current_page: number, last_page: number, total: number, total_is_estimate = false) => ({ current_page, last_page, total, total_is_estimate });

describe('ListFooter', () => {
  it('shows nothing before the first answer, nor when one page holds everything', () => {
    const { rerender } = renderWithProviders(<ListFooter list={{ isPlaceholderData: false }} onChange={() => {}} />);
    expect(screen.queryByRole('navigation', { name: 'Paginación' })).not.toBeInTheDocument();
    rerender(<ListFooter list={{ data: page(1, 1, 3), isPlaceholderData: false }} onChange={() => {}} />);
    expect(screen.queryByRole('navigation', { name: 'Paginación' })).not.toBeInTheDocument();
  });

  it('says the page and the total from the answer, and turns the page', async () => {
    const onChange = vi.fn();
    const { user } = renderWithProviders(<ListFooter list={{ data: page(2, 4, 52), isPlaceholderData: false }} noun="usuarios" onChange={onChange} />);
    expect(screen.getByText('Página 2 de 4 • 52 usuarios en total')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Siguiente' }));
    expect(onChange).toHaveBeenCalledWith(3);
  });

  it('says an estimated total as such, and can leave the total out', () => {
    const { rerender } = renderWithProviders(<ListFooter list={{ data: page(3, 8334, 125_000, true), isPlaceholderData: false }} onChange={() => {}} />);
    expect(screen.getByText('Página 3 • más de 10.000 en total')).toBeInTheDocument();
    rerender(<ListFooter list={{ data: page(1, 3, 60), isPlaceholderData: false }} withTotal={false} onChange={() => {}} />);
    expect(screen.getByText('Página 1 de 3')).toBeInTheDocument();
  });

  it('turns both buttons off while another page loads', () => {
    renderWithProviders(<ListFooter list={{ data: page(2, 4, 52), isPlaceholderData: true }} onChange={() => {}} />);
    expect(screen.getByRole('button', { name: 'Anterior' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Siguiente' })).toBeDisabled();
  });
});
