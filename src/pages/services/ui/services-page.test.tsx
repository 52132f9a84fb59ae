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

/** Every services-list request the page made, as URLs. */
const recordListRequests = () => {
  const urls: URL[] = [];
  server.events.on('request:start', ({ request }) => {
    const url = new URL(request.url);
    if (request.method === 'GET' && url.pathname === '/api/v1/services') urls.push(url);
  });
  return urls;
};

const rowOf = (name: string) => screen.getByRole('row', { name: new RegExp(name) });

const seed = () => {
  const andes = sponsorsDb.add({ name: 'Andes' });
  const basic = buildPlan({
    name: 'Plan Básico',
    services: [
      buildService({ name: 'Plomero', category: { id: 77, name: 'Emergencias' }, category_id: 77 }),
      buildService({ name: 'Cerrajero', unlimited_events: false, event_limit: 3, event_period: 'YEARLY', unlimited_coverage: false, coverage_amount: 150000, is_active: false }),
    ],
  });
  const hogar = campaignsDb.add({ sponsor_id: andes.id, name: 'Hogar Seguro', plans: [basic] });
  const vial = buildPlan({ name: 'Plan Vial', services: [buildService({ name: 'Grúa' })] });
  const autos = campaignsDb.add({ sponsor_id: andes.id, name: 'Auto Tranquilo', plans: [vial] });
  return { andes, hogar, autos, basic, vial };
};

const openServices = async (path = '/servicios') => {
  startSession();
  const view = renderRoute(path);
  await screen.findByRole('heading', { level: 1, name: 'Servicios' });
  return view;
};

describe('services page', () => {
  it('lists every campaign’s services with plan, campaign, category, events, coverage and state, each linking to its plan’s services', async () => {
    const { andes, hogar, basic } = seed();
    await openServices();
    expect(await screen.findByText('3 servicios')).toBeInTheDocument();
    const headers = within(screen.getByRole('table')).getAllByRole('columnheader').map((header) => header.textContent);
    expect(headers).toEqual(['Servicio', 'Plan', 'Campaña', 'Categoría', 'Eventos', 'Cobertura', 'Estado']);
    const plumber = rowOf('Plomero');
    for (const text of ['Plan Básico', 'Hogar Seguro', 'Emergencias', 'Ilimitados', 'Ilimitada', 'Activo']) expect(within(plumber).getByText(text)).toBeInTheDocument();
    expect(within(plumber).getByRole('link', { name: 'Plomero' })).toHaveAttribute(
      'href',
      `/sponsor/${andes.id}/campaign/${hogar.id}?tab=servicios&plan=${basic.id}`,
    );
    const locksmith = rowOf('Cerrajero');
    for (const text of ['3 · Anual', 'COP 150.000', 'Inactivo', '—']) expect(within(locksmith).getByText(text)).toBeInTheDocument();
  });

  it('reopens a filtered view from its link and asks the server for exactly that', async () => {
    const { hogar } = seed();
    const requests = recordListRequests();
    await openServices(`/servicios?q=plo&status=activo&campaign=${hogar.id}`);
    expect(await screen.findByRole('link', { name: 'Plomero' })).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Grúa' })).not.toBeInTheDocument();
    expect(Object.fromEntries(requests.at(-1)!.searchParams)).toMatchObject({
      'filter[q]': 'plo',
      'filter[is_active]': '1',
      'filter[campaign_id]': String(hogar.id),
      include: 'plan,campaign,category',
      limit: '24',
      page: '1',
    });
    expect(screen.getByRole('searchbox', { name: 'Buscar servicios' })).toHaveValue('plo');
    expect(screen.getByRole('combobox', { name: 'Filtrar por estado' })).toHaveValue('Activo');
    await waitFor(() => expect(screen.getByRole('combobox', { name: 'Filtrar por campaña' })).toHaveValue('Hogar Seguro · Andes'));
  });

  it('sends Inactivo as is_active=0, puts each filter in the URL back at page 1, and says when nothing matches', async () => {
    const { autos } = seed();
    const requests = recordListRequests();
    const { user } = await openServices('/servicios?page=3');
    // Page 3 of one page steps back to the last page there is.
    await waitFor(() => expect(currentLocation()).toBe('/servicios'));
    expect(await screen.findByRole('link', { name: 'Grúa' })).toBeInTheDocument();

    await chooseOption(user, 'Filtrar por estado', 'Inactivo');
    await waitFor(() => expect(currentLocation()).toBe('/servicios?status=inactivo'));
    // The filtered page replaces the unfiltered one (which held both) in a deferred render.
    await waitFor(() => expect(screen.queryByRole('link', { name: 'Grúa' })).not.toBeInTheDocument());
    expect(screen.getByRole('link', { name: 'Cerrajero' })).toBeInTheDocument();
    expect(requests.at(-1)!.searchParams.get('filter[is_active]')).toBe('0');

    await chooseOption(user, 'Filtrar por campaña', 'Auto Tranquilo · Andes');
    await waitFor(() => expect(currentLocation()).toBe(`/servicios?status=inactivo&campaign=${autos.id}`));
    expect(await screen.findByText('No se encontraron servicios con los filtros aplicados')).toBeInTheDocument();

    await chooseOption(user, 'Filtrar por estado', 'Todos los estados');
    await user.type(screen.getByRole('searchbox', { name: 'Buscar servicios' }), 'grua');
    await waitFor(() => expect(currentLocation()).toBe(`/servicios?campaign=${autos.id}&q=grua`));
    expect(requests.at(-1)!.searchParams.has('filter[is_active]')).toBe(false);
  });

  it('says there are no services yet', async () => {
    await openServices();
    expect(await screen.findByText('No hay servicios')).toBeInTheDocument();
  });

  it('shows the server’s message when the list fails', async () => {
    server.use(http.get(apiUrl('v1/services'), () => fail(500, 'La base de datos no responde')));
    await openServices();
    expect(await screen.findByText('La base de datos no responde')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Reintentar' })).toBeInTheDocument();
  });
});
