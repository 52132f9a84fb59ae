import { DSP_MESSAGES, dspSettingsTemplate } from '@contract/dsp';
import { screen, waitFor, within } from '@testing-library/react';
import type { UserEvent } from '@testing-library/user-event';
import { http } from 'msw';
import { describe, expect, it, vi } from 'vitest';
import { apiUrl, invalid } from '../../../../tests/msw/envelope';
import { buildPlan, campaignsDb } from '../../../../tests/msw/handlers/campaigns';
import { dspsDb } from '../../../../tests/msw/handlers/dsps';
import { sponsorsDb } from '../../../../tests/msw/handlers/sponsors';
import { server } from '../../../../tests/msw/server';
import { chooseOption, listboxOf } from '../../../../tests/utils/choose-option';
import { fillIn } from '../../../../tests/utils/fill-in';
import { renderWithProviders } from '../../../../tests/utils/render';
import type { Dsp } from '@/entities/dsp';
import { settingsTemplateText } from '../model/dsp-form';
import { DspFormModal } from './dsp-form-modal';

/** Two sponsors, each with a campaign and its plans. */
const seedOffer = () => {
  const andes = sponsorsDb.add({ name: 'Andes Protección' });
  const sur = sponsorsDb.add({ name: 'Sur Asistencia' });
  const home = campaignsDb.add({ name: 'Hogar Seguro', sponsor_id: andes.id });
  home.plans = [buildPlan({ campaign_id: home.id, name: 'Plan Oro' }), buildPlan({ campaign_id: home.id, name: 'Plan Plata' })];
  const car = campaignsDb.add({ name: 'Auto Total', sponsor_id: andes.id });
  car.plans = [buildPlan({ campaign_id: car.id, name: 'Plan Grúa' })];
  const south = campaignsDb.add({ name: 'Salud Sur', sponsor_id: sur.id });
  south.plans = [buildPlan({ campaign_id: south.id, name: 'Plan Médico' })];
  return { andes, sur, home, car, south };
};

const open = async (dsp: Dsp | null = null, onSaved = vi.fn(), onClose = vi.fn()) => {
  const rendered = renderWithProviders(<DspFormModal opened dsp={dsp} onClose={onClose} onSaved={onSaved} />);
  const dialog = await screen.findByRole('dialog', { name: dsp ? 'Editar DSP' : 'Nueva DSP' });
  return { ...rendered, dialog, onSaved, onClose };
};

const settingsBox = (dialog: HTMLElement) => within(dialog).getByRole('textbox', { name: /Settings/ });
const saveButton = (dialog: HTMLElement) => within(dialog).getByRole('button', { name: 'Guardar' });
const optionsOf = async (user: UserEvent, label: RegExp) => {
  const box = screen.getByRole('combobox', { name: label });
  await user.click(box);
  const listbox = listboxOf(box)!;
  const names = within(listbox).queryAllByRole('option', { hidden: true }).map((option) => option.textContent);
  await user.keyboard('{Escape}');
  return names;
};

/** Everything required but settings. */
const fillRequired = async (user: UserEvent, dialog: HTMLElement) => {
  await fillIn(user, within(dialog).getByLabelText(/Nombre/), '  Tienda Andes  ');
  await chooseOption(user, /País/, 'Colombia');
  await chooseOption(user, /Sponsor/, 'Andes Protección');
  await waitFor(() => expect(within(dialog).getByRole('combobox', { name: /Campaña/ })).toBeEnabled());
  await chooseOption(user, /Campaña/, 'Hogar Seguro');
  await waitFor(() => expect(within(dialog).getByRole('combobox', { name: /Planes/ })).toBeEnabled());
  await chooseOption(user, /Planes/, 'Plan Oro');
};

describe('DSP form: Guardar waits for every required field and a JSON object', () => {
  it('says what is missing, then what is wrong with the settings, and only then saves', async () => {
    seedOffer();
    const { user, dialog } = await open();
    expect(saveButton(dialog)).toBeDisabled();
    expect(saveButton(dialog)).toHaveAccessibleDescription('Por favor completa los campos obligatorios.');
    expect(within(dialog).getByRole('combobox', { name: /Tipo/ })).toHaveValue('Venta');
    expect(within(dialog).getByRole('switch', { name: 'Activo' })).toBeChecked();
    expect(within(dialog).getByText('PNG, JPG, GIF hasta 10MB')).toBeInTheDocument();
    expect(within(dialog).getByRole('combobox', { name: /Planes/ })).toHaveAccessibleDescription(DSP_MESSAGES.plansRequired);

    await fillRequired(user, dialog);
    expect(saveButton(dialog)).toHaveAccessibleDescription(DSP_MESSAGES.settingsRequired);

    await user.click(settingsBox(dialog));
    await user.paste('{"name": "Tienda"');
    expect(saveButton(dialog)).toHaveAccessibleDescription(DSP_MESSAGES.settingsInvalid);
    await user.tab();
    expect(within(dialog).getAllByText(DSP_MESSAGES.settingsInvalid).length).toBeGreaterThanOrEqual(1);
    expect(settingsBox(dialog)).toHaveAttribute('aria-invalid', 'true');

    await user.clear(settingsBox(dialog));
    await user.paste('[1, 2]');
    expect(saveButton(dialog)).toHaveAccessibleDescription(DSP_MESSAGES.settingsNotObject);

    await user.clear(settingsBox(dialog));
    await user.paste('{"name": "Tienda"}');
    await waitFor(() => expect(saveButton(dialog)).toBeEnabled());
    expect(saveButton(dialog)).not.toHaveAccessibleDescription();
  });

  it('shows the contract’s message under a field left wrong', async () => {
    seedOffer();
    const { user, dialog } = await open();
    const name = within(dialog).getByLabelText(/Nombre/);
    await user.click(name);
    await user.tab();
    expect(await within(dialog).findByText(DSP_MESSAGES.nameRequired)).toBeInTheDocument();
    await fillIn(user, within(dialog).getByLabelText('Email'), 'no-es-un-email');
    await user.tab();
    expect(await within(dialog).findByText(DSP_MESSAGES.email)).toBeInTheDocument();
  });
});

describe('DSP form: sponsor → campaign → plans', () => {
  it("offers only the sponsor's campaigns and the campaign's plans; a new sponsor clears both", async () => {
    seedOffer();
    const { user, dialog } = await open();
    expect(within(dialog).getByRole('combobox', { name: /Campaña/ })).toBeDisabled();
    expect(within(dialog).getByRole('combobox', { name: /Planes/ })).toBeDisabled();

    await chooseOption(user, /Sponsor/, 'Andes Protección');
    await waitFor(() => expect(within(dialog).getByRole('combobox', { name: /Campaña/ })).toBeEnabled());
    expect(await optionsOf(user, /Campaña/)).toEqual(['Auto Total', 'Hogar Seguro']);
    await chooseOption(user, /Campaña/, 'Hogar Seguro');
    await waitFor(() => expect(within(dialog).getByRole('combobox', { name: /Planes/ })).toBeEnabled());
    await waitFor(async () => expect(await optionsOf(user, /Planes/)).toEqual(['Plan Oro', 'Plan Plata']));
    await chooseOption(user, /Planes/, 'Plan Oro');
    await chooseOption(user, /Planes/, 'Plan Plata');
    expect(within(dialog).getByText('Plan Oro')).toBeInTheDocument();

    await chooseOption(user, /Sponsor/, 'Sur Asistencia');
    await waitFor(() => expect(within(dialog).getByRole('combobox', { name: /Campaña/ })).toHaveValue(''));
    expect(within(dialog).queryByText('Plan Oro')).not.toBeInTheDocument();
    expect(within(dialog).getByRole('combobox', { name: /Planes/ })).toBeDisabled();
    await waitFor(async () => expect(await optionsOf(user, /Campaña/)).toEqual(['Salud Sur']));
  });

  it('finds by typing a sponsor past the first 300 by name, and offers its campaigns', async () => {
    for (let index = 0; index < 300; index++) sponsorsDb.add({ name: `Aseguradora ${String(index).padStart(3, '0')}` });
    const zafiro = sponsorsDb.add({ name: 'Zafiro Asistencia' });
    campaignsDb.add({ name: 'Zafiro Hogar', sponsor_id: zafiro.id });
    const { user, dialog } = await open();
    const sponsor = within(dialog).getByRole('combobox', { name: /Sponsor/ });
    await waitFor(() => expect(sponsor).toBeEnabled());
    await user.click(sponsor);
    await user.type(sponsor, 'zafiro');
    await user.click(await within(listboxOf(sponsor)!).findByRole('option', { name: 'Zafiro Asistencia', hidden: true }, { timeout: 10_000 }));
    await waitFor(() => expect(within(dialog).getByRole('combobox', { name: /Campaña/ })).toBeEnabled());
    expect(await optionsOf(user, /Campaña/)).toEqual(['Zafiro Hogar']);
  });
});

describe('DSP form: the settings template', () => {
  it('fills an empty editor at once, and asks before replacing written settings', async () => {
    seedOffer();
    const { user, dialog } = await open();
    await user.click(within(dialog).getByRole('button', { name: 'Usar plantilla' }));
    expect(settingsBox(dialog)).toHaveValue(settingsTemplateText('', 'SALE'));
    expect(settingsTemplateText('', 'SALE')).toContain('"phoneCountryCode": "+57"');

    await user.clear(settingsBox(dialog));
    await user.paste('{"mine": true}');
    const template = within(dialog).getByRole('button', { name: 'Usar plantilla' });
    await user.click(template);
    let question = await within(dialog).findByRole('group', { name: 'Usar plantilla' });
    expect(within(question).getByText('Los settings escritos se reemplazarán por la plantilla. ¿Continuar?')).toBeInTheDocument();
    expect(within(question).getByRole('button', { name: 'Cancelar' })).toHaveFocus();
    await user.click(within(question).getByRole('button', { name: 'Cancelar' }));
    await waitFor(() => expect(within(dialog).getByRole('button', { name: 'Usar plantilla' })).toHaveFocus());
    // Pretty-printed when the editor lost focus.
    expect(settingsBox(dialog)).toHaveValue(JSON.stringify({ mine: true }, null, 2));

    await user.click(within(dialog).getByRole('button', { name: 'Usar plantilla' }));
    question = await within(dialog).findByRole('group', { name: 'Usar plantilla' });
    await user.click(within(question).getByRole('button', { name: 'Reemplazar' }));
    await waitFor(() => expect(settingsBox(dialog)).toHaveValue(settingsTemplateText('', 'SALE')));
  });

  it("names the template after the form's own name and type, and its error follows the value", async () => {
    seedOffer();
    const { user, dialog } = await open();
    await fillIn(user, within(dialog).getByLabelText(/Nombre/), 'Norte Salud Reservas');
    await chooseOption(user, /Tipo/, 'Reserva');
    await user.click(settingsBox(dialog));
    await user.paste('{"roto": ');
    await user.tab();
    expect(settingsBox(dialog)).toHaveAccessibleDescription(DSP_MESSAGES.settingsInvalid);
    expect(settingsBox(dialog)).toHaveAttribute('aria-invalid', 'true');

    await user.click(within(dialog).getByRole('button', { name: 'Usar plantilla' }));
    await user.click(within(await within(dialog).findByRole('group', { name: 'Usar plantilla' })).getByRole('button', { name: 'Reemplazar' }));
    await waitFor(() => expect(settingsBox(dialog)).not.toHaveAttribute('aria-invalid', 'true'));
    expect(settingsBox(dialog)).not.toHaveAccessibleDescription(DSP_MESSAGES.settingsInvalid);
    const settings = JSON.parse((settingsBox(dialog) as HTMLTextAreaElement).value) as { name: string; type: string; components: { title: string } };
    expect([settings.name, settings.type, settings.components.title]).toEqual(['Norte Salud Reservas', 'BOOKING', 'Norte Salud Reservas']);
  });
});

describe('DSP form: what is sent', () => {
  it('creates with trimmed values, empty optional fields left out, plans as plans[i]', async () => {
    const { home } = seedOffer();
    const { user, dialog, onSaved } = await open();
    await fillRequired(user, dialog);
    await fillIn(user, within(dialog).getByLabelText('Sitio web'), '  tienda.example.com ');
    await fillIn(user, within(dialog).getByLabelText('Teléfono principal'), ' +57 300 111 2233 ');
    await fillIn(user, within(dialog).getByLabelText('Dirección'), '   ');
    await chooseOption(user, /Tipo/, 'Mixto');
    await user.click(within(dialog).getByRole('switch', { name: 'Activo' }));
    await user.click(within(dialog).getByRole('button', { name: 'Usar plantilla' }));
    await user.click(saveButton(dialog));

    await waitFor(() => expect(onSaved).toHaveBeenCalledTimes(1));
    expect(dspsDb.requests).toEqual([
      {
        method: 'create',
        fields: {
          name: 'Tienda Andes',
          type: 'MIXED',
          country_id: '3',
          sponsor_id: '1',
          'plans[0]': String(home.plans![0]!.id),
          settings: JSON.stringify(dspSettingsTemplate('Tienda Andes', 'MIXED')),
          website_url: 'tienda.example.com',
          phone_primary: '+57 300 111 2233',
          enabled: '0',
        },
      },
    ]);
    expect(onSaved).toHaveBeenCalledWith(expect.objectContaining({ name: 'Tienda Andes', website_url: 'https://tienda.example.com' }), true);
  });

  it('edits with sponsor and campaign locked, sends emptied fields empty and never the sponsor', async () => {
    const { andes, home } = seedOffer();
    const [gold, silver] = home.plans!;
    const dsp = dspsDb.add({
      name: 'Tienda Andes',
      sponsor_id: andes.id,
      sponsor: { id: andes.id, name: andes.name },
      website_url: 'https://tienda.example.com',
      email_primary: 'hola@tienda.example.com',
      settings: { name: 'Tienda' },
      plans: [{ id: gold!.id, name: gold!.name, campaign_id: home.id }],
    });
    const { user, dialog, onSaved } = await open(dsp);
    expect(within(dialog).getByRole('combobox', { name: /Sponsor/ })).toBeDisabled();
    expect(within(dialog).getByRole('combobox', { name: /Sponsor/ })).toHaveValue('Andes Protección');
    expect(within(dialog).getByText(DSP_MESSAGES.sponsorLocked)).toBeInTheDocument();
    const campaign = within(dialog).getByRole('combobox', { name: /Campaña/ });
    expect(campaign).toBeDisabled();
    await waitFor(() => expect(campaign).toHaveValue('Hogar Seguro'));
    expect(within(dialog).getByText('Plan Oro')).toBeInTheDocument();
    expect(settingsBox(dialog)).toHaveValue(JSON.stringify({ name: 'Tienda' }, null, 2));
    expect(saveButton(dialog)).toBeEnabled();

    await user.clear(within(dialog).getByLabelText('Sitio web'));
    await chooseOption(user, /Planes/, 'Plan Plata');
    await user.click(saveButton(dialog));
    await waitFor(() => expect(onSaved).toHaveBeenCalledWith(expect.objectContaining({ website_url: null }), false));
    expect(dspsDb.requests[0]).toEqual({
      method: 'update',
      id: dsp.id,
      fields: {
        _method: 'PUT',
        name: 'Tienda Andes',
        type: 'SALE',
        country_id: '3',
        'plans[0]': String(gold!.id),
        'plans[1]': String(silver!.id),
        settings: '{"name":"Tienda"}',
        website_url: '',
        address: '',
        phone_primary: '',
        phone_secondary: '',
        email_primary: 'hola@tienda.example.com',
        enabled: '1',
      },
    });
  });
});

describe('DSP form: the server’s refusals', () => {
  it('shows a taken name under Nombre and refused plans under Planes, focusing the field', async () => {
    seedOffer();
    dspsDb.add({ name: 'Tienda Andes' });
    const { user, dialog } = await open();
    await fillRequired(user, dialog);
    await user.click(within(dialog).getByRole('button', { name: 'Usar plantilla' }));
    await user.click(saveButton(dialog));
    expect(await within(dialog).findByText(DSP_MESSAGES.nameTaken)).toBeInTheDocument();
    await waitFor(() => expect(within(dialog).getByLabelText(/Nombre/)).toHaveFocus());

    server.use(http.post(apiUrl('v1/dsps'), () => invalid({ 'plans.0': [DSP_MESSAGES.plansNotOfSponsor] })));
    await user.clear(within(dialog).getByLabelText(/Nombre/));
    await fillIn(user, within(dialog).getByLabelText(/Nombre/), 'Tienda Nueva');
    await user.click(saveButton(dialog));
    expect(await within(dialog).findByText(DSP_MESSAGES.plansNotOfSponsor)).toBeInTheDocument();
    // Said under the field, not repeated in a banner.
    expect(within(dialog).getAllByText(DSP_MESSAGES.plansNotOfSponsor)).toHaveLength(1);
  });

  it('shows the fallback when the save fails without a message', async () => {
    seedOffer();
    server.use(http.post(apiUrl('v1/dsps'), () => new Response('boom', { status: 500 })));
    const { user, dialog } = await open();
    await fillRequired(user, dialog);
    await user.click(within(dialog).getByRole('button', { name: 'Usar plantilla' }));
    await user.click(saveButton(dialog));
    expect(await within(dialog).findByText('No se pudo guardar')).toBeInTheDocument();
  });

  it('asks before throwing away typed changes', async () => {
    const { user, dialog, onClose } = await open();
    await user.type(within(dialog).getByLabelText(/Nombre/), 'Tienda');
    await user.click(within(dialog).getByRole('button', { name: 'Cancelar' }));
    expect(await screen.findByText('Tienes cambios sin guardar. ¿Descartarlos?')).toBeInTheDocument();
    expect(onClose).not.toHaveBeenCalled();
    await user.click(screen.getByRole('button', { name: 'Descartar' }));
    expect(onClose).toHaveBeenCalled();
    expect(dspsDb.requests).toEqual([]);
  });
});
