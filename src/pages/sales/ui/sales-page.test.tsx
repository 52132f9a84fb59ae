import { screen, waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { useSessionStore } from '@/shared/auth';
import { currentLocation, renderRoute } from '../../../../tests/utils/render';

describe('/ventas', () => {
  beforeEach(() => {
    useSessionStore.setState({
      token: 't',
      user: { id: 1, name: 'Ana', email: 'a@example.com', phone: null, rol: [], roles: [], permissions: [] },
    });
  });

  it('shows the columns, the payment methods and an honest empty state', async () => {
    renderRoute('/ventas');
    expect(await screen.findByRole('heading', { level: 1, name: 'Ventas' })).toBeInTheDocument();
    const headers = screen.getAllByRole('columnheader').map((cell) => cell.textContent);
    expect(headers).toEqual(['Cliente', 'Plan', 'Fecha', 'Monto (COP)', 'Método de pago', 'Estado']);
    expect(screen.getByText(/Efectivo, Tarjeta, Transferencia, Cheque/)).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'No hay ventas registradas' })).toBeInTheDocument();
  });

  it('keeps the status filter in the URL', async () => {
    const { user } = renderRoute('/ventas?status=pagado');
    expect(await screen.findByRole('radio', { name: 'Pagado' })).toBeChecked();

    await user.click(screen.getByRole('radio', { name: 'Pendiente' }));
    await waitFor(() => expect(currentLocation()).toBe('/ventas?status=pendiente'));

    await user.click(screen.getByRole('radio', { name: 'Todos' }));
    await waitFor(() => expect(currentLocation()).toBe('/ventas'));
  });

  it('falls back to every status on a bad URL', async () => {
    renderRoute('/ventas?status=robado');
    expect(await screen.findByRole('radio', { name: 'Todos' })).toBeChecked();
  });

  it('puts the search in the URL once typing stops', async () => {
    const { user } = renderRoute('/ventas');
    await user.type(await screen.findByRole('searchbox', { name: 'Buscar ventas' }), 'ana');
    await waitFor(() => expect(currentLocation()).toBe('/ventas?q=ana'));
  });
});
