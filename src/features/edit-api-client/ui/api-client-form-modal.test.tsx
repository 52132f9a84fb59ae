import { API_CLIENT_MESSAGES } from '@contract/api-client';
import { screen, waitFor, within } from '@testing-library/react';
import { http } from 'msw';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import type { ApiClient } from '@/entities/api-client';
import { apiUrl, invalid } from '../../../../tests/msw/envelope';
import { apiClientsDb } from '../../../../tests/msw/handlers/api-clients';
import { server } from '../../../../tests/msw/server';
import { chooseOption } from '../../../../tests/utils/choose-option';
import { fillIn } from '../../../../tests/utils/fill-in';
import { renderWithProviders } from '../../../../tests/utils/render';
import { ApiClientFormModal } from './api-client-form-modal';

const SECRET = 'un-secreto-bien-largo-123';

/** A tab with a button that opens the form, as the configuration does. */
function Harness({ client }: { client: ApiClient | null }) {
  const [opened, setOpened] = useState(true);
  return (
    <>
      <span>{opened ? 'abierto' : 'cerrado'}</span>
      <ApiClientFormModal opened={opened} onClose={() => setOpened(false)} dspId={1} client={client} />
    </>
  );
}

const open = async (client: ApiClient | null = null) => {
  const rendered = renderWithProviders(<Harness client={client} />);
  const dialog = await screen.findByRole('dialog', { name: client ? 'Editar Cliente API' : 'Nuevo Cliente API' });
  return { ...rendered, dialog };
};

const lastRequest = () => apiClientsDb.requests.at(-1)!;

/** Types a long text at once, as a paste would (keystroke by keystroke is slow in jsdom). */
const paste = async (user: ReturnType<typeof renderWithProviders>['user'], field: HTMLElement, text: string) => {
  await user.click(field);
  await user.paste(text);
};

describe('ApiClientFormModal: creating', () => {
  it('sends what was typed, lists split on commas and lines, and the limit with its period', async () => {
    const { user, dialog } = await open();
    await fillIn(user, within(dialog).getByRole('textbox', { name: 'Nombre' }), '  Backend Pagos ');
    await fillIn(user, within(dialog).getByRole('textbox', { name: 'client_id' }), 'pagos-backend');
    await paste(user, within(dialog).getByLabelText(/^client_secret/), SECRET);
    await paste(user, within(dialog).getByRole('textbox', { name: 'URL base' }), 'https://pagos.example.com');
    await chooseOption(user, 'Tipo', 'PARTNER');
    await paste(user, within(dialog).getByRole('textbox', { name: 'Scopes' }), 'read, write\nbookings\n\n read');
    await paste(user, within(dialog).getByRole('textbox', { name: 'IP permitidas' }), '10.0.0.1\n192.168.0.0/16');
    await user.type(within(dialog).getByRole('textbox', { name: 'Máximo de solicitudes' }), '100');
    await chooseOption(user, 'Periodo', 'día');
    await user.click(within(dialog).getByRole('button', { name: 'Crear Cliente' }));

    await waitFor(() => expect(apiClientsDb.requests).toHaveLength(1));
    expect(lastRequest()).toEqual({
      method: 'create',
      id: 1,
      fields: {
        name: 'Backend Pagos',
        base_url: 'https://pagos.example.com',
        client_id: 'pagos-backend',
        client_secret: SECRET,
        type: 'PARTNER',
        enabled: '1',
        'scopes[0]': 'read',
        'scopes[1]': 'write',
        'scopes[2]': 'bookings',
        'ip_whitelist[0]': '10.0.0.1',
        'ip_whitelist[1]': '192.168.0.0/16',
        'rate_limit[max_requests]': '100',
        'rate_limit[period]': 'day',
      },
    });
    expect(apiClientsDb.clients[0]).toMatchObject({ scopes: ['read', 'write', 'bookings'], rate_limit: { max_requests: 100, period: 'day' } });
  });

  it('starts as an active BACKEND client limited per hour', async () => {
    const { dialog } = await open();
    expect(within(dialog).getByRole('combobox', { name: 'Tipo' })).toHaveValue('BACKEND');
    expect(within(dialog).getByRole('switch', { name: 'Activo' })).toBeChecked();
    expect(within(dialog).getByRole('combobox', { name: 'Periodo' })).toHaveValue('hora');
  });

  it('asks for name, client_id and client_secret together, under each field, and sends nothing', async () => {
    const { user, dialog } = await open();
    await user.click(within(dialog).getByRole('button', { name: 'Crear Cliente' }));
    const name = within(dialog).getByRole('textbox', { name: 'Nombre' });
    await waitFor(() => expect(name).toHaveFocus());
    expect(name).toHaveAccessibleDescription(API_CLIENT_MESSAGES.required);
    expect(within(dialog).getByRole('textbox', { name: 'client_id' })).toHaveAccessibleDescription(API_CLIENT_MESSAGES.required);
    expect(within(dialog).getByLabelText(/^client_secret/)).toHaveAttribute('aria-invalid', 'true');
    expect(within(dialog).getAllByText(API_CLIENT_MESSAGES.required)).toHaveLength(3);
    expect(apiClientsDb.requests).toHaveLength(0);
  });

  it('refuses a base URL that is not a URL, and a secret too short', async () => {
    const { user, dialog } = await open();
    await fillIn(user, within(dialog).getByRole('textbox', { name: 'Nombre' }), 'Backend');
    await fillIn(user, within(dialog).getByRole('textbox', { name: 'client_id' }), 'backend');
    await fillIn(user, within(dialog).getByLabelText(/^client_secret/), 'corto');
    await fillIn(user, within(dialog).getByRole('textbox', { name: 'URL base' }), 'pagos punto com');
    await user.click(within(dialog).getByRole('button', { name: 'Crear Cliente' }));

    expect(await within(dialog).findByText(API_CLIENT_MESSAGES.baseUrl)).toBeInTheDocument();
    expect(within(dialog).getByText(API_CLIENT_MESSAGES.secretTooShort)).toBeInTheDocument();
    expect(apiClientsDb.requests).toHaveLength(0);
  });

  it('with Generar secreto sends generate_secret instead of a secret, and shows the one the server made', async () => {
    const { user, dialog } = await open();
    await fillIn(user, within(dialog).getByRole('textbox', { name: 'Nombre' }), 'Analítica');
    await fillIn(user, within(dialog).getByRole('textbox', { name: 'client_id' }), 'analitica');
    await user.click(within(dialog).getByRole('checkbox', { name: 'Generar secreto' }));
    expect(within(dialog).getByLabelText(/^client_secret/)).toBeDisabled();
    await user.click(within(dialog).getByRole('button', { name: 'Crear Cliente' }));

    const secretDialog = await screen.findByRole('dialog', { name: 'Secreto de Analítica' });
    expect(lastRequest().fields.generate_secret).toBe('1');
    expect(lastRequest().fields).not.toHaveProperty('client_secret');
    expect(within(secretDialog).getByText(apiClientsDb.issuedSecrets[0]!)).toBeInTheDocument();
  });

  it('shows the server’s refusal under the field it names: a bad IP, a taken client_id', async () => {
    apiClientsDb.add({ client_id: 'ocupado' });
    // Whether an entry is an IP or a range is the server's rule, not the contract's: its answer, once.
    server.use(http.post(apiUrl('v1/dsps/:dspId/clients'), () => invalid({ ip_whitelist: [API_CLIENT_MESSAGES.ipEntry('999.1.1')] }), { once: true }));
    const { user, dialog } = await open();
    await fillIn(user, within(dialog).getByRole('textbox', { name: 'Nombre' }), 'Backend');
    await fillIn(user, within(dialog).getByRole('textbox', { name: 'client_id' }), 'nuevo');
    await user.type(within(dialog).getByLabelText(/^client_secret/), SECRET);
    await fillIn(user, within(dialog).getByRole('textbox', { name: 'IP permitidas' }), '10.0.0.1, 999.1.1');
    await user.click(within(dialog).getByRole('button', { name: 'Crear Cliente' }));

    const ips = within(dialog).getByRole('textbox', { name: 'IP permitidas' });
    await waitFor(() => expect(ips).toHaveFocus());
    expect(ips).toHaveAccessibleDescription(expect.stringContaining(API_CLIENT_MESSAGES.ipEntry('999.1.1')));
    expect(within(dialog).queryByRole('alert')).not.toBeInTheDocument();

    await user.clear(ips);
    await user.clear(within(dialog).getByRole('textbox', { name: 'client_id' }));
    await fillIn(user, within(dialog).getByRole('textbox', { name: 'client_id' }), 'ocupado');
    await user.click(within(dialog).getByRole('button', { name: 'Crear Cliente' }));
    const clientId = within(dialog).getByRole('textbox', { name: 'client_id' });
    await waitFor(() => expect(clientId).toHaveAccessibleDescription(API_CLIENT_MESSAGES.clientIdTaken));
    expect(apiClientsDb.clients).toHaveLength(1);
  });

  it('asks before closing with changes', async () => {
    const { user, dialog } = await open();
    await fillIn(user, within(dialog).getByRole('textbox', { name: 'Nombre' }), 'Backend');
    await user.click(within(dialog).getByRole('button', { name: 'Cancelar' }));
    expect(await screen.findByText('Tienes cambios sin guardar. ¿Descartarlos?')).toBeInTheDocument();
    expect(screen.getByText('abierto')).toBeInTheDocument();
  });
});

describe('ApiClientFormModal: the secret shown once', () => {
  it('shows the new secret with its client_id, a copy button and a warning, and closes only by Ya lo guardé', async () => {
    const { user, dialog } = await open();
    await fillIn(user, within(dialog).getByRole('textbox', { name: 'Nombre' }), 'Backend Pagos');
    await fillIn(user, within(dialog).getByRole('textbox', { name: 'client_id' }), 'pagos-backend');
    await user.type(within(dialog).getByLabelText(/^client_secret/), SECRET);
    await user.click(within(dialog).getByRole('button', { name: 'Crear Cliente' }));

    const secretDialog = await screen.findByRole('dialog', { name: 'Secreto de Backend Pagos' });
    expect(screen.getByText('cerrado')).toBeInTheDocument();
    expect(within(secretDialog).getByText('pagos-backend')).toBeInTheDocument();
    expect(within(secretDialog).getByText(SECRET)).toBeInTheDocument();
    expect(within(secretDialog).getByText(/no se volverá a mostrar/)).toBeInTheDocument();

    await user.click(within(secretDialog).getByRole('button', { name: 'Copiar secreto' }));
    expect(await navigator.clipboard.readText()).toBe(SECRET);
    expect(await within(secretDialog).findByRole('button', { name: 'Secreto copiado' })).toBeInTheDocument();

    await user.keyboard('{Escape}');
    expect(screen.getByRole('dialog', { name: 'Secreto de Backend Pagos' })).toBeInTheDocument();
    expect(within(secretDialog).queryByRole('button', { name: 'Cerrar' })).not.toBeInTheDocument();

    await user.click(within(secretDialog).getByRole('button', { name: 'Ya lo guardé' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Secreto de Backend Pagos' })).not.toBeInTheDocument());
    expect(screen.queryByText(SECRET)).not.toBeInTheDocument();
  });
});

describe('ApiClientFormModal: editing', () => {
  const seeded = () =>
    apiClientsDb.add({
      name: 'Backend Pagos',
      client_id: 'pagos-backend',
      type: 'PARTNER',
      scopes: ['read', 'write'],
      ip_whitelist: ['10.0.0.1'],
      rate_limit: { max_requests: 100, period: 'minute' },
    });

  it('starts from the client, one entry per line, and keeps the stored secret when it is left empty', async () => {
    const client = seeded();
    const { user, dialog } = await open(client);
    expect(within(dialog).getByRole('textbox', { name: 'Scopes' })).toHaveValue('read\nwrite');
    expect(within(dialog).getByRole('combobox', { name: 'Periodo' })).toHaveValue('minuto');
    const secret = within(dialog).getByLabelText(/^client_secret/);
    expect(secret).toHaveValue('');
    expect(secret).toHaveAccessibleDescription('Déjalo vacío para conservar el secreto guardado.');

    await user.type(within(dialog).getByRole('textbox', { name: 'Nombre' }), ' v2');
    await user.click(within(dialog).getByRole('button', { name: 'Actualizar Cliente' }));

    await waitFor(() => expect(screen.getByText('cerrado')).toBeInTheDocument());
    expect(lastRequest()).toMatchObject({ method: 'update', id: client.id, fields: { _method: 'PUT', name: 'Backend Pagos v2', 'scopes[0]': 'read', 'scopes[1]': 'write' } });
    expect(lastRequest().fields).not.toHaveProperty('client_secret');
    expect(lastRequest().fields).not.toHaveProperty('generate_secret');
    expect(apiClientsDb.issuedSecrets).toHaveLength(0);
    expect(screen.queryByRole('dialog', { name: /Secreto de/ })).not.toBeInTheDocument();
  });

  it('an empty max clears the rate limit, and emptied lists are cleared', async () => {
    const client = seeded();
    const { user, dialog } = await open(client);
    await user.clear(within(dialog).getByRole('textbox', { name: 'Máximo de solicitudes' }));
    await user.clear(within(dialog).getByRole('textbox', { name: 'Scopes' }));
    await user.click(within(dialog).getByRole('button', { name: 'Actualizar Cliente' }));

    await waitFor(() => expect(screen.getByText('cerrado')).toBeInTheDocument());
    expect(lastRequest().fields).toMatchObject({ 'rate_limit[max_requests]': '', scopes: '' });
    expect(apiClientsDb.clients[0]).toMatchObject({ rate_limit: null, scopes: [], ip_whitelist: ['10.0.0.1'] });
  });

  it('Generar nuevo secreto asks first; No keeps the stored one', async () => {
    const client = seeded();
    const { user, dialog } = await open(client);
    await user.click(within(dialog).getByRole('button', { name: 'Generar nuevo secreto' }));
    const question = within(dialog).getByRole('group', { name: 'Confirmar nuevo secreto' });
    expect(question).toHaveTextContent('¿Generar un nuevo secreto?');
    await waitFor(() => expect(within(question).getByRole('button', { name: 'Sí, generar' })).toHaveFocus());
    await user.click(within(question).getByRole('button', { name: 'No' }));
    expect(within(dialog).queryByRole('group', { name: 'Confirmar nuevo secreto' })).not.toBeInTheDocument();

    await user.click(within(dialog).getByRole('button', { name: 'Actualizar Cliente' }));
    await waitFor(() => expect(screen.getByText('cerrado')).toBeInTheDocument());
    expect(lastRequest().fields).not.toHaveProperty('generate_secret');
  });

  it('once confirmed, the save sends generate_secret=1 and the new secret is shown once', async () => {
    const client = seeded();
    const { user, dialog } = await open(client);
    await user.click(within(dialog).getByRole('button', { name: 'Generar nuevo secreto' }));
    await user.click(within(dialog).getByRole('button', { name: 'Sí, generar' }));
    expect(within(dialog).getByText(/Se generará un nuevo secreto al guardar/)).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Actualizar Cliente' }));

    const secretDialog = await screen.findByRole('dialog', { name: 'Secreto de Backend Pagos' });
    expect(lastRequest().fields).toMatchObject({ _method: 'PUT', generate_secret: '1' });
    expect(lastRequest().fields).not.toHaveProperty('client_secret');
    expect(within(secretDialog).getByText(apiClientsDb.issuedSecrets[0]!)).toBeInTheDocument();
  });
});
