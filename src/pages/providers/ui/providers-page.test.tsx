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
    await user.hover(create);
    // The tooltip opens after its transition; a busy machine can take longer than findBy's default second.
    expect(await screen.findByRole('tooltip', {}, { timeout: 5000 })).toHaveTextContent('Disponible próximamente');
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
