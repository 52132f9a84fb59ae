import type { Dsp, DspPlanRef } from '@contract/dsp';
import { screen, waitFor, within } from '@testing-library/react';
import { http } from 'msw';
import { describe, expect, it } from 'vitest';
import { apiUrl, fail } from '../../../../../tests/msw/envelope';
import { auditDb } from '../../../../../tests/msw/handlers/audit';
import { signedInUser } from '../../../../../tests/msw/handlers/auth';
import { connectorsDb } from '../../../../../tests/msw/handlers/connectors';
import { server } from '../../../../../tests/msw/server';
import { chooseOption } from '../../../../../tests/utils/choose-option';
import { fillIn } from '../../../../../tests/utils/fill-in';
import { renderWithProviders, startSession } from '../../../../../tests/utils/render';
import { ConnectorsTab } from './connectors-tab';

const gold: DspPlanRef = { id: 41, name: 'Plan Oro', campaign_id: 4 };
const silver: DspPlanRef = { id: 42, name: 'Plan Plata', campaign_id: 4 };

const buildDsp = (plans: DspPlanRef[]): Dsp => ({
  id: 9,
  name: 'Clínica Norte',
  type: 'BOOKING',
  country_id: 1,
  sponsor_id: 1,
  website_url: null,
  address: null,
  phone_primary: null,
  phone_secondary: null,
  email_primary: null,
  settings: {},
  enabled: true,
  image_url: null,
  image_path: null,
  created_at: '2025-01-01T00:00:00.000Z',
  updated_at: '2025-01-01T00:00:00.000Z', version: 1,
  plans,
});

const render = (plans: DspPlanRef[] = [gold, silver]) => {
  const dsp = buildDsp(plans);
  connectorsDb.sell(dsp.id, plans);
  startSession({ ...signedInUser, permissions: ['dsps.manage'] });
  return { dsp, ...renderWithProviders(<ConnectorsTab dsp={dsp} />) };
};

describe('ConnectorsTab', () => {
  it('lists the DSP’s connectors with driver, type, mapped plans, status and actions naming each', async () => {
    connectorsDb.add({
      dsp_id: 9,
      key: 'reservas-mysql',
      driver: 'database',
      type: 'BOOKING',
      enabled: false,
      plans: [
        { plan_id: gold.id, name: gold.name, external_plan_id: 'G' },
        { plan_id: silver.id, name: silver.name, external_plan_id: 'S' },
      ],
    });
    connectorsDb.add({ dsp_id: 3, key: 'de-otra-dsp' });
    render();

    const card = await screen.findByRole('article', { name: 'reservas-mysql' });
    expect(within(card).getByText('Base de datos (database)')).toBeInTheDocument();
    expect(within(card).getByText('Reservas (BOOKING)')).toBeInTheDocument();
    expect(within(card).getByText('2 planes')).toBeInTheDocument();
    expect(within(card).getByRole('button', { name: 'Inactivo: activar el conector reservas-mysql' })).toBeInTheDocument();
    expect(within(card).getByRole('button', { name: 'Editar reservas-mysql' })).toBeInTheDocument();
    expect(within(card).getByRole('button', { name: 'Eliminar reservas-mysql' })).toBeInTheDocument();
    expect(within(card).getByRole('button', { name: 'Historial de reservas-mysql' })).toBeInTheDocument();
    expect(screen.queryByRole('article', { name: 'de-otra-dsp' })).not.toBeInTheDocument();
  });

  it('says when the DSP has no connectors, and creates the first one', async () => {
    const { user } = render();
    expect(await screen.findByText('Esta DSP no tiene conectores.')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Nuevo Conector' }));
    const dialog = await screen.findByRole('dialog', { name: 'Nuevo Conector' });
    await fillIn(user, within(dialog).getByRole('textbox', { name: 'Key' }), 'reservas-api');
    await chooseOption(user, 'Driver', 'API (api)');
    await chooseOption(user, 'Tipo', 'Reservas (BOOKING)');
    await chooseOption(user, 'Plan del mapeo 1', 'Plan Plata');
    await fillIn(user, within(dialog).getByRole('textbox', { name: 'external_plan_id del mapeo 1' }), 'PLATA-1');
    await user.click(within(dialog).getByRole('button', { name: 'Crear Conector' }));

    const card = await screen.findByRole('article', { name: 'reservas-api' });
    expect(within(card).getByText('1 plan')).toBeInTheDocument();
  });

  it('explains that a connector needs a plan the DSP sells, and offers no Nuevo Conector without one', async () => {
    render([]);
    const button = await screen.findByRole('button', { name: 'Nuevo Conector' });
    expect(button).toBeDisabled();
    expect(button).toHaveAccessibleDescription(/agrega al menos un plan a la DSP/);
  });

  it('shows the server’s error with Reintentar, and the list once it answers', async () => {
    server.use(http.get(apiUrl('v1/dsps/:dspId/connectors'), () => fail(500, 'La base de datos no responde.'), { once: true }));
    connectorsDb.add({ dsp_id: 9, key: 'pagos' });
    const { user } = render();
    expect(await screen.findByText('La base de datos no responde.')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Reintentar' }));
    expect(await screen.findByRole('article', { name: 'pagos' })).toBeInTheDocument();
  });

  it('uses the fallback when the server gives no message', async () => {
    server.use(http.get(apiUrl('v1/dsps/:dspId/connectors'), () => new Response(null, { status: 502 })));
    render();
    expect(await screen.findByText('No se pudieron cargar los conectores')).toBeInTheDocument();
  });

  it('deletes a connector after its question and the word confirmar', async () => {
    connectorsDb.add({ dsp_id: 9, key: 'pagos' });
    const { user } = render();
    await user.click(await screen.findByRole('button', { name: 'Eliminar pagos' }));

    const dialog = await screen.findByRole('dialog', { name: 'Eliminar conector' });
    expect(dialog).toHaveTextContent('¿Eliminar este conector?');
    const confirm = within(dialog).getByRole('button', { name: 'Eliminar' });
    await waitFor(() => expect(within(dialog).getByLabelText('Escribe confirmar para confirmar')).toBeEnabled());
    expect(confirm).toBeDisabled();
    await user.type(within(dialog).getByLabelText('Escribe confirmar para confirmar'), 'confirmar');
    await user.click(confirm);

    await waitFor(() => expect(screen.queryByRole('article', { name: 'pagos' })).not.toBeInTheDocument());
    expect(connectorsDb.connectors).toHaveLength(0);
    expect(await screen.findByText('Esta DSP no tiene conectores.')).toBeInTheDocument();
  });

  it('opens a connector’s Historial with that connector’s changes', async () => {
    const pagos = connectorsDb.add({ dsp_id: 9, key: 'pagos' });
    auditDb.add({ resource: 'connector', resource_id: pagos.id, resource_label: 'pagos', action: 'create', changes: [] });
    auditDb.add({ resource: 'connector', resource_id: pagos.id + 1, resource_label: 'otro', action: 'delete', changes: [] });
    const { user } = render();
    await user.click(await screen.findByRole('button', { name: 'Historial de pagos' }));
    const drawer = await screen.findByRole('dialog', { name: 'Historial de pagos' });
    expect(await within(drawer).findByText(/creó el conector pagos/)).toBeInTheDocument();
    expect(within(drawer).queryByText(/otro/)).not.toBeInTheDocument();
  });
});
