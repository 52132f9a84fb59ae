import { screen, waitFor, within } from '@testing-library/react';
import { http } from 'msw';
import { describe, expect, it } from 'vitest';
import { apiUrl, fail } from '../../../../tests/msw/envelope';
import { signedInUser } from '../../../../tests/msw/handlers/auth';
import { buildPlan, buildService, campaignsDb } from '../../../../tests/msw/handlers/campaigns';
import { sponsorsDb } from '../../../../tests/msw/handlers/sponsors';
import { server } from '../../../../tests/msw/server';
import { renderRoute, startSession } from '../../../../tests/utils/render';
import type { Plan } from '@/entities/plan';

const normalise = (text: string | null) => (text ?? '').replace(/\s/g, ' ');

const openCampaign = async (plans: Plan[], permissions: string[] = ['sponsors.manage']) => {
  const sponsor = sponsorsDb.add({ name: 'Andes' });
  const campaign = campaignsDb.add({ sponsor_id: sponsor.id, name: 'Hogar Seguro', plans });
  startSession({ ...signedInUser, permissions });
  const rendered = renderRoute(`/sponsor/${sponsor.id}/campaign/${campaign.id}`);
  await screen.findByRole('heading', { level: 1, name: 'Hogar Seguro' });
  return { ...rendered, campaign };
};

const services = (count: number) => Array.from({ length: count }, (_, index) => buildService({ name: `Servicio ${index + 1}` }));

describe('campaign detail: the plans tab', () => {
  it('shows each plan as a card with price, status, base plan, PDF and its first three services', async () => {
    const basic = buildPlan({ name: 'Plan Básico', price: 19900, status: 'ACTIVE', services: services(5), document_url: '/storage/plans/b.pdf', pdf_url: '/storage/plans/b.pdf' });
    const premium = buildPlan({ name: 'Plan Premium', price: null, status: 'DRAFT', plan_id: basic.id, parent: { id: basic.id, name: 'Plan Básico' } });
    await openCampaign([basic, premium]);

    const basicCard = screen.getByRole('article', { name: 'Plan Básico' });
    expect(normalise(within(basicCard).getByText(/19/).textContent)).toBe('COP 19.900');
    expect(within(basicCard).getByText('Activo')).toBeInTheDocument();
    expect(within(basicCard).getByText('PDF Disponible')).toBeInTheDocument();
    expect(within(basicCard).getByText('Servicio 3')).toBeInTheDocument();
    expect(within(basicCard).queryByText('Servicio 4')).not.toBeInTheDocument();
    expect(within(basicCard).getByText('+2 más')).toBeInTheDocument();
    expect(within(basicCard).getByRole('img', { name: 'Plan Básico sin imagen' })).toBeInTheDocument();

    const premiumCard = screen.getByRole('article', { name: 'Plan Premium' });
    expect(within(premiumCard).getByText('Sin precio')).toBeInTheDocument();
    expect(within(premiumCard).getByText('Borrador')).toBeInTheDocument();
    expect(within(premiumCard).getByText('Mejora de Plan Básico')).toBeInTheDocument();
    expect(within(premiumCard).queryByText('PDF Disponible')).not.toBeInTheDocument();
    for (const action of ['Ver', 'Editar', 'Eliminar']) {
      expect(within(premiumCard).getByRole('button', { name: `${action} Plan Premium` })).toBeInTheDocument();
    }
  });

  it('opens the plan’s detail with its terms, line lists, PDF, services and history', async () => {
    const plan = buildPlan({
      name: 'Plan Oro',
      commitment_months: 12,
      auto_renew: true,
      trial_days: 15,
      inclusions: 'Grúa\nCerrajería',
      exclusions: 'Daños previos',
      document_url: '/storage/plans/oro.pdf',
      pdf_url: '/storage/plans/oro.pdf',
      apolo_code_ref: 'AP-77',
      services: services(2),
    });
    const { user } = await openCampaign([plan]);
    await user.click(screen.getByRole('button', { name: 'Ver Plan Oro' }));

    const dialog = await screen.findByRole('dialog', { name: 'Plan Oro' });
    expect(within(dialog).getByText('12 meses')).toBeInTheDocument();
    expect(within(dialog).getByText('Sí')).toBeInTheDocument();
    expect(within(dialog).getByText('AP-77')).toBeInTheDocument();
    const inclusions = within(dialog).getByRole('heading', { name: 'Inclusiones' }).nextElementSibling as HTMLElement;
    expect(within(inclusions).getAllByRole('listitem').map((item) => item.textContent)).toEqual(['Grúa', 'Cerrajería']);
    expect(within(dialog).getByText('Daños previos')).toBeInTheDocument();
    const pdf = within(dialog).getByRole('link', { name: 'Ver PDF' });
    expect(pdf).toHaveAttribute('href', '/storage/plans/oro.pdf');
    expect(pdf).toHaveAttribute('target', '_blank');
    expect(within(dialog).getByText('Servicio 2')).toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: 'Historial' })).toBeInTheDocument();
  });

  it('hides the history from who may not edit plans', async () => {
    const { user } = await openCampaign([buildPlan({ name: 'Plan Oro' })], []);
    await user.click(screen.getByRole('button', { name: 'Ver Plan Oro' }));
    const dialog = await screen.findByRole('dialog', { name: 'Plan Oro' });
    expect(within(dialog).queryByRole('button', { name: 'Historial' })).not.toBeInTheDocument();
  });

  it('creates the first plan from the empty state, and the card and tab count follow', async () => {
    const { user } = await openCampaign([]);
    const tab = screen.getByRole('tab', { name: /Planes de Asistencia/ });
    expect(tab).toHaveTextContent('Planes de Asistencia0');
    const panel = screen.getByRole('tabpanel');
    expect(within(panel).getByRole('heading', { name: 'No hay planes de asistencia' })).toBeInTheDocument();

    await user.click(within(panel).getByRole('button', { name: 'Nuevo Plan' }));
    const dialog = await screen.findByRole('dialog', { name: 'Nuevo Plan' });
    await user.type(within(dialog).getByLabelText(/Nombre/), 'Plan Plata');
    await user.type(within(dialog).getByLabelText(/Descripción/), 'Lo esencial');
    await user.type(within(dialog).getByLabelText('Precio'), '45.000');
    await user.click(within(dialog).getByRole('button', { name: 'Siguiente' }));
    await user.click(await within(dialog).findByRole('button', { name: 'Siguiente' }));
    await user.click(await within(dialog).findByRole('button', { name: 'Crear Plan' }));

    expect(await screen.findByText('Plan creado.')).toBeInTheDocument();
    await waitFor(() => expect(screen.getByRole('tab', { name: /Planes de Asistencia/ })).toHaveTextContent('Planes de Asistencia1'));
    const card = await screen.findByRole('article', { name: 'Plan Plata' });
    expect(normalise(within(card).getByText(/45/).textContent)).toBe('COP 45.000');
    expect(within(card).getByText('Borrador')).toBeInTheDocument();
  });

  it('edits a plan from its detail, and its card and detail show the change', async () => {
    const { user } = await openCampaign([buildPlan({ name: 'Plan Oro', description: 'Completo', price: 50000 })]);
    await user.click(screen.getByRole('button', { name: 'Ver Plan Oro' }));
    await user.click(within(await screen.findByRole('dialog', { name: 'Plan Oro' })).getByRole('button', { name: 'Editar' }));
    const wizard = await screen.findByRole('dialog', { name: 'Editar Plan' });
    await user.clear(within(wizard).getByLabelText('Precio'));
    await user.type(within(wizard).getByLabelText('Precio'), '62.500');
    await user.click(within(wizard).getByRole('button', { name: 'Siguiente' }));
    await user.click(await within(wizard).findByRole('button', { name: 'Siguiente' }));
    await user.click(await within(wizard).findByRole('button', { name: 'Guardar cambios' }));

    expect(await screen.findByText('Plan actualizado.')).toBeInTheDocument();
    const card = screen.getByRole('article', { name: 'Plan Oro' });
    await waitFor(() => expect(normalise(within(card).getByText(/COP/).textContent)).toBe('COP 62.500'));
  });

  it('says why a plan with services cannot be deleted, and deletes one without', async () => {
    const { user } = await openCampaign([buildPlan({ name: 'Con Servicios', services: services(2) }), buildPlan({ name: 'Suelto' })]);
    await user.click(screen.getByRole('button', { name: 'Eliminar Con Servicios' }));
    let dialog = await screen.findByRole('dialog', { name: 'Eliminar plan' });
    expect(await within(dialog).findByText('No se puede eliminar: tiene 2 servicios')).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Cancelar' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Eliminar plan' })).not.toBeInTheDocument());

    await user.click(screen.getByRole('button', { name: 'Eliminar Suelto' }));
    dialog = await screen.findByRole('dialog', { name: 'Eliminar plan' });
    await user.type(await within(dialog).findByRole('textbox'), 'confirmar');
    await user.click(within(dialog).getByRole('button', { name: 'Eliminar' }));
    await waitFor(() => expect(screen.queryByRole('article', { name: 'Suelto' })).not.toBeInTheDocument());
    expect(screen.getByRole('tab', { name: /Planes de Asistencia/ })).toHaveTextContent('Planes de Asistencia1');
  });

  it('keeps the plans on screen with a warning when reloading them fails, and reloads on Reintentar', async () => {
    const { user, campaign } = await openCampaign([buildPlan({ name: 'Plan Oro' }), buildPlan({ name: 'Suelto' })]);
    // The campaign (with its plans) cannot be read again for now (a 4xx is not retried by itself).
    server.use(http.get(apiUrl(`v1/campaigns/${campaign.id}`), () => fail(429, 'Demasiadas solicitudes. Intenta de nuevo en un momento.')));
    await user.click(screen.getByRole('button', { name: 'Eliminar Suelto' }));
    const dialog = await screen.findByRole('dialog', { name: 'Eliminar plan' });
    await user.type(await within(dialog).findByRole('textbox'), 'confirmar');
    await user.click(within(dialog).getByRole('button', { name: 'Eliminar' }));

    expect(await screen.findByText('No se pudieron recargar los planes')).toBeInTheDocument();
    expect(screen.getByRole('article', { name: 'Plan Oro' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 1, name: 'Hogar Seguro' })).toBeInTheDocument();
    server.resetHandlers();
    await user.click(screen.getByRole('button', { name: 'Reintentar' }));
    await waitFor(() => expect(screen.queryByText('No se pudieron recargar los planes')).not.toBeInTheDocument());
    expect(screen.queryByRole('article', { name: 'Suelto' })).not.toBeInTheDocument();
  });
});
