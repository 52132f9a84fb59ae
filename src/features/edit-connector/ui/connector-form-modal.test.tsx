import { CONNECTOR_MESSAGES, CREDENTIAL_MASK } from '@contract/connector';
import type { DspPlanRef } from '@contract/dsp';
import { screen, waitFor, within } from '@testing-library/react';
import type { UserEvent } from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { Connector } from '@/entities/connector';
import { connectorsDb } from '../../../../tests/msw/handlers/connectors';
import { chooseOption } from '../../../../tests/utils/choose-option';
import { fillIn } from '../../../../tests/utils/fill-in';
import { renderWithProviders } from '../../../../tests/utils/render';
import { ConnectorFormModal } from './connector-form-modal';

const DSP_ID = 7;
const gold: DspPlanRef = { id: 31, name: 'Plan Oro', campaign_id: 3 };
const silver: DspPlanRef = { id: 32, name: 'Plan Plata', campaign_id: 3 };

const open = async ({ connector = null as Connector | null, plans = [gold, silver], sold = [gold, silver] } = {}) => {
  connectorsDb.sell(DSP_ID, sold);
  const rendered = renderWithProviders(<ConnectorFormModal opened onClose={() => undefined} dspId={DSP_ID} plans={plans} connector={connector} />);
  const dialog = await screen.findByRole('dialog', { name: connector ? 'Editar Conector' : 'Nuevo Conector' });
  return { ...rendered, dialog };
};

/** A textarea's text (toHaveValue takes no partial match). */
const textOf = (element: HTMLElement) => (element as HTMLTextAreaElement).value;

const field = (dialog: HTMLElement, name: string) => within(dialog).getByRole('textbox', { name });

/** Replaces a JSON editor's text (typed braces would be read as key names). */
const setJson = async (user: UserEvent, input: HTMLElement, text: string) => {
  await user.clear(input);
  if (text) {
    await user.click(input);
    await user.paste(text);
  }
};

const mapRow = async (user: UserEvent, dialog: HTMLElement, row: number, plan: string, external: string) => {
  await chooseOption(user, `Plan del mapeo ${row}`, plan);
  await fillIn(user, field(dialog, `external_plan_id del mapeo ${row}`), external);
};

describe('ConnectorFormModal: creating', () => {
  it('sends key, driver, type, enabled, settings and params as objects, the policy and the complete mapping rows', async () => {
    const { user, dialog } = await open();
    await fillIn(user, field(dialog, 'Key'), '  reservas-mysql ');
    await chooseOption(user, 'Driver', 'Base de datos (database)');
    await chooseOption(user, 'Tipo', 'Reservas (BOOKING)');
    await mapRow(user, dialog, 1, 'Plan Oro', ' GOLD-01 ');
    await user.click(within(dialog).getByRole('button', { name: 'Agregar mapeo' }));
    await user.click(within(dialog).getByRole('button', { name: 'Crear Conector' }));

    await waitFor(() => expect(connectorsDb.requests).toHaveLength(1));
    const [sent] = connectorsDb.requests;
    expect(sent).toMatchObject({ method: 'create', id: DSP_ID });
    expect(sent?.body).toEqual({
      key: 'reservas-mysql',
      driver: 'database',
      type: 'BOOKING',
      enabled: true,
      settings: { host: '127.0.0.1', port: 3306, database: 'reservas', username: 'usuario', password: 'cambia-esta-clave' },
      params: { table: 'bookings', timeout: 30 },
      varification_policy: null,
      plans: [{ plan_id: gold.id, external_plan_id: 'GOLD-01' }],
    });
    await waitFor(() => expect(connectorsDb.connectors).toHaveLength(1));
  });

  it('shows every missing value under its field at once and sends nothing', async () => {
    const { user, dialog } = await open();
    await user.click(within(dialog).getByRole('button', { name: 'Crear Conector' }));

    const key = field(dialog, 'Key');
    await waitFor(() => expect(key).toHaveFocus());
    expect(key).toHaveAccessibleDescription(CONNECTOR_MESSAGES.keyRequired);
    expect(within(dialog).getByRole('combobox', { name: 'Driver' })).toHaveAccessibleDescription(CONNECTOR_MESSAGES.driverRequired);
    expect(within(dialog).getByRole('combobox', { name: 'Tipo' })).toHaveAccessibleDescription(CONNECTOR_MESSAGES.typeRequired);
    // Each message once, under its own field.
    for (const message of [CONNECTOR_MESSAGES.keyRequired, CONNECTOR_MESSAGES.driverRequired, CONNECTOR_MESSAGES.typeRequired]) {
      expect(within(dialog).getAllByText(message)).toHaveLength(1);
    }
    expect(field(dialog, 'Settings (JSON)')).toHaveAccessibleDescription(expect.stringContaining(CONNECTOR_MESSAGES.settingsRequired));
    expect(field(dialog, 'Params (JSON)')).toHaveAccessibleDescription(expect.stringContaining(CONNECTOR_MESSAGES.paramsRequired));
    expect(within(dialog).getByRole('combobox', { name: 'Plan del mapeo 1' })).toHaveAccessibleDescription(CONNECTOR_MESSAGES.plansRequired);
    expect(connectorsDb.requests).toHaveLength(0);
  });

  it('refuses settings and params that are not JSON objects', async () => {
    const { user, dialog } = await open();
    await fillIn(user, field(dialog, 'Key'), 'pagos');
    await chooseOption(user, 'Driver', 'Base de datos (database)');
    await chooseOption(user, 'Tipo', 'Pagos (PAYMENT)');
    await mapRow(user, dialog, 1, 'Plan Oro', 'G1');
    await setJson(user, field(dialog, 'Settings (JSON)'), '{"host": ');
    await setJson(user, field(dialog, 'Params (JSON)'), '[1, 2]');
    await user.click(within(dialog).getByRole('button', { name: 'Crear Conector' }));

    await waitFor(() => expect(field(dialog, 'Settings (JSON)')).toHaveAccessibleDescription(expect.stringContaining(CONNECTOR_MESSAGES.settingsInvalid)));
    expect(field(dialog, 'Params (JSON)')).toHaveAccessibleDescription(expect.stringContaining(CONNECTOR_MESSAGES.paramsInvalid));
    expect(connectorsDb.requests).toHaveLength(0);
  });

  it('names bad settings when the editor is left, and the message follows the value when a sample replaces it', async () => {
    const { user, dialog } = await open();
    await chooseOption(user, 'Driver', 'Base de datos (database)');
    const settings = field(dialog, 'Settings (JSON)');
    await setJson(user, settings, '{"host": ');
    await user.tab();
    await waitFor(() => expect(settings).toHaveAccessibleDescription(expect.stringContaining(CONNECTOR_MESSAGES.settingsInvalid)));
    expect(settings).toHaveAttribute('aria-invalid', 'true');
    expect(within(dialog).getAllByText(CONNECTOR_MESSAGES.settingsInvalid)).toHaveLength(1);

    await chooseOption(user, 'Driver', 'API (api)');
    await user.click(await within(dialog).findByRole('button', { name: 'Usar el ejemplo' }));
    await waitFor(() => expect(settings).not.toHaveAttribute('aria-invalid', 'true'));
    expect(within(dialog).queryByText(CONNECTOR_MESSAGES.settingsInvalid)).not.toBeInTheDocument();
    await user.click(settings);
    await user.tab();
    expect(settings).not.toHaveAttribute('aria-invalid', 'true');
  });

  it('requires params for driver database but sends {} when they are left empty for api', async () => {
    const { user, dialog } = await open();
    await fillIn(user, field(dialog, 'Key'), 'rest');
    await chooseOption(user, 'Driver', 'Base de datos (database)');
    await chooseOption(user, 'Tipo', 'Reservas (BOOKING)');
    await mapRow(user, dialog, 1, 'Plan Plata', 'S1');
    await setJson(user, field(dialog, 'Params (JSON)'), '');
    await user.click(within(dialog).getByRole('button', { name: 'Crear Conector' }));
    await waitFor(() => expect(field(dialog, 'Params (JSON)')).toHaveAccessibleDescription(expect.stringContaining(CONNECTOR_MESSAGES.paramsRequired)));
    expect(connectorsDb.requests).toHaveLength(0);

    // Params were edited (emptied): switching asks before api's sample replaces them.
    await chooseOption(user, 'Driver', 'API (api)');
    await user.click(await within(dialog).findByRole('button', { name: 'Usar el ejemplo' }));
    expect(textOf(field(dialog, 'Settings (JSON)'))).toContain('"method": "POST"');
    await setJson(user, field(dialog, 'Params (JSON)'), '');
    await user.click(within(dialog).getByRole('button', { name: 'Crear Conector' }));
    await waitFor(() => expect(connectorsDb.requests).toHaveLength(1));
    expect(connectorsDb.requests[0]?.body).toMatchObject({ driver: 'api', params: {}, settings: { endpoint: 'https://api.ejemplo.com/v1/reservas', method: 'POST' } });
  });

  it('names a half-filled mapping row and a plan mapped twice', async () => {
    const { user, dialog } = await open();
    await mapRow(user, dialog, 1, 'Plan Oro', 'G1');
    await user.click(within(dialog).getByRole('button', { name: 'Agregar mapeo' }));
    await chooseOption(user, 'Plan del mapeo 2', 'Plan Oro');
    await user.click(within(dialog).getByRole('button', { name: 'Crear Conector' }));

    await waitFor(() => expect(within(dialog).getByRole('combobox', { name: 'Plan del mapeo 2' })).toHaveAccessibleDescription(CONNECTOR_MESSAGES.planTwice));
    expect(field(dialog, 'external_plan_id del mapeo 2')).toHaveAccessibleDescription(CONNECTOR_MESSAGES.plansRequired);
    expect(within(dialog).getByRole('combobox', { name: 'Plan del mapeo 1' })).not.toHaveAccessibleDescription(CONNECTOR_MESSAGES.plansRequired);
  });
});

describe('ConnectorFormModal: the driver’s samples', () => {
  it('fills the chosen driver’s sample, swaps it silently while untouched, and asks once the JSON was edited', async () => {
    const { user, dialog } = await open();
    const settings = field(dialog, 'Settings (JSON)');
    expect(settings).toHaveValue('');

    await chooseOption(user, 'Driver', 'Base de datos (database)');
    expect(textOf(settings)).toContain('"port": 3306');
    expect(textOf(settings)).toContain('"host": "127.0.0.1"');

    await chooseOption(user, 'Driver', 'API (api)');
    expect(textOf(settings)).toContain('"endpoint": "https://api.ejemplo.com/v1/reservas"');
    expect(screen.queryByText('¿Usar el ejemplo del nuevo driver?')).not.toBeInTheDocument();

    const mine = '{"endpoint": "https://mi-dsp.example.com/api", "method": "GET"}';
    await setJson(user, settings, mine);
    await chooseOption(user, 'Driver', 'Base de datos (database)');
    expect(await within(dialog).findByText('¿Usar el ejemplo del nuevo driver?')).toBeInTheDocument();
    expect(JSON.parse(textOf(settings))).toEqual(JSON.parse(mine));
    await user.click(within(dialog).getByRole('button', { name: 'Conservar mi JSON' }));
    expect(within(dialog).queryByText('¿Usar el ejemplo del nuevo driver?')).not.toBeInTheDocument();
    expect(JSON.parse(textOf(settings))).toEqual(JSON.parse(mine));
    expect(within(dialog).getByRole('combobox', { name: 'Driver' })).toHaveValue('Base de datos (database)');

    await chooseOption(user, 'Driver', 'API (api)');
    await user.click(await within(dialog).findByRole('button', { name: 'Usar el ejemplo' }));
    expect(textOf(settings)).toContain('"endpoint": "https://api.ejemplo.com/v1/reservas"');
  });
});

describe('ConnectorFormModal: the plan map rows', () => {
  it('never goes below one row: the only row cannot be removed', async () => {
    const { user, dialog } = await open();
    expect(within(dialog).getByRole('button', { name: 'Quitar mapeo 1' })).toBeDisabled();

    await user.click(within(dialog).getByRole('button', { name: 'Agregar mapeo' }));
    expect(within(dialog).getByRole('button', { name: 'Quitar mapeo 1' })).toBeEnabled();
    expect(within(dialog).getByRole('button', { name: 'Quitar mapeo 2' })).toBeEnabled();
    await fillIn(user, field(dialog, 'external_plan_id del mapeo 2'), 'SEGUNDO');

    await user.click(within(dialog).getByRole('button', { name: 'Quitar mapeo 1' }));
    expect(within(dialog).queryByRole('button', { name: 'Quitar mapeo 2' })).not.toBeInTheDocument();
    expect(field(dialog, 'external_plan_id del mapeo 1')).toHaveValue('SEGUNDO');
    expect(within(dialog).getByRole('button', { name: 'Quitar mapeo 1' })).toBeDisabled();
  });
});

describe('ConnectorFormModal: editing', () => {
  const stored = () =>
    connectorsDb.add({
      dsp_id: DSP_ID,
      key: 'reservas-api',
      driver: 'api',
      settings: { endpoint: 'https://dsp.example.com', method: 'POST', api_key: 'sk-live-123' },
      params: { headers: { Authorization: 'Bearer abc' } },
      varification_policy: 'DNI y correo',
      plans: [{ plan_id: gold.id, name: gold.name, external_plan_id: 'G-1' }],
    });

  it('shows masked credentials with a hint and sends them back unchanged, which keeps the stored values', async () => {
    connectorsDb.sell(DSP_ID, [gold, silver]);
    const item = stored();
    const { user, dialog } = await open({ connector: connectorsDb.shown(item) });
    const settings = field(dialog, 'Settings (JSON)');
    expect(textOf(settings)).toContain(`"api_key": "${CREDENTIAL_MASK}"`);
    expect(settings).toHaveAccessibleDescription(expect.stringContaining('se conservan mientras no los reemplaces'));
    expect(within(dialog).getByRole('combobox', { name: 'Plan del mapeo 1' })).toHaveValue('Plan Oro');
    expect(field(dialog, 'external_plan_id del mapeo 1')).toHaveValue('G-1');

    await user.clear(field(dialog, 'Key'));
    await fillIn(user, field(dialog, 'Key'), 'reservas-rest');
    await user.click(within(dialog).getByRole('button', { name: 'Actualizar Conector' }));

    await waitFor(() => expect(connectorsDb.requests).toHaveLength(1));
    const [sent] = connectorsDb.requests;
    expect(sent).toMatchObject({ method: 'update', id: item.id });
    expect(sent?.body).toMatchObject({
      key: 'reservas-rest',
      settings: { endpoint: 'https://dsp.example.com', method: 'POST', api_key: CREDENTIAL_MASK },
      params: { headers: { Authorization: CREDENTIAL_MASK } },
      varification_policy: 'DNI y correo',
      plans: [{ plan_id: gold.id, external_plan_id: 'G-1' }],
    });
    await waitFor(() => expect(connectorsDb.connectors[0]?.key).toBe('reservas-rest'));
    expect(connectorsDb.connectors[0]?.settings).toMatchObject({ api_key: 'sk-live-123' });
    expect(connectorsDb.connectors[0]?.params).toEqual({ headers: { Authorization: 'Bearer abc' } });
  });

  it('puts the server’s refusals under their fields: a key taken, a plan the DSP does not sell', async () => {
    connectorsDb.sell(DSP_ID, [gold]);
    connectorsDb.add({ dsp_id: DSP_ID, key: 'pagos' });
    // The DSP stopped selling Plan Plata after the form opened.
    const { user, dialog } = await open({ plans: [gold, silver], sold: [gold] });
    await fillIn(user, field(dialog, 'Key'), 'PAGOS');
    await chooseOption(user, 'Driver', 'API (api)');
    await chooseOption(user, 'Tipo', 'Pagos (PAYMENT)');
    await mapRow(user, dialog, 1, 'Plan Plata', 'S-9');
    await user.click(within(dialog).getByRole('button', { name: 'Crear Conector' }));

    const plan = within(dialog).getByRole('combobox', { name: 'Plan del mapeo 1' });
    await waitFor(() => expect(plan).toHaveAccessibleDescription(CONNECTOR_MESSAGES.planNotOfDsp));
    expect(within(dialog).queryByRole('alert')).not.toBeInTheDocument();

    await chooseOption(user, 'Plan del mapeo 1', 'Plan Oro');
    await user.click(within(dialog).getByRole('button', { name: 'Crear Conector' }));
    const key = field(dialog, 'Key');
    await waitFor(() => expect(key).toHaveAccessibleDescription(CONNECTOR_MESSAGES.keyTaken));
    await waitFor(() => expect(key).toHaveFocus());
  });

  it('asks before closing with changes', async () => {
    connectorsDb.sell(DSP_ID, [gold]);
    const { user, dialog } = await open({ connector: connectorsDb.shown(stored()) });
    await user.type(field(dialog, 'Política de verificación'), ' y teléfono');
    await user.click(within(dialog).getByRole('button', { name: 'Cancelar' }));
    expect(await screen.findByText('Tienes cambios sin guardar. ¿Descartarlos?')).toBeInTheDocument();
  });
});
