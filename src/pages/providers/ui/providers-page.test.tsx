import { screen, waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { useSessionStore } from '@/shared/auth';
import { currentLocation, renderRoute } from '../../../../tests/utils/render';

describe('/proveedores', () => {
  beforeEach(() => {
    useSessionStore.setState({
      token: 't',
      user: { id: 1, name: 'Ana', email: 'a@example.com', phone: null, rol: [], roles: [], permissions: [] },
    });
  });

  it('offers nothing it cannot do', async () => {
    const { user } = renderRoute('/proveedores');
    expect(await screen.findByRole('heading', { level: 1, name: 'Proveedores' })).toBeInTheDocument();
    const create = screen.getByRole('button', { name: 'Nuevo Proveedor' });
    expect(create).toHaveAttribute('aria-disabled', 'true');
    // A keyboard user reaches the button and hears why it does nothing.
    for (let presses = 0; document.activeElement !== create && presses < 20; presses += 1) await user.keyboard('{Tab}');
    expect(create).toHaveFocus();
    expect(create).toHaveAccessibleDescription('Disponible próximamente');
    expect(screen.getByRole('heading', { name: 'No hay proveedores registrados' })).toBeInTheDocument();
  });

  it('reads and writes the search in the URL', async () => {
    const { user } = renderRoute('/proveedores?q=acme');
    const search = await screen.findByRole('searchbox', { name: 'Buscar proveedores' });
    expect(search).toHaveValue('acme');
    await user.clear(search);
    await waitFor(() => expect(currentLocation()).toBe('/proveedores'));
  });
});
