import { API_CLIENT_FALLBACKS } from '@/entities/api-client';
import { Notifications } from '@mantine/notifications';
import { screen, waitFor, within } from '@testing-library/react';
import { http } from 'msw';
import { describe, expect, it } from 'vitest';
import { apiUrl, fail } from '../../../../../tests/msw/envelope';
import { apiClientsDb } from '../../../../../tests/msw/handlers/api-clients';
import { configuredDsp } from '../../../../../tests/msw/handlers/dsp-staff';
import { server } from '../../../../../tests/msw/server';
import { renderWithProviders } from '../../../../../tests/utils/render';
import { ApiClientsTab } from './api-clients-tab';

const SECRET = 'un-secreto-bien-largo-123';

const renderTab = () =>
  renderWithProviders(
    <>
      <Notifications />
      <ApiClientsTab dsp={configuredDsp()} />
    </>,
  );

const cardOf = (name: string) => screen.getByRole('article', { name });

describe('DSP configuration: the Clientes Api tab', () => {
  it('shows each client of the DSP with its details, status and actions, never another DSP’s', async () => {
    apiClientsDb.add({
      name: 'Backend Pagos',
      client_id: 'pagos-backend',
      type: 'PARTNER',
      base_url: 'https://pagos.example.com',
      scopes: ['read', 'write'],
      ip_whitelist: ['10.0.0.1', '192.168.0.0/16'],
      rate_limit: { max_requests: 100, period: 'hour' },
    });
    apiClientsDb.add({ name: 'Analítica', enabled: false });
    apiClientsDb.add({ name: 'De otra DSP', dsp_id: 2 });
    renderTab();

    const card = await screen.findByRole('article', { name: 'Backend Pagos' });
    for (const text of ['pagos-backend', 'PARTNER', 'https://pagos.example.com', 'read, write', '10.0.0.1, 192.168.0.0/16', '100 / hora']) {
      expect(within(card).getByText(text)).toBeInTheDocument();
    }
    expect(within(card).getByRole('button', { name: 'Activo: desactivar Backend Pagos' })).toBeInTheDocument();
    expect(within(card).getByRole('button', { name: 'Editar Backend Pagos' })).toBeInTheDocument();
    expect(within(card).getByRole('button', { name: 'Eliminar Backend Pagos' })).toBeInTheDocument();
    expect(within(card).getByRole('button', { name: 'Historial de Backend Pagos' })).toBeInTheDocument();
    expect(within(cardOf('Analítica')).getByRole('button', { name: 'Inactivo: activar Analítica' })).toBeInTheDocument();
    expect(within(cardOf('Analítica')).getByText('Sin límite')).toBeInTheDocument();
    expect(within(cardOf('Analítica')).getByText('Cualquiera')).toBeInTheDocument();
    expect(screen.queryByRole('article', { name: 'De otra DSP' })).not.toBeInTheDocument();
  });

  it('says when the DSP has no clients, and offers Nuevo Cliente API there', async () => {
    renderTab();
    expect(await screen.findByText('No hay clientes API')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Nuevo Cliente API' })).toBeInTheDocument();
  });

  it('shows a failed load with the fallback and Reintentar, which loads again', async () => {
    apiClientsDb.add({ name: 'Backend Pagos' });
    let calls = 0;
    server.use(
      http.get(apiUrl('v1/dsps/:dspId/clients'), () => {
        calls += 1;
        return calls === 1 ? fail(500, '') : undefined;
      }),
    );
    const { user } = renderTab();
    expect(await screen.findByText(API_CLIENT_FALLBACKS.list)).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Reintentar' }));
    expect(await screen.findByRole('article', { name: 'Backend Pagos' })).toBeInTheDocument();
  });

  it('creates a client, shows its secret once, and after Ya lo guardé the secret is nowhere: not on screen, not in any cache', async () => {
    const { user, queryClient } = renderTab();
    await user.click(await screen.findByRole('button', { name: 'Nuevo Cliente API' }));
    const dialog = await screen.findByRole('dialog', { name: 'Nuevo Cliente API' });
    await user.type(within(dialog).getByRole('textbox', { name: 'Nombre' }), 'Backend Pagos');
    await user.type(within(dialog).getByRole('textbox', { name: 'client_id' }), 'pagos-backend');
    await user.click(within(dialog).getByLabelText(/^client_secret/));
    await user.paste(SECRET);
    await user.click(within(dialog).getByRole('button', { name: 'Crear Cliente' }));

    const secretDialog = await screen.findByRole('dialog', { name: 'Secreto de Backend Pagos' });
    expect(within(secretDialog).getByText(SECRET)).toBeInTheDocument();
    // Focus stays in the secret's dialog, not on the button the closed form returns to.
    await waitFor(() => expect(within(secretDialog).getByRole('button', { name: 'Copiar secreto' })).toHaveFocus(), { timeout: 3000 });
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(within(secretDialog).getByRole('button', { name: 'Copiar secreto' })).toHaveFocus();
    await user.click(within(secretDialog).getByRole('button', { name: 'Ya lo guardé' }));

    const card = await screen.findByRole('article', { name: 'Backend Pagos' });
    expect(within(card).getByText('pagos-backend')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(document.body).not.toHaveTextContent(SECRET);
    const cached = JSON.stringify([
      queryClient.getQueryCache().getAll().map((query) => query.state.data),
      queryClient.getMutationCache().getAll().map((mutation) => [mutation.state.data, mutation.state.variables]),
    ]);
    expect(cached).toContain('pagos-backend');
    expect(cached).not.toContain(SECRET);
  });

  it('the badge flips that client’s enabled, and only that, then the list shows the new state', async () => {
    const client = apiClientsDb.add({ name: 'Backend Pagos', scopes: ['read'] });
    const { user } = renderTab();
    await user.click(await screen.findByRole('button', { name: 'Activo: desactivar Backend Pagos' }));

    expect(await screen.findByRole('button', { name: 'Inactivo: activar Backend Pagos' })).toBeInTheDocument();
    expect(apiClientsDb.requests).toEqual([{ method: 'update', id: client.id, fields: { _method: 'PUT', enabled: '0' } }]);
    expect(apiClientsDb.clients[0]).toMatchObject({ enabled: false, scopes: ['read'] });
  });

  it('a refused toggle says why and leaves the badge as it was', async () => {
    apiClientsDb.add({ name: 'Backend Pagos' });
    server.use(http.post(apiUrl('v1/clients/:id'), () => fail(403, 'No tienes permiso para esta acción.')));
    const { user } = renderTab();
    await user.click(await screen.findByRole('button', { name: 'Activo: desactivar Backend Pagos' }));

    expect(await screen.findByText('No tienes permiso para esta acción.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Activo: desactivar Backend Pagos' })).toBeEnabled();
  });

  it('deletes a client after typing confirmar', async () => {
    apiClientsDb.add({ name: 'Backend Pagos' });
    apiClientsDb.add({ name: 'Analítica' });
    const { user } = renderTab();
    await user.click(await screen.findByRole('button', { name: 'Eliminar Backend Pagos' }));
    const dialog = await screen.findByRole('dialog', { name: 'Eliminar cliente API' });
    expect(dialog).toHaveTextContent(/¿Eliminar este cliente\? Backend Pagos \(.+\) dejará de poder llamar a la API\. Se podrá restaurar desde el historial, con un secreto nuevo\./);
    await user.type(await within(dialog).findByRole('textbox', { name: /para confirmar/ }), 'confirmar');
    await user.click(within(dialog).getByRole('button', { name: 'Eliminar' }));

    await waitFor(() => expect(screen.queryByRole('article', { name: 'Backend Pagos' })).not.toBeInTheDocument());
    expect(screen.getByRole('article', { name: 'Analítica' })).toBeInTheDocument();
    expect(apiClientsDb.clients.map((client) => client.name)).toEqual(['Analítica']);
  });
});
