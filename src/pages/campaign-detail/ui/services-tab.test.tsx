import { cannotDelete } from '@contract/messages';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { signedInUser } from '../../../../tests/msw/handlers/auth';
import { buildCampaignCategory } from '../../../../tests/msw/handlers/campaign-categories';
import { buildPlan, buildService, campaignsDb } from '../../../../tests/msw/handlers/campaigns';
import { servicesDb } from '../../../../tests/msw/handlers/services';
import { chooseOption } from '../../../../tests/utils/choose-option';
import { currentLocation, renderRoute, startSession } from '../../../../tests/utils/render';

const spaces = (text: string | null) => (text ?? '').replace(/\s/g, ' ');

const seed = () => {
  const plumbing = buildCampaignCategory({ name: 'Plomería' });
  const basic = buildPlan({
    name: 'Plan Básico',
    services: [
      buildService({
        name: 'Plomero a domicilio',
        unlimited_events: false,
        event_limit: 3,
        event_period: 'MONTHLY',
        unlimited_coverage: false,
        coverage_amount: 1500000,
        category_id: plumbing.id,
        apolo_code_ref: 'APL-77',
      }),
    ],
  });
  const premium = buildPlan({ name: 'Plan Premium', services: [buildService({ name: 'Grúa', is_active: false })] });
  const campaign = campaignsDb.add({ name: 'Hogar Seguro', plans: [basic, premium], categories: [plumbing] });
  return { campaign, basic, premium };
};

const panel = () => screen.getByRole('tabpanel');

describe('campaign detail: the Servicios tab', () => {
  it('without a plan shows every service with its facts and plan, and Nuevo Servicio says why it is off', async () => {
    const { campaign } = seed();
    startSession({ ...signedInUser, permissions: ['sponsors.manage'] });
    renderRoute(`/sponsor/1/campaign/${campaign.id}?tab=servicios`);

    const plumber = await screen.findByRole('article', { name: 'Plomero a domicilio' });
    expect(within(plumber).getByText('Activo')).toBeInTheDocument();
    expect(within(plumber).getByText('3 · Mensual')).toBeInTheDocument();
    expect(spaces(within(plumber).getByText(/1\.500\.000/).textContent)).toBe('COP 1.500.000');
    expect(within(plumber).getByText('Plomería')).toBeInTheDocument();
    expect(within(plumber).getByText('Plan Básico')).toBeInTheDocument();
    expect(within(plumber).getByText('APL-77')).toBeInTheDocument();
    expect(within(plumber).getByRole('button', { name: 'Editar Plomero a domicilio' })).toBeInTheDocument();
    expect(within(plumber).getByRole('button', { name: 'Eliminar Plomero a domicilio' })).toBeInTheDocument();
    expect(within(plumber).getByRole('button', { name: 'Historial de Plomero a domicilio' })).toBeInTheDocument();

    const tow = within(panel()).getByRole('article', { name: 'Grúa' });
    expect(within(tow).getByText('Inactivo')).toBeInTheDocument();
    expect(within(tow).getByText('Ilimitados')).toBeInTheDocument();
    expect(within(tow).getByText('Ilimitada')).toBeInTheDocument();
    expect(within(tow).getByText('Plan Premium')).toBeInTheDocument();

    const create = within(panel()).getByRole('button', { name: 'Nuevo Servicio' });
    expect(create).toBeDisabled();
    expect(create).toHaveAccessibleDescription('Elige un plan para crear un servicio');
  });

  it('keeps the chosen plan in the URL and shows only its services', async () => {
    const { campaign, premium } = seed();
    startSession();
    const { user } = renderRoute(`/sponsor/1/campaign/${campaign.id}?tab=servicios`);
    await screen.findByRole('article', { name: 'Grúa' });

    await chooseOption(user, 'Plan', 'Plan Premium');
    await waitFor(() => expect(currentLocation()).toBe(`/sponsor/1/campaign/${campaign.id}?tab=servicios&plan=${premium.id}`));
    expect(within(panel()).queryByRole('article', { name: 'Plomero a domicilio' })).not.toBeInTheDocument();
    expect(within(panel()).getByRole('article', { name: 'Grúa' })).toBeInTheDocument();
    expect(within(panel()).getByRole('button', { name: 'Nuevo Servicio' })).toBeEnabled();
  });

  it('creates a service for the plan in the URL and the tab’s count goes up', async () => {
    const { campaign, basic } = seed();
    startSession();
    const { user } = renderRoute(`/sponsor/1/campaign/${campaign.id}?tab=servicios&plan=${basic.id}`);
    expect(await screen.findByRole('tab', { name: /Servicios/ })).toHaveTextContent('Servicios2');
    expect(screen.queryByRole('article', { name: 'Grúa' })).not.toBeInTheDocument();

    await user.click(within(panel()).getByRole('button', { name: 'Nuevo Servicio' }));
    const dialog = await screen.findByRole('dialog', { name: 'Nuevo Servicio' });
    expect(within(dialog).getByRole('combobox', { name: 'Plan' })).toHaveValue('Plan Básico');
    await user.type(within(dialog).getByRole('textbox', { name: 'Nombre' }), 'Cerrajero');
    await user.click(within(dialog).getByLabelText('Cobertura ilimitada'));
    await user.click(within(dialog).getByLabelText('Eventos ilimitados'));
    await chooseOption(user, 'Categoría', 'Plomería');
    await user.click(within(dialog).getByRole('button', { name: 'Crear Servicio' }));

    expect(await within(panel()).findByRole('article', { name: 'Cerrajero' })).toBeInTheDocument();
    expect(screen.getByRole('tab', { name: /Servicios/ })).toHaveTextContent('Servicios3');
    expect(servicesDb.requests[0]?.id).toBe(basic.id);
  });

  it('shows the server’s reason when a service cannot be deleted', async () => {
    const { campaign } = seed();
    servicesDb.deletionRefusal = cannotDelete(2, 'agendamiento', 'agendamientos');
    startSession();
    const { user } = renderRoute(`/sponsor/1/campaign/${campaign.id}?tab=servicios`);
    await user.click(await screen.findByRole('button', { name: 'Eliminar Grúa' }));
    const dialog = await screen.findByRole('dialog', { name: 'Eliminar servicio' });
    expect(await within(dialog).findByText('No se puede eliminar: tiene 2 agendamientos')).toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: 'Eliminar' })).toBeDisabled();
  });

  it('deletes a service after typing confirmar, and the count goes down', async () => {
    const { campaign } = seed();
    startSession();
    const { user } = renderRoute(`/sponsor/1/campaign/${campaign.id}?tab=servicios`);
    await user.click(await screen.findByRole('button', { name: 'Eliminar Grúa' }));
    const dialog = await screen.findByRole('dialog', { name: 'Eliminar servicio' });
    await user.type(await within(dialog).findByRole('textbox', { name: /para confirmar/ }), 'confirmar');
    await user.click(within(dialog).getByRole('button', { name: 'Eliminar' }));
    await waitFor(() => expect(screen.queryByRole('article', { name: 'Grúa' })).not.toBeInTheDocument());
    expect(screen.getByRole('tab', { name: /Servicios/ })).toHaveTextContent('Servicios1');
  });
});
