import { META_MESSAGES } from '@contract/meta';
import { SERVICE_MESSAGES } from '@contract/service';
import { screen, waitFor, within } from '@testing-library/react';
import { http } from 'msw';
import { describe, expect, it } from 'vitest';
import type { Campaign } from '@/entities/campaign';
import { apiUrl, invalid } from '../../../../tests/msw/envelope';
import { buildCampaignCategory } from '../../../../tests/msw/handlers/campaign-categories';
import { buildPlan, buildService, campaignsDb } from '../../../../tests/msw/handlers/campaigns';
import { servicesDb } from '../../../../tests/msw/handlers/services';
import { server } from '../../../../tests/msw/server';
import { chooseOption } from '../../../../tests/utils/choose-option';
import { renderWithProviders } from '../../../../tests/utils/render';
import type { Service } from '@/entities/service';
import { ServiceFormModal } from './service-form-modal';

const seed = ({ withCategories = true, services = [] as Service[] } = {}) => {
  const basic = buildPlan({ name: 'Plan Básico', services });
  const premium = buildPlan({ name: 'Plan Premium' });
  const campaign = campaignsDb.add({
    name: 'Hogar Seguro',
    plans: [basic, premium],
    categories: withCategories ? [buildCampaignCategory({ name: 'Plomería' }), buildCampaignCategory({ name: 'Cerrajería' })] : [],
  });
  return { campaign, basic, premium };
};

const open = async (campaign: Campaign, { service = null as Service | null, planId = null as number | null } = {}) => {
  const rendered = renderWithProviders(<ServiceFormModal opened onClose={() => undefined} campaign={campaign} service={service} planId={planId} />);
  const dialog = await screen.findByRole('dialog', { name: service ? 'Editar Servicio' : 'Nuevo Servicio' });
  return { ...rendered, dialog };
};


describe('ServiceFormModal: creating', () => {
  it('starts on the chosen plan, active, and sends what was typed to that plan', async () => {
    const { campaign, basic } = seed();
    const { user, dialog } = await open(campaign, { planId: basic.id });
    expect(within(dialog).getByRole('combobox', { name: 'Plan' })).toHaveValue('Plan Básico');
    expect(within(dialog).getByRole('switch', { name: 'Activo' })).toBeChecked();

    await user.type(within(dialog).getByRole('textbox', { name: 'Nombre' }), '  Plomero a domicilio ');
    await user.type(within(dialog).getByRole('textbox', { name: 'Cobertura' }), '150000,5');
    await user.type(within(dialog).getByRole('textbox', { name: 'Límite de eventos' }), '3');
    await chooseOption(user, 'Periodo de eventos', 'Mensual');
    await chooseOption(user, 'Categoría', 'Plomería');
    await user.type(within(dialog).getByLabelText('Código Apolo'), '   ');
    await user.click(within(dialog).getByRole('button', { name: 'Crear Servicio' }));

    await waitFor(() => expect(servicesDb.requests).toHaveLength(1));
    const [sent] = servicesDb.requests;
    expect(sent?.id).toBe(basic.id);
    expect(sent?.fields).toMatchObject({
      name: 'Plomero a domicilio',
      coverage_amount: '150000.5',
      unlimited_coverage: '0',
      event_limit: '3',
      unlimited_events: '0',
      event_period: 'MONTHLY',
      category_id: String(campaign.categories![0]!.id),
      is_active: '1',
    });
    expect(sent?.fields).not.toHaveProperty('apolo_code_ref');
  });

  it('asks for the plan when none was chosen', async () => {
    const { campaign } = seed();
    const { user, dialog } = await open(campaign);
    await user.click(within(dialog).getByRole('button', { name: 'Crear Servicio' }));
    const plan = within(dialog).getByRole('combobox', { name: 'Plan' });
    await waitFor(() => expect(plan).toHaveFocus());
    expect(plan).toHaveAccessibleDescription(SERVICE_MESSAGES.planRequired);
    expect(servicesDb.requests).toHaveLength(0);
  });

  it('shows every missing value under its field at once and focuses the first', async () => {
    const { campaign, basic } = seed();
    const { user, dialog } = await open(campaign, { planId: basic.id });
    await user.click(within(dialog).getByRole('button', { name: 'Crear Servicio' }));

    const name = within(dialog).getByRole('textbox', { name: 'Nombre' });
    await waitFor(() => expect(name).toHaveFocus());
    expect(name).toHaveAccessibleDescription(SERVICE_MESSAGES.nameRequired);
    expect(within(dialog).getByRole('textbox', { name: 'Cobertura' })).toHaveAccessibleDescription(SERVICE_MESSAGES.coverageRequired);
    expect(within(dialog).getByRole('textbox', { name: 'Límite de eventos' })).toHaveAccessibleDescription(SERVICE_MESSAGES.eventLimitRequired);
    expect(within(dialog).getByRole('combobox', { name: 'Categoría' })).toHaveAccessibleDescription(SERVICE_MESSAGES.categoryRequired);
    expect(servicesDb.requests).toHaveLength(0);
  });

  it('does not ask for a category when the campaign has none', async () => {
    const { campaign, basic } = seed({ withCategories: false });
    const { user, dialog } = await open(campaign, { planId: basic.id });
    expect(within(dialog).getByRole('combobox', { name: 'Categoría' })).toBeDisabled();
    await user.type(within(dialog).getByRole('textbox', { name: 'Nombre' }), 'Grúa');
    await user.click(within(dialog).getByLabelText('Cobertura ilimitada'));
    await user.click(within(dialog).getByLabelText('Eventos ilimitados'));
    await user.click(within(dialog).getByRole('button', { name: 'Crear Servicio' }));
    await waitFor(() => expect(servicesDb.requests).toHaveLength(1));
    expect(servicesDb.requests[0]?.fields).toMatchObject({ category_id: '', unlimited_coverage: '1', unlimited_events: '1' });
  });

  it('ticking an unlimited box empties and disables the number it replaces', async () => {
    const { campaign, basic } = seed({ withCategories: false });
    const { user, dialog } = await open(campaign, { planId: basic.id });
    const coverage = within(dialog).getByRole('textbox', { name: 'Cobertura' });
    const limit = within(dialog).getByRole('textbox', { name: 'Límite de eventos' });
    await user.type(coverage, '5000');
    await user.type(limit, '2');
    await user.click(within(dialog).getByLabelText('Cobertura ilimitada'));
    await user.click(within(dialog).getByLabelText('Eventos ilimitados'));
    expect(coverage).toHaveValue('');
    expect(coverage).toBeDisabled();
    expect(limit).toHaveValue('');
    expect(limit).toBeDisabled();

    await user.type(within(dialog).getByRole('textbox', { name: 'Nombre' }), 'Grúa');
    await user.click(within(dialog).getByRole('button', { name: 'Crear Servicio' }));
    await waitFor(() => expect(servicesDb.requests).toHaveLength(1));
    expect(servicesDb.requests[0]?.fields).toMatchObject({ coverage_amount: '', unlimited_coverage: '1', event_limit: '', unlimited_events: '1' });
  });

  it('refuses metadata that starts like JSON but is not, and sends valid JSON or plain text', async () => {
    const { campaign, basic } = seed({ withCategories: false });
    const { user, dialog } = await open(campaign, { planId: basic.id });
    await user.type(within(dialog).getByRole('textbox', { name: 'Nombre' }), 'Grúa');
    await user.click(within(dialog).getByLabelText('Cobertura ilimitada'));
    await user.click(within(dialog).getByLabelText('Eventos ilimitados'));
    const meta = within(dialog).getByLabelText('Metadatos');
    await user.type(meta, '{{"tope": 2');
    await user.click(within(dialog).getByRole('button', { name: 'Crear Servicio' }));
    await waitFor(() => expect(meta).toHaveFocus());
    expect(meta).toHaveAccessibleDescription(expect.stringContaining(META_MESSAGES.invalidJson));
    expect(servicesDb.requests).toHaveLength(0);

    await user.type(meta, '}');
    await user.click(within(dialog).getByRole('button', { name: 'Crear Servicio' }));
    await waitFor(() => expect(servicesDb.requests).toHaveLength(1));
    expect(servicesDb.requests[0]?.fields.meta).toBe('{"tope": 2}');
  });

  it('puts the server’s field errors under their fields', async () => {
    const { campaign, basic } = seed({ withCategories: false });
    server.use(http.post(apiUrl('v1/plans/:id/services'), () => invalid({ apolo_code_ref: [SERVICE_MESSAGES.apoloTooLong] })));
    const { user, dialog } = await open(campaign, { planId: basic.id });
    await user.type(within(dialog).getByRole('textbox', { name: 'Nombre' }), 'Grúa');
    await user.click(within(dialog).getByLabelText('Cobertura ilimitada'));
    await user.click(within(dialog).getByLabelText('Eventos ilimitados'));
    await user.type(within(dialog).getByLabelText('Código Apolo'), 'APL-1');
    await user.click(within(dialog).getByRole('button', { name: 'Crear Servicio' }));

    const apolo = within(dialog).getByLabelText('Código Apolo');
    await waitFor(() => expect(apolo).toHaveFocus());
    expect(apolo).toHaveAccessibleDescription(SERVICE_MESSAGES.apoloTooLong);
  });
});

describe('ServiceFormModal: no lost work', () => {
  it('asks before closing with typed changes', async () => {
    const { campaign, basic } = seed();
    const { user, dialog } = await open(campaign, { planId: basic.id });
    await user.type(within(dialog).getByRole('textbox', { name: 'Nombre' }), 'Grúa');
    await user.keyboard('{Escape}');
    expect(await screen.findByText('Tienes cambios sin guardar. ¿Descartarlos?')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Seguir editando' }));
    expect(within(dialog).getByRole('textbox', { name: 'Nombre' })).toHaveValue('Grúa');
  });
});

describe('ServiceFormModal: editing', () => {
  it('shows the plan read-only and clears an existing Apolo code by sending it empty', async () => {
    const existing = buildService({
      name: 'Cerrajero',
      apolo_code_ref: 'APL-9',
      unlimited_coverage: false,
      coverage_amount: 80000,
      unlimited_events: false,
      event_limit: 2,
      event_period: 'YEARLY',
    });
    const { campaign, basic } = seed({ withCategories: false, services: [existing] });
    const service = { ...existing, plan_id: basic.id };
    campaign.plans![0]!.services = [service];
    const { user, dialog } = await open(campaign, { service, planId: null });

    const plan = within(dialog).getByRole('textbox', { name: 'Plan' });
    expect(plan).toHaveValue('Plan Básico');
    expect(plan).toHaveAttribute('readonly');
    expect(within(dialog).getByRole('textbox', { name: 'Límite de eventos' })).toHaveValue('2');
    await user.clear(within(dialog).getByLabelText('Código Apolo'));
    await user.click(within(dialog).getByRole('button', { name: 'Actualizar Servicio' }));

    await waitFor(() => expect(servicesDb.requests).toHaveLength(1));
    expect(servicesDb.requests[0]).toMatchObject({ method: 'update', id: service.id, fields: { _method: 'PUT', apolo_code_ref: '', coverage_amount: '80000', event_period: 'YEARLY' } });
  });
});
