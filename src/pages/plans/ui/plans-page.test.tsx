import { screen, waitFor, within } from '@testing-library/react';
import { http } from 'msw';
import { afterEach, describe, expect, it } from 'vitest';
import { apiUrl, fail } from '../../../../tests/msw/envelope';
import { buildPlan, buildService, campaignsDb } from '../../../../tests/msw/handlers/campaigns';
import { sponsorsDb } from '../../../../tests/msw/handlers/sponsors';
import { server } from '../../../../tests/msw/server';
import { chooseOption } from '../../../../tests/utils/choose-option';
import { currentLocation, renderRoute, startSession } from '../../../../tests/utils/render';

afterEach(() => {
  server.events.removeAllListeners();
});

/** Every plans-list request the page made, as URLs. */
const recordListRequests = (pathname = '/api/v1/plans') => {
  const urls: URL[] = [];
  server.events.on('request:start', ({ request }) => {
    const url = new URL(request.url);
    if (request.method === 'GET' && url.pathname === pathname) urls.push(url);
  });
  return urls;
};

const rowOf = (name: string) => screen.getByRole('row', { name: new RegExp(name) });

/** Two sponsors' campaigns with plans of every state. */
const seed = () => {
  const andes = sponsorsDb.add({ name: 'Andes' });
  const azteca = sponsorsDb.add({ name: 'Azteca' });
  const hogar = campaignsDb.add({
    sponsor_id: andes.id,
    name: 'Hogar Seguro',
    plans: [
      buildPlan({ name: 'Plan Oro', status: 'ACTIVE', price: 150000, commitment_months: 12, document_url: '/storage/plans/oro.pdf', services: [buildService(), buildService({ name: 'Cerrajero' })] }),
      buildPlan({ name: 'Plan Borrador', status: 'DRAFT', price: null, commitment_months: 1 }),
    ],
  });
  const autos = campaignsDb.add({ sponsor_id: azteca.id, name: 'Auto Tranquilo', plans: [buildPlan({ name: 'Plan Vial', status: 'INACTIVE', price: 30000, commitment_months: 6 })] });
  return { andes, azteca, hogar, autos };
};

const openPlans = async (path = '/planes-asistencia') => {
  startSession();
  const view = renderRoute(path);
  await screen.findByRole('heading', { level: 1, name: 'Planes de Asistencia' });
  return view;
};

describe('plans page', () => {
  it('lists every campaign’s plans with their campaign, sponsor, state, price, months, services and PDF, each linking to its campaign', async () => {
    const { andes, hogar } = seed();
    await openPlans();
    expect(await screen.findByText('3 planes')).toBeInTheDocument();
    const headers = within(screen.getByRole('table')).getAllByRole('columnheader').map((header) => header.textContent);
    expect(headers).toEqual(['Plan', 'Campaña', 'Estado', 'Precio', 'Permanencia', 'Servicios', 'PDF']);
    const oro = rowOf('Plan Oro');
    for (const text of ['Hogar Seguro', 'Activo', 'COP 150.000', '12 meses', '2', 'PDF Disponible']) expect(within(oro).getByText(text)).toBeInTheDocument();
    await waitFor(() => expect(within(rowOf('Plan Oro')).getByText('Andes')).toBeInTheDocument());
    expect(within(oro).getByRole('link', { name: 'Plan Oro' })).toHaveAttribute('href', `/sponsor/${andes.id}/campaign/${hogar.id}`);
    const draft = rowOf('Plan Borrador');
    for (const text of ['Borrador', '1 mes', '0']) expect(within(draft).getByText(text)).toBeInTheDocument();
    expect(within(draft).queryByText('PDF Disponible')).not.toBeInTheDocument();
    expect(within(rowOf('Plan Vial')).getByText('Inactivo')).toBeInTheDocument();
  });

  it('reopens a filtered view from its link and asks the server for exactly that', async () => {
    const { hogar } = seed();
    const requests = recordListRequests();
    const campaignRequests = recordListRequests('/api/v1/campaigns');
    await openPlans(`/planes-asistencia?q=oro&status=ACTIVE&campaign=${hogar.id}`);
    expect(await screen.findByRole('link', { name: 'Plan Oro' })).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Plan Vial' })).not.toBeInTheDocument();
    expect(Object.fromEntries(requests.at(-1)!.searchParams)).toMatchObject({
      'filter[q]': 'oro',
      'filter[status]': 'ACTIVE',
      'filter[campaign_id]': String(hogar.id),
      include: 'campaign,services',
      limit: '24',
      page: '1',
    });
    expect(screen.getByRole('searchbox', { name: 'Buscar planes' })).toHaveValue('oro');
    expect(screen.getByRole('combobox', { name: 'Filtrar por estado' })).toHaveValue('Activo');
    // Many sponsors sell a campaign of the same name: the filter says whose.
    await waitFor(() => expect(screen.getByRole('combobox', { name: 'Filtrar por campaña' })).toHaveValue('Hogar Seguro · Andes'));
    // The campaign filter's options: every campaign, by name, only what the select needs.
    expect(Object.fromEntries(campaignRequests[0]!.searchParams)).toEqual({ sort: 'name', fields: 'id,name,sponsor_id', include: 'sponsor', limit: '300' });
  });

  it('puts each filter in the URL, back at page 1, and says when nothing matches', async () => {
    const andes = sponsorsDb.add({ name: 'Andes' });
    const many = campaignsDb.add({ sponsor_id: andes.id, name: 'Muchos', plans: Array.from({ length: 30 }, (_, index) => buildPlan({ name: `Plan ${String(index).padStart(2, '0')}` })) });
    campaignsDb.add({ sponsor_id: andes.id, name: 'Otra', plans: [buildPlan({ name: 'Plan Solo', status: 'DRAFT' })] });
    const { user } = await openPlans('/planes-asistencia?page=2');
    expect(await screen.findByRole('link', { name: 'Plan 27' })).toBeInTheDocument();
    expect(screen.getByText('Página 2 de 2 • 31 planes en total')).toBeInTheDocument();

    await chooseOption(user, 'Filtrar por estado', 'Borrador');
    await waitFor(() => expect(currentLocation()).toBe('/planes-asistencia?status=DRAFT'));
    expect(await screen.findByRole('link', { name: 'Plan Solo' })).toBeInTheDocument();

    await chooseOption(user, 'Filtrar por campaña', 'Muchos · Andes');
    await waitFor(() => expect(currentLocation()).toBe(`/planes-asistencia?status=DRAFT&campaign=${many.id}`));
    expect(await screen.findByText('No se encontraron planes con los filtros aplicados')).toBeInTheDocument();

    await chooseOption(user, 'Filtrar por estado', 'Todos los estados');
    await user.type(screen.getByRole('searchbox', { name: 'Buscar planes' }), 'plan 07');
    await waitFor(() => expect(currentLocation()).toBe(`/planes-asistencia?campaign=${many.id}&q=plan+07`));
    // The unfiltered page held Plan 07 too: wait for the searched one, which replaces it in a deferred render.
    expect(await screen.findByText('1 plan')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Plan 07' })).toBeInTheDocument();
  });

  it('says there are no plans yet', async () => {
    await openPlans();
    expect(await screen.findByText('No hay planes')).toBeInTheDocument();
    expect(screen.getByText('Los planes se crean desde la página de cada campaña.')).toBeInTheDocument();
  });

  it('shows the server’s message when the list fails', async () => {
    server.use(http.get(apiUrl('v1/plans'), () => fail(500, 'La base de datos no responde')));
    await openPlans('/planes-asistencia?status=ACTIVE');
    expect(await screen.findByText('La base de datos no responde')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Reintentar' })).toBeInTheDocument();
  });
});
