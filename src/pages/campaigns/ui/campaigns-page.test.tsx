import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { campaignsDb } from '../../../../tests/msw/handlers/campaigns';
import { sponsorsDb } from '../../../../tests/msw/handlers/sponsors';
import { server } from '../../../../tests/msw/server';
import { chooseOption } from '../../../../tests/utils/choose-option';
import { currentLocation, renderRoute, startSession } from '../../../../tests/utils/render';

const recordListRequests = () => {
  const urls: URL[] = [];
  server.events.on('request:start', ({ request }) => {
    const url = new URL(request.url);
    if (request.method === 'GET' && url.pathname === '/api/v1/campaigns') urls.push(url);
  });
  return urls;
};

describe('campaigns page', () => {
  it('lists every campaign across sponsors, each card linking to its campaign page', async () => {
    const andes = sponsorsDb.add({ name: 'Andes' });
    const azteca = sponsorsDb.add({ name: 'Azteca', country_id: 4 });
    const hogar = campaignsDb.add({ sponsor_id: andes.id, name: 'Hogar Seguro', status: 'ACTIVE' });
    campaignsDb.add({ sponsor_id: azteca.id, name: 'Conductor Seguro', status: 'DRAFT', country_id: 4 });
    startSession();
    renderRoute('/campanas');
    expect(await screen.findByRole('heading', { level: 1, name: 'Campañas' })).toBeInTheDocument();
    const card = await screen.findByRole('article', { name: 'Hogar Seguro' });
    expect(within(card).getByText('Andes')).toBeInTheDocument();
    expect(within(card).getByText('Activa')).toBeInTheDocument();
    expect(within(card).getByRole('link', { name: 'Ver Detalles' })).toHaveAttribute('href', `/sponsor/${andes.id}/campaign/${hogar.id}`);
    expect(within(screen.getByRole('article', { name: 'Conductor Seguro' })).getByText('Borrador')).toBeInTheDocument();
  });

  it('reopens a filtered view from its link and asks the server for exactly that', async () => {
    const andes = sponsorsDb.add({ name: 'Andes' });
    campaignsDb.add({ sponsor_id: andes.id, name: 'Hogar Seguro', status: 'PAUSED', country_id: 3 });
    campaignsDb.add({ sponsor_id: andes.id, name: 'Hogar Activo', status: 'ACTIVE', country_id: 3 });
    const requests = recordListRequests();
    startSession();
    renderRoute(`/campanas?q=hogar&status=PAUSED&sponsor=${andes.id}&country=3`);
    expect(await screen.findByRole('article', { name: 'Hogar Seguro' })).toBeInTheDocument();
    expect(screen.queryByRole('article', { name: 'Hogar Activo' })).not.toBeInTheDocument();
    expect(Object.fromEntries(requests.at(-1)!.searchParams)).toMatchObject({
      'filter[q]': 'hogar',
      'filter[status]': 'PAUSED',
      'filter[sponsor_id]': String(andes.id),
      'filter[country_id]': '3',
      include: 'sponsor,country',
      limit: '12',
    });
    expect(screen.getByRole('combobox', { name: 'Filtrar por estado' })).toHaveValue('Pausada');
    await waitFor(() => expect(screen.getByRole('combobox', { name: 'Filtrar por sponsor' })).toHaveValue('Andes'));
  });

  it('puts the status, sponsor and search in the URL and says when nothing matches', async () => {
    const andes = sponsorsDb.add({ name: 'Andes' });
    campaignsDb.add({ sponsor_id: andes.id, name: 'Hogar Seguro', status: 'ACTIVE' });
    startSession();
    const { user } = renderRoute('/campanas');
    await screen.findByRole('article', { name: 'Hogar Seguro' });
    await chooseOption(user, 'Filtrar por estado', 'Inactiva');
    await waitFor(() => expect(currentLocation()).toBe('/campanas?status=INACTIVE'));
    expect(await screen.findByText('No se encontraron campañas con esos filtros.')).toBeInTheDocument();
    await chooseOption(user, 'Filtrar por estado', 'Todos los estados');
    await chooseOption(user, 'Filtrar por sponsor', 'Andes');
    await waitFor(() => expect(currentLocation()).toBe(`/campanas?sponsor=${andes.id}`));
    await user.type(screen.getByRole('searchbox', { name: 'Buscar campañas' }), 'hogar');
    await waitFor(() => expect(currentLocation()).toBe(`/campanas?sponsor=${andes.id}&q=hogar`));
    expect(await screen.findByRole('article', { name: 'Hogar Seguro' })).toBeInTheDocument();
  });
});
