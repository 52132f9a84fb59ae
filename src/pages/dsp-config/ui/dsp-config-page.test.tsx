import { PERMISSION_NAMES } from '@contract/permissions';
import { act, screen, waitFor, within } from '@testing-library/react';
import { http } from 'msw';
import { describe, expect, it } from 'vitest';
import type { SessionUser } from '@/shared/auth';
import { apiUrl } from '../../../../tests/msw/envelope';
import { signedInUser } from '../../../../tests/msw/handlers/auth';
import { buildPlan, campaignsDb } from '../../../../tests/msw/handlers/campaigns';
import { dspsDb } from '../../../../tests/msw/handlers/dsps';
import { sponsorsDb } from '../../../../tests/msw/handlers/sponsors';
import { server } from '../../../../tests/msw/server';
import { chooseOption } from '../../../../tests/utils/choose-option';
import { currentLocation, renderRoute, startSession } from '../../../../tests/utils/render';

const superAdmin: SessionUser = { ...signedInUser, permissions: [...PERMISSION_NAMES] };

const openDsps = async (path = '/dsp-config', person: SessionUser = superAdmin) => {
  startSession(person);
  const view = renderRoute(path);
  await screen.findByRole('heading', { level: 1, name: 'DSP' });
  return view;
};

/** Every DSP list request of the grid. */
const recordListRequests = () => {
  const urls: URL[] = [];
  server.events.on('request:start', ({ request }) => {
    const url = new URL(request.url);
    if (request.method === 'GET' && url.pathname === '/api/v1/dsps') urls.push(url);
  });
  return urls;
};

const card = (name: string) => screen.getByRole('article', { name });

/** A sponsor with one campaign and its plans, what a DSP sells. */
const seedOffer = () => {
  const sponsor = sponsorsDb.add({ name: 'Andes Protección' });
  const campaign = campaignsDb.add({ name: 'Hogar Seguro', sponsor_id: sponsor.id });
  campaign.plans = [buildPlan({ campaign_id: campaign.id, name: 'Plan Oro' }), buildPlan({ campaign_id: campaign.id, name: 'Plan Plata' })];
  return { sponsor, campaign, plans: campaign.plans };
};

describe('DSP page: the grid', () => {
  it('shows skeletons, then each DSP with every field, its badges and its actions', async () => {
    const { sponsor, plans } = seedOffer();
    const dsp = dspsDb.add({
      name: 'Tienda Andes',
      type: 'MIXED',
      sponsor_id: sponsor.id,
      sponsor: { id: sponsor.id, name: sponsor.name },
      country_id: 3,
      country: { id: 3, name: 'Colombia' },
      website_url: 'https://tienda.example.com',
      address: 'Calle 10 # 5-20, Bogotá',
      phone_primary: '+57 300 111 2233',
      phone_secondary: '+57 1 555 0000',
      email_primary: 'hola@tienda.example.com',
      image_url: '/storage/dsps/tienda.png',
      plans: [{ id: plans[0]!.id, name: 'Plan Oro', campaign_id: plans[0]!.campaign_id }],
    });
    dspsDb.add({ name: 'Reservas Sur', type: 'BOOKING', enabled: false });
    let release: () => void = () => {};
    const released = new Promise<void>((resolve) => (release = resolve));
    server.use(
      http.get(apiUrl('v1/dsps'), async () => {
        await released;
        return undefined;
      }),
    );
    await openDsps();
    expect(await screen.findAllByTestId('dsp-card-skeleton')).toHaveLength(6);
    release();

    const shop = await screen.findByRole('article', { name: 'Tienda Andes' });
    expect(screen.queryAllByTestId('dsp-card-skeleton')).toHaveLength(0);
    expect(screen.getByText('2 DSP')).toBeInTheDocument();
    expect(within(shop).getByRole('img', { name: 'Imagen de Tienda Andes' })).toHaveAttribute('src', '/storage/dsps/tienda.png');
    expect(within(shop).getByText('Activo')).toBeInTheDocument();
    expect(within(shop).getByText('Mixto')).toBeInTheDocument();
    expect(within(shop).getByText(`ID: ${dsp.id}`)).toBeInTheDocument();
    expect(within(shop).getByRole('link', { name: 'https://tienda.example.com' })).toHaveAttribute('href', 'https://tienda.example.com');
    expect(within(shop).getByText('Calle 10 # 5-20, Bogotá')).toBeInTheDocument();
    expect(within(shop).getByText('+57 300 111 2233 · +57 1 555 0000')).toBeInTheDocument();
    expect(within(shop).getByText('hola@tienda.example.com')).toBeInTheDocument();
    expect(within(shop).getByText('Colombia')).toBeInTheDocument();
    expect(within(shop).getByText('Andes Protección')).toBeInTheDocument();
    expect(within(shop).getByRole('link', { name: 'Clientes' })).toHaveAttribute('href', `/customers/${dsp.id}`);
    for (const action of ['Configuración', 'Editar', 'Eliminar', 'Historial de Tienda Andes']) {
      expect(within(shop).getByRole('button', { name: action })).toBeInTheDocument();
    }

    const south = card('Reservas Sur');
    expect(within(south).getByText('Inactivo')).toBeInTheDocument();
    expect(within(south).getByText('Reserva')).toBeInTheDocument();
    expect(within(south).getByRole('img', { name: 'Reservas Sur sin imagen' })).toBeInTheDocument();
    // Missing contact details read as a dash, not as empty labels.
    expect(within(south).getAllByText('—').length).toBeGreaterThanOrEqual(4);
    // Sorted by name.
    expect(screen.getAllByRole('article').map((element) => element.getAttribute('aria-label'))).toEqual(['Reservas Sur', 'Tienda Andes']);
  });

  it('invites to create the first DSP, and says when a search matched nothing', async () => {
    const { user, unmount } = await openDsps();
    expect(await screen.findByRole('heading', { name: 'No hay DSP' })).toBeInTheDocument();
    expect(screen.getByText('Comienza creando la primera DSP.')).toBeInTheDocument();
    await user.click(screen.getAllByRole('button', { name: 'Nueva DSP' })[1]!);
    expect(await screen.findByRole('dialog', { name: 'Nueva DSP' })).toBeInTheDocument();
    unmount();

    dspsDb.add({ name: 'Tienda Andes' });
    await openDsps('/dsp-config?q=zzz');
    expect(await screen.findByText('No se encontraron DSP con ese nombre.')).toBeInTheDocument();
    expect(screen.getByRole('searchbox', { name: 'Buscar DSP' })).toHaveValue('zzz');
  });

  it('shows why the list could not be loaded, with a retry that loads it', async () => {
    dspsDb.add({ name: 'Tienda Andes' });
    let failing = true;
    server.use(http.get(apiUrl('v1/dsps'), () => (failing ? new Response('boom', { status: 500 }) : undefined)));
    const { user } = await openDsps();
    expect(await screen.findByText('No se pudieron cargar las DSP.')).toBeInTheDocument();
    failing = false;
    await user.click(screen.getByRole('button', { name: 'Reintentar' }));
    expect(await screen.findByRole('article', { name: 'Tienda Andes' })).toBeInTheDocument();
  });

  it('sends whoever cannot configure DSPs home', async () => {
    await act(async () => {
      startSession({ ...signedInUser, roles: ['ADMIN'], permissions: ['sponsors.manage'] });
      renderRoute('/dsp-config');
    });
    await waitFor(() => expect(currentLocation()).toBe('/'));
  });
});

describe('DSP page: search and page live in the URL', () => {
  it('reopens the same view from a deep link, asking q, 12 a page by name with every include', async () => {
    for (let index = 0; index < 15; index++) dspsDb.add({ name: `Tienda ${String(index).padStart(2, '0')}` });
    const requests = recordListRequests();
    await openDsps('/dsp-config?q=tienda&page=2');
    expect(await screen.findByText('Página 2 de 2 • 15 en total')).toBeInTheDocument();
    expect(Object.fromEntries(requests.at(-1)!.searchParams)).toEqual({
      q: 'tienda',
      sort: 'name',
      include: 'sponsor,country,plans,users',
      limit: '12',
      page: '2',
    });
    expect(screen.getByRole('searchbox', { name: 'Buscar DSP' })).toHaveValue('tienda');
    expect(screen.getAllByRole('article')).toHaveLength(3);
  });

  it('puts the page and the debounced search in the address', async () => {
    for (let index = 0; index < 14; index++) dspsDb.add({ name: `Tienda ${index}` });
    const { user } = await openDsps();
    await screen.findByText('Página 1 de 2 • 14 en total');
    await user.click(screen.getByRole('button', { name: 'Siguiente' }));
    await waitFor(() => expect(currentLocation()).toBe('/dsp-config?page=2'));
    await user.type(screen.getByRole('searchbox', { name: 'Buscar DSP' }), 'tienda 1');
    // A new search starts again from the first page.
    await waitFor(() => expect(currentLocation()).toBe('/dsp-config?q=tienda+1'));
    await waitFor(() => expect(screen.getAllByRole('article')).toHaveLength(5));
  });
});

describe('DSP page: deleting', () => {
  it('says why a DSP with customers cannot go, and deletes another once its name is typed', async () => {
    const used = dspsDb.add({ name: 'Tienda Andes' });
    dspsDb.customers[used.id] = 3;
    dspsDb.add({ name: 'Reservas Sur' });
    const { user } = await openDsps();

    await user.click(within(await screen.findByRole('article', { name: 'Tienda Andes' })).getByRole('button', { name: 'Eliminar' }));
    let dialog = await screen.findByRole('dialog', { name: 'Eliminar DSP' });
    expect(await within(dialog).findByText('No se puede eliminar: tiene 3 clientes')).toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: 'Eliminar' })).toBeDisabled();
    await user.click(within(dialog).getByRole('button', { name: 'Cancelar' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());

    await user.click(within(card('Reservas Sur')).getByRole('button', { name: 'Eliminar' }));
    dialog = await screen.findByRole('dialog', { name: 'Eliminar DSP' });
    const keyword = await within(dialog).findByLabelText(/Escribe/);
    await user.type(keyword, 'confirmar');
    expect(within(dialog).getByRole('button', { name: 'Eliminar' })).toBeDisabled();
    await user.clear(keyword);
    await user.type(keyword, 'Reservas Sur');
    await user.click(within(dialog).getByRole('button', { name: 'Eliminar' }));
    await waitFor(() => expect(screen.queryByRole('article', { name: 'Reservas Sur' })).not.toBeInTheDocument());
    expect(dspsDb.dsps.map((dsp) => dsp.name)).toEqual(['Tienda Andes']);
  });

  it('steps back a page after deleting the last DSP of a page', async () => {
    for (let index = 0; index < 13; index++) dspsDb.add({ name: `Tienda ${String(index).padStart(2, '0')}` });
    const { user } = await openDsps('/dsp-config?page=2');
    await user.click(within(await screen.findByRole('article', { name: 'Tienda 12' })).getByRole('button', { name: 'Eliminar' }));
    const dialog = await screen.findByRole('dialog', { name: 'Eliminar DSP' });
    await user.type(await within(dialog).findByLabelText(/Escribe/), 'Tienda 12');
    await user.click(within(dialog).getByRole('button', { name: 'Eliminar' }));
    await waitFor(() => expect(currentLocation()).toBe('/dsp-config'));
    expect(await screen.findByRole('article', { name: 'Tienda 00' })).toBeInTheDocument();
  });
});

describe('DSP page: the configuration modal', () => {
  it('opens on Conectores with the DSP in the address; the tab follows the address and Back closes it', async () => {
    const dsp = dspsDb.add({ name: 'Tienda Andes' });
    const { user } = await openDsps();
    await user.click(within(await screen.findByRole('article', { name: 'Tienda Andes' })).getByRole('button', { name: 'Configuración' }));
    const modal = await screen.findByRole('dialog', { name: 'Configuración de Tienda Andes' });
    await waitFor(() => expect(currentLocation()).toBe(`/dsp-config?config=${dsp.id}`));
    expect(await within(modal).findByRole('tab', { name: 'Conectores', selected: true })).toBeInTheDocument();
    expect(within(modal).getAllByRole('tab').map((tab) => tab.textContent)).toEqual(['Conectores', 'Clientes Api', 'Usuarios', 'Mapa de planes']);

    await user.click(within(modal).getByRole('tab', { name: 'Usuarios' }));
    await waitFor(() => expect(currentLocation()).toBe(`/dsp-config?config=${dsp.id}&tab=usuarios`));
    expect(within(modal).getByRole('tab', { name: 'Usuarios', selected: true })).toBeInTheDocument();

    act(() => window.history.back());
    await waitFor(() => expect(screen.queryByRole('dialog', { name: /Configuración/ })).not.toBeInTheDocument());
    expect(currentLocation()).toBe('/dsp-config');
  });

  it('reopens from a deep link on its tab, and closing takes the DSP out of the address', async () => {
    const dsp = dspsDb.add({ name: 'Tienda Andes' });
    const { user } = await openDsps(`/dsp-config?config=${dsp.id}&tab=mapa`);
    const modal = await screen.findByRole('dialog', { name: 'Configuración de Tienda Andes' });
    expect(await within(modal).findByRole('tab', { name: 'Mapa de planes', selected: true })).toBeInTheDocument();
    await user.click(within(modal).getByRole('button', { name: 'Cerrar' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(currentLocation()).toBe('/dsp-config');
  });

  it('says when the DSP no longer exists, and offers a retry when it failed to load', async () => {
    const { unmount } = await openDsps('/dsp-config?config=999');
    const modal = await screen.findByRole('dialog', { name: 'Configuración de la DSP' });
    expect(await within(modal).findByText('La DSP no existe.')).toBeInTheDocument();
    expect(within(modal).queryByRole('button', { name: 'Reintentar' })).not.toBeInTheDocument();
    unmount();

    const dsp = dspsDb.add({ name: 'Tienda Andes' });
    let failing = true;
    server.use(http.get(apiUrl('v1/dsps/:id'), () => (failing ? new Response('boom', { status: 500 }) : undefined)));
    const { user } = await openDsps(`/dsp-config?config=${dsp.id}`);
    const retry = await screen.findByRole('button', { name: 'Reintentar' });
    expect(screen.getByText('No se pudieron cargar las DSP.')).toBeInTheDocument();
    failing = false;
    await user.click(retry);
    expect(await screen.findByRole('tab', { name: 'Conectores', selected: true })).toBeInTheDocument();
  });
});

describe('DSP page: after creating a DSP', () => {
  const createOne = async (user: Awaited<ReturnType<typeof openDsps>>['user']) => {
    await user.click(screen.getAllByRole('button', { name: 'Nueva DSP' })[0]!);
    const dialog = await screen.findByRole('dialog', { name: 'Nueva DSP' });
    await user.type(within(dialog).getByLabelText(/Nombre/), 'Tienda Andes');
    await chooseOption(user, /País/, 'Colombia');
    await chooseOption(user, /Sponsor/, 'Andes Protección');
    await waitFor(() => expect(within(dialog).getByRole('combobox', { name: /Campaña/ })).toBeEnabled());
    await chooseOption(user, /Campaña/, 'Hogar Seguro');
    await waitFor(() => expect(within(dialog).getByRole('combobox', { name: /Planes/ })).toBeEnabled());
    await chooseOption(user, /Planes/, 'Plan Oro');
    await user.click(within(dialog).getByRole('button', { name: 'Usar plantilla' }));
    await user.click(within(dialog).getByRole('button', { name: 'Guardar' }));
    return screen.findByRole('dialog', { name: 'DSP creada' });
  };

  it("asks whether to configure it now: 'Sí, configurar' opens its configuration on Conectores", async () => {
    seedOffer();
    const { user } = await openDsps();
    await screen.findByRole('heading', { name: 'No hay DSP' });
    const question = await createOne(user);
    expect(within(question).getByText('DSP creada correctamente, ¿Deseas proceder a la configuración ahora?')).toBeInTheDocument();
    await user.click(within(question).getByRole('button', { name: 'Sí, configurar' }));
    const modal = await screen.findByRole('dialog', { name: 'Configuración de Tienda Andes' });
    expect(await within(modal).findByRole('tab', { name: 'Conectores', selected: true })).toBeInTheDocument();
    expect(currentLocation()).toBe(`/dsp-config?config=${dspsDb.dsps[0]!.id}`);
    expect(await screen.findByRole('article', { name: 'Tienda Andes' })).toBeInTheDocument();
  });

  it("'Más tarde' leaves the new DSP in the grid, configuration closed", async () => {
    seedOffer();
    const { user } = await openDsps();
    await screen.findByRole('heading', { name: 'No hay DSP' });
    const question = await createOne(user);
    await user.click(within(question).getByRole('button', { name: 'Más tarde' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(await screen.findByRole('article', { name: 'Tienda Andes' })).toBeInTheDocument();
    expect(currentLocation()).toBe('/dsp-config');
    await waitFor(() => expect(screen.getByRole('heading', { level: 1, name: 'DSP' })).toHaveFocus());
  });
});
