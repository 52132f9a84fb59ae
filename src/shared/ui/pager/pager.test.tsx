import { screen, waitFor } from '@testing-library/react';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../../../../tests/utils/render';
import { PageHeader } from '../page-header';
import { Pager } from './pager';

describe('Pager', () => {
  it('is hidden when everything fits on one page', () => {
    renderWithProviders(<Pager page={1} lastPage={1} total={3} onChange={() => {}} />);
    expect(screen.queryByRole('navigation', { name: 'Paginación' })).not.toBeInTheDocument();
    expect(screen.queryByText(/Página/)).not.toBeInTheDocument();
    expect(screen.queryByRole('button')).not.toBeInTheDocument();
  });

  it('says where the user is and how many there are, with the noun', () => {
    renderWithProviders(<Pager page={2} lastPage={4} total={52} noun="usuarios" onChange={() => {}} />);
    expect(screen.getByText('Página 2 de 4 • 52 usuarios en total')).toBeInTheDocument();
  });

  it('says "N en total" by default and only the pages without a total', () => {
    const { rerender } = renderWithProviders(<Pager page={1} lastPage={3} total={60} onChange={() => {}} />);
    expect(screen.getByText('Página 1 de 3 • 60 en total')).toBeInTheDocument();
    rerender(<Pager page={1} lastPage={3} onChange={() => {}} />);
    expect(screen.getByText('Página 1 de 3')).toBeInTheDocument();
  });

  it('writes large page numbers as the totals are written', () => {
    renderWithProviders(<Pager page={16_000} lastPage={20_000} total={300_000} noun="ventas" onChange={() => {}} />);
    expect(screen.getByText('Página 16.000 de 20.000 • 300.000 ventas en total')).toBeInTheDocument();
  });

  it('past the exact count, says "más de 10.000" and no last page, which is only an estimate', () => {
    renderWithProviders(<Pager page={3} lastPage={8334} total={125_000} estimated noun="agendamientos" onChange={() => {}} />);
    expect(screen.getByText('Página 3 • más de 10.000 agendamientos en total')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Siguiente' })).toBeEnabled();
  });

  it('turns Anterior off on the first page and Siguiente off on the last', async () => {
    const onChange = vi.fn();
    const { user, rerender } = renderWithProviders(<Pager page={1} lastPage={2} total={30} onChange={onChange} />);
    expect(screen.getByRole('button', { name: 'Anterior' })).toBeDisabled();
    await user.click(screen.getByRole('button', { name: 'Siguiente' }));
    expect(onChange).toHaveBeenLastCalledWith(2);

    rerender(<Pager page={2} lastPage={2} total={30} onChange={onChange} />);
    expect(screen.getByRole('button', { name: 'Siguiente' })).toBeDisabled();
    await user.click(screen.getByRole('button', { name: 'Anterior' }));
    expect(onChange).toHaveBeenLastCalledWith(1);
  });

  it('moves focus to the page’s heading after changing page, even when the pressed button turns off', async () => {
    function Page() {
      const [page, setPage] = useState(1);
      return (
        <>
          <PageHeader title="Usuarios" />
          <Pager page={page} lastPage={2} total={30} onChange={setPage} />
        </>
      );
    }
    const { user } = renderWithProviders(<Page />);
    await user.click(screen.getByRole('button', { name: 'Siguiente' }));
    expect(screen.getByRole('button', { name: 'Siguiente' })).toBeDisabled();
    await waitFor(() => expect(screen.getByRole('heading', { level: 1, name: 'Usuarios' })).toHaveFocus());
  });
});
