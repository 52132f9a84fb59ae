import { DEFAULT_ROLE_PERMISSIONS } from '@contract/permissions';
import { screen } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { useSessionStore } from '@/shared/auth';
import { renderRoute } from '../../../../tests/utils/render';

describe('/customers/$dspId', () => {
  beforeEach(() => {
    useSessionStore.setState({
      token: 't',
      user: { id: 1, name: 'Ana', email: 'a@example.com', phone: null, rol: [], roles: [], permissions: DEFAULT_ROLE_PERMISSIONS.SUPER_ADMIN },
    });
  });

  it('names the DSP of the route', async () => {
    renderRoute('/customers/7');
    expect(await screen.findByRole('heading', { level: 1, name: 'Clientes' })).toBeInTheDocument();
    expect(screen.getByText('DSP 7')).toBeInTheDocument();
  });

  it('says so when the route carries no valid DSP', async () => {
    renderRoute('/customers/abc');
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'No se encontró el DSP en la ruta. Asegúrate de navegar desde una DSP.',
    );
  });
});
