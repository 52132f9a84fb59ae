import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { auditDb } from '../../../../tests/msw/handlers/audit';
import { signedInUser } from '../../../../tests/msw/handlers/auth';
import { buildPlan, buildService, campaignsDb } from '../../../../tests/msw/handlers/campaigns';
import { sponsorsDb } from '../../../../tests/msw/handlers/sponsors';
import { server } from '../../../../tests/msw/server';
import { currentLocation, renderRoute, startSession } from '../../../../tests/utils/render';

const normalise = (text: string | null) => (text ?? '').replace(/\s/g, ' ');

describe('campaign detail', () => {
  it('shows the header with image, name, description, dates in Spanish, budget, status and country', async () => {
    const sponsor = sponsorsDb.add({ name: 'Andes Protección' });
    const campaign = campaignsDb.add({
      sponsor_id: sponsor.id,
      name: 'Hogar Seguro',
      description: 'Plomería y cerrajería las 24 horas.',
      status: 'PAUSED',
      start_date: '2025-03-01',
      end_date: '2025-12-31',
      budget: 180000000,
      country_id: 3,
      image_url: '/storage/campaigns/h.png',
    });
    const requests: URL[] = [];
    server.events.on('request:start', ({ request }) => {
      const url = new URL(request.url);
      if (url.pathname === `/api/v1/campaigns/${campaign.id}`) requests.push(url);
    });
    startSession();
    renderRoute(`/sponsor/${sponsor.id}/campaign/${campaign.id}`);

    expect(await screen.findByRole('heading', { level: 1, name: 'Hogar Seguro' })).toBeInTheDocument();
    expect(requests[0]?.searchParams.get('include')).toBe('sponsor,country,categories,plans,plans.services,plans.parent');
    expect(screen.getByRole('img', { name: 'Imagen de Hogar Seguro' })).toHaveAttribute('src', '/storage/campaigns/h.png');
    expect(screen.getByText('Plomería y cerrajería las 24 horas.')).toBeInTheDocument();
    expect(screen.getByText('Pausada')).toBeInTheDocument();
    expect(screen.getByText('1 de marzo de 2025')).toBeInTheDocument();
    expect(screen.getByText('31 de diciembre de 2025')).toBeInTheDocument();
    expect(normalise(screen.getByText(/180/).textContent)).toBe('COP 180.000.000');
    expect(screen.getByText('Colombia')).toBeInTheDocument();
    const trail = screen.getByRole('navigation', { name: 'Ruta de navegación' });
    expect(within(trail).getByRole('link', { name: 'Andes Protección' })).toHaveAttribute('href', `/sponsor/${sponsor.id}`);
    expect(within(trail).getByText('Hogar Seguro')).toHaveAttribute('aria-current', 'page');
    // The header names the sponsor too.
    expect(screen.getAllByText('Andes Protección').filter((element) => !trail.contains(element))).toHaveLength(1);
    expect(screen.getByRole('link', { name: 'Volver al sponsor' })).toHaveAttribute('href', `/sponsor/${sponsor.id}`);
  });

  it('shows the three tabs with their counts, every plan’s services, and the tab in the URL', async () => {
    const sponsor = sponsorsDb.add({ name: 'Andes' });
    const campaign = campaignsDb.add({
      sponsor_id: sponsor.id,
      name: 'Con Planes',
      plans: [buildPlan({ name: 'Plan Básico', services: [buildService(), buildService()] }), buildPlan({ name: 'Plan Premium' })],
    });
    startSession();
    const { user } = renderRoute(`/sponsor/${sponsor.id}/campaign/${campaign.id}`);
    const plansTab = await screen.findByRole('tab', { name: /Planes de Asistencia/ });
    expect(plansTab).toHaveTextContent('Planes de Asistencia2');
    expect(plansTab).toHaveAttribute('aria-selected', 'true');
    expect(screen.getByRole('tab', { name: /Categorías/ })).toHaveTextContent('Categorías0');
    expect(screen.getByRole('tab', { name: /Servicios/ })).toHaveTextContent('Servicios2');
    expect(within(screen.getByRole('tabpanel')).getByText('Plan Básico')).toBeInTheDocument();

    await user.click(screen.getByRole('tab', { name: /Servicios/ }));
    await waitFor(() => expect(currentLocation()).toBe(`/sponsor/${sponsor.id}/campaign/${campaign.id}?tab=servicios`));
    expect(within(screen.getByRole('tabpanel')).getAllByRole('article', { name: 'Atención de emergencias' })).toHaveLength(2);
  });

  it('opens the tab named in the URL', async () => {
    const campaign = campaignsDb.add({ name: 'Sin Nada', plans: [] });
    startSession();
    renderRoute(`/sponsor/1/campaign/${campaign.id}?tab=categorias`);
    expect(await screen.findByRole('tab', { name: /Categorías/, selected: true })).toBeInTheDocument();
    expect(within(screen.getByRole('tabpanel')).getByRole('heading', { name: 'No hay categorías' })).toBeInTheDocument();
  });

  it('shows the load failure with a Volver button', async () => {
    startSession();
    renderRoute('/sponsor/4/campaign/999');
    expect(await screen.findByText('La campaña no existe.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Volver' })).toHaveAttribute('href', '/sponsor/4');
  });
});

describe('campaign detail: the Historial drawer', () => {
  it('shows the campaign’s status changes to who may edit it, and nothing to anyone else', async () => {
    const sponsor = sponsorsDb.add({ name: 'Andes' });
    const campaign = campaignsDb.add({ sponsor_id: sponsor.id, name: 'Hogar Seguro' });
    auditDb.add({ resource: 'campaign', resource_id: campaign.id, resource_label: 'Hogar Seguro', changes: [{ field: 'status', before: 'DRAFT', after: 'ACTIVE', secret: false }] });
    startSession({ ...signedInUser, permissions: ['sponsors.manage'] });
    const { user } = renderRoute(`/sponsor/${sponsor.id}/campaign/${campaign.id}`);
    await user.click(await screen.findByRole('button', { name: 'Historial' }));
    const drawer = await screen.findByRole('dialog', { name: 'Historial de Hogar Seguro' });
    expect(await within(drawer).findByText('Ana Admin cambió el estado de Borrador a Activa')).toBeInTheDocument();
  });

  it('is not offered without sponsors.manage', async () => {
    const sponsor = sponsorsDb.add({ name: 'Andes' });
    const campaign = campaignsDb.add({ sponsor_id: sponsor.id, name: 'Ajena' });
    startSession({ ...signedInUser, permissions: [] });
    renderRoute(`/sponsor/${sponsor.id}/campaign/${campaign.id}`);
    await screen.findByRole('heading', { level: 1, name: 'Ajena' });
    expect(screen.queryByRole('button', { name: 'Historial' })).not.toBeInTheDocument();
  });
});
