import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { apiUrl, fail, ok } from '../../../../tests/msw/envelope';
import { campaignsDb } from '../../../../tests/msw/handlers/campaigns';
import { sponsorsDb } from '../../../../tests/msw/handlers/sponsors';
import { server } from '../../../../tests/msw/server';
import { chooseOption } from '../../../../tests/utils/choose-option';
import { fillIn } from '../../../../tests/utils/fill-in';
import { currentLocation, renderRoute, startSession } from '../../../../tests/utils/render';
import { STALE_DELETE_MESSAGE } from '@/features/delete-with-confirmation';

const openSponsors = async (path = '/sponsors') => {
  startSession();
  const view = renderRoute(path);
  await screen.findByRole('heading', { level: 1, name: 'Sponsors' });
  return view;
};

/** Every sponsors-list request the page made. */
const recordListRequests = () => {
  const urls: URL[] = [];
  server.events.on('request:start', ({ request }) => {
    const url = new URL(request.url);
    if (request.method === 'GET' && url.pathname === '/api/v1/sponsors') urls.push(url);
  });
  return urls;
};

const card = (name: string) => screen.getByRole('article', { name });
const choose = chooseOption;
const png = () => new File([new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])], 'logo.png', { type: 'image/png' });

describe('sponsors page: the grid', () => {
  it('shows 6 skeleton cards while loading, then each sponsor’s card', async () => {
    sponsorsDb.add({ name: 'Andes Protección', country_id: 3, website_url: 'https://andes.com.co', logo_url: '/storage/sponsors/a.png' });
    sponsorsDb.add({ name: 'Sin País', country_id: 99, website_url: null });
    let answer: () => void = () => {};
    const answered = new Promise<void>((resolve) => (answer = resolve));
    server.use(
      http.get(apiUrl('v1/sponsors'), async () => {
        await answered;
        return undefined;
      }),
    );
    await openSponsors('/');
    expect(screen.getByText('Gestiona los sponsors del sistema')).toBeInTheDocument();
    expect(await screen.findAllByTestId('sponsor-card-skeleton')).toHaveLength(6);
    answer();

    const andes = await screen.findByRole('article', { name: 'Andes Protección' });
    expect(screen.queryAllByTestId('sponsor-card-skeleton')).toHaveLength(0);
    expect(within(andes).getByRole('img', { name: 'Logo de Andes Protección' })).toHaveAttribute('src', '/storage/sponsors/a.png');
    expect(within(andes).getByText('Colombia')).toBeInTheDocument();
    expect(within(andes).getByRole('link', { name: 'https://andes.com.co' })).toHaveAttribute('target', '_blank');
    expect(within(andes).getByText('ID: 1')).toBeInTheDocument();
    // The total shows even when every sponsor fits on one page (and the pager is hidden).
    expect(screen.getByText(/^\d+ sponsors$/)).toBeInTheDocument();
    expect(within(andes).getByRole('link', { name: 'Ver Detalles' })).toHaveAttribute('href', '/sponsor/1');
    expect(within(andes).getByRole('button', { name: 'Editar' })).toBeInTheDocument();
    expect(within(andes).getByRole('button', { name: 'Eliminar' })).toBeInTheDocument();

    // No logo, no country, no website: a placeholder and dashes.
    const bare = card('Sin País');
    expect(within(bare).getByRole('img', { name: 'Sin País sin logo' })).toBeInTheDocument();
    expect(within(bare).getAllByText('—')).toHaveLength(2);
  });

  it('invites to create the first sponsor when there are none', async () => {
    const { user } = await openSponsors();
    expect(await screen.findByRole('heading', { name: 'No hay sponsors' })).toBeInTheDocument();
    expect(screen.getByText('Comienza creando tu primer sponsor.')).toBeInTheDocument();
    await user.click(screen.getAllByRole('button', { name: 'Nuevo Sponsor' })[1]!);
    expect(await screen.findByRole('dialog', { name: 'Nuevo Sponsor' })).toBeInTheDocument();
  });

  it('says nothing matched a search', async () => {
    sponsorsDb.add({ name: 'Andes' });
    await openSponsors('/sponsors?q=zzz');
    expect(await screen.findByText('No se encontraron sponsors con ese criterio de búsqueda.')).toBeInTheDocument();
    expect(screen.getByRole('searchbox', { name: 'Buscar sponsors' })).toHaveValue('zzz');
  });

  it('shows why the list could not be loaded', async () => {
    // A 4xx is not retried; a body without the envelope leaves the spec's fallback.
    server.use(http.get(apiUrl('v1/sponsors'), () => new Response('boom', { status: 400 })));
    await openSponsors();
    expect(await screen.findByText('No se pudieron cargar los sponsors')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Reintentar' })).toBeInTheDocument();
  });

  it('shows the id the server logged a failure under, for staff to quote to support', async () => {
    server.use(http.get(apiUrl('v1/sponsors'), () => HttpResponse.json({ status: 'error', message: 'Permiso denegado.', request_id: 'soporte-7731' }, { status: 403 })));
    await openSponsors();
    const alert = (await screen.findByText('Permiso denegado.')).closest<HTMLElement>('[role="alert"]')!;
    expect(alert).toHaveTextContent('Referencia para soporte: soporte-7731');
  });
});

describe('sponsors page: search, country, sort and page live in the URL', () => {
  it('reopens the same view from a deep link', async () => {
    for (let index = 0; index < 30; index++) sponsorsDb.add({ name: `Marca ${String(index).padStart(2, '0')}`, country_id: 4 });
    const requests = recordListRequests();
    await openSponsors('/sponsors?q=marca&country=4&sort=-name&page=2');
    expect(await screen.findByText('Página 2 de 2 • 30 en total')).toBeInTheDocument();
    const last = requests.at(-1)!;
    expect(Object.fromEntries(last.searchParams)).toMatchObject({
      'filter[q]': 'marca',
      'filter[country_id]': '4',
      sort: '-name',
      include: 'country',
      limit: '24',
      page: '2',
    });
    expect(screen.getByRole('searchbox', { name: 'Buscar sponsors' })).toHaveValue('marca');
    expect(screen.getByRole('combobox', { name: 'Filtrar por país' })).toHaveValue('México');
    expect(screen.getByRole('combobox', { name: 'Ordenar por nombre' })).toHaveValue('Nombre (Z→A)');
    // Z→A: the second page holds the first names.
    expect(screen.getByRole('article', { name: 'Marca 00' })).toBeInTheDocument();
  });

  it('puts the debounced search, the country, the sort and the page in the address', async () => {
    for (let index = 0; index < 26; index++) sponsorsDb.add({ name: `Acme ${index}`, country_id: index % 2 ? 3 : 5 });
    const { user } = await openSponsors();
    await screen.findByText('Página 1 de 2 • 26 en total');

    await user.click(screen.getByRole('button', { name: 'Siguiente' }));
    await waitFor(() => expect(currentLocation()).toBe('/sponsors?page=2'));
    expect(await screen.findByText('Página 2 de 2 • 26 en total')).toBeInTheDocument();

    await user.type(screen.getByRole('searchbox', { name: 'Buscar sponsors' }), 'acme 1');
    // A new search starts again from the first page.
    await waitFor(() => expect(currentLocation()).toBe('/sponsors?q=acme+1'));

    await choose(user, 'Filtrar por país', 'Colombia');
    await waitFor(() => expect(currentLocation()).toBe('/sponsors?q=acme+1&country=3'));
    await choose(user, 'Ordenar por nombre', 'Nombre (Z→A)');
    await waitFor(() => expect(currentLocation()).toBe('/sponsors?q=acme+1&country=3&sort=-name'));
    await waitFor(() => expect(screen.getAllByRole('article').map((element) => element.getAttribute('aria-label'))).toEqual(['Acme 19', 'Acme 17', 'Acme 15', 'Acme 13', 'Acme 11', 'Acme 1']));

    await choose(user, 'Filtrar por país', 'Todos los países');
    await waitFor(() => expect(currentLocation()).toBe('/sponsors?q=acme+1&sort=-name'));
  });

  it('shows the applied filters as chips that remove them, and clears them all', async () => {
    sponsorsDb.add({ name: 'Acme Salud', country_id: 3 });
    const { user } = await openSponsors('/sponsors?q=acme&country=3&sort=-name');
    const chips = await screen.findByRole('group', { name: 'Filtros aplicados' });
    await waitFor(() => expect(within(chips).getByText('País: Colombia')).toBeInTheDocument());
    expect(within(chips).getByText('Búsqueda: acme')).toBeInTheDocument();

    await user.click(within(chips).getByRole('button', { name: 'Quitar filtro Búsqueda: acme' }));
    await waitFor(() => expect(currentLocation()).toBe('/sponsors?country=3&sort=-name'));
    // Focus moves to the chip that took the removed one's place.
    await waitFor(() => expect(within(chips).getByRole('button', { name: 'Quitar filtro País: Colombia' })).toHaveFocus());

    await user.click(within(chips).getByRole('button', { name: 'Limpiar filtros' }));
    await waitFor(() => expect(currentLocation()).toBe('/sponsors?sort=-name'));
    expect(screen.queryByRole('group', { name: 'Filtros aplicados' })).not.toBeInTheDocument();
    await waitFor(() => expect(screen.getByRole('heading', { level: 1, name: 'Sponsors' })).toHaveFocus());
  });

  it('lets Back undo a page or a filter, but not each pause in the typing', async () => {
    for (let index = 0; index < 26; index++) sponsorsDb.add({ name: `Acme ${index}`, country_id: index % 2 ? 3 : 5 });
    const { user } = await openSponsors();
    await screen.findByText('Página 1 de 2 • 26 en total');
    const entries = window.history.length;
    const back = async (expected: string) => {
      const wentBack = new Promise((resolve) => window.addEventListener('popstate', resolve, { once: true }));
      window.history.back();
      await wentBack;
      await waitFor(() => expect(currentLocation()).toBe(expected));
    };

    await user.click(screen.getByRole('button', { name: 'Siguiente' }));
    await waitFor(() => expect(currentLocation()).toBe('/sponsors?page=2'));
    expect(window.history.length).toBe(entries + 1);

    await user.type(screen.getByRole('searchbox', { name: 'Buscar sponsors' }), 'acme');
    await waitFor(() => expect(currentLocation()).toBe('/sponsors?q=acme'));
    await user.type(screen.getByRole('searchbox', { name: 'Buscar sponsors' }), ' 1');
    await waitFor(() => expect(currentLocation()).toBe('/sponsors?q=acme+1'));
    expect(window.history.length).toBe(entries + 1);

    await choose(user, 'Filtrar por país', 'Colombia');
    await waitFor(() => expect(currentLocation()).toBe('/sponsors?q=acme+1&country=3'));
    expect(window.history.length).toBe(entries + 2);

    await back('/sponsors?q=acme+1');
    expect(await screen.findByRole('combobox', { name: 'Filtrar por país' })).toHaveValue('Todos los países');
    await back('/sponsors');
    expect(screen.getByRole('searchbox', { name: 'Buscar sponsors' })).toHaveValue('');
  });
});

describe('sponsors page: the sponsor form', () => {
  it('requires the name and the country before sending anything', async () => {
    const { user } = await openSponsors();
    await user.click(screen.getAllByRole('button', { name: 'Nuevo Sponsor' })[0]!);
    const dialog = await screen.findByRole('dialog', { name: 'Nuevo Sponsor' });
    expect(within(dialog).getByText('PNG, JPG, GIF hasta 10MB')).toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: 'Subir archivo' })).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Crear Sponsor' }));
    expect(await within(dialog).findByText('El nombre es requerido')).toBeInTheDocument();
    expect(within(dialog).getByText('El país es requerido')).toBeInTheDocument();
    expect(sponsorsDb.requests).toEqual([]);
  });

  it('creates a sponsor with a logo as multipart and shows it in the grid', async () => {
    const { user } = await openSponsors();
    await user.click(screen.getAllByRole('button', { name: 'Nuevo Sponsor' })[0]!);
    const dialog = await screen.findByRole('dialog', { name: 'Nuevo Sponsor' });
    await fillIn(user, within(dialog).getByLabelText(/Nombre/), '  Pampa Salud  ');
    await choose(user, 'País', 'Argentina');
    await user.upload(within(dialog).getByLabelText('Logo'), png());
    expect(within(dialog).getByRole('img', { name: 'Vista previa: Logo' })).toHaveAttribute('src', 'blob:vista-previa');
    expect(within(dialog).getByRole('button', { name: 'Cambiar archivo' })).toBeInTheDocument();
    await fillIn(user, within(dialog).getByLabelText('Sitio web'), 'pampasalud.com.ar');
    await user.click(within(dialog).getByRole('button', { name: 'Crear Sponsor' }));

    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Nuevo Sponsor' })).not.toBeInTheDocument());
    expect(sponsorsDb.requests).toEqual([
      // jsdom's FormData loses the file name on its way to fetch; a browser keeps it (the server ignores it).
      { method: 'create', fields: { name: 'Pampa Salud', country_id: '1', website_url: 'pampasalud.com.ar', logo: expect.stringMatching(/^file:/) } },
    ]);
    const created = await screen.findByRole('article', { name: 'Pampa Salud' });
    expect(within(created).getByText('Argentina')).toBeInTheDocument();
    expect(within(created).getByText('https://pampasalud.com.ar')).toBeInTheDocument();
  });

  it('refuses a file that is not a PNG, JPG or GIF before sending it', async () => {
    startSession();
    // As if the person picked "all files" in the browser's file dialog.
    const { user } = renderRoute('/sponsors', { user: { applyAccept: false } });
    await user.click((await screen.findAllByRole('button', { name: 'Nuevo Sponsor' }))[0]!);
    const dialog = await screen.findByRole('dialog', { name: 'Nuevo Sponsor' });
    const svg = new File(['<svg/>'], 'logo.svg', { type: 'image/svg+xml' });
    await user.upload(within(dialog).getByLabelText('Logo'), svg);
    expect(within(dialog).getByText('El archivo debe ser una imagen PNG, JPG o GIF.')).toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: 'Subir archivo' })).toBeInTheDocument();
  });

  it('edits with POST and _method=PUT, showing the server’s refusals under the fields', async () => {
    sponsorsDb.add({ name: 'Andes', country_id: 3, website_url: 'https://andes.co', logo_url: '/storage/sponsors/andes.png' });
    const { user } = await openSponsors();
    await user.click(within(await screen.findByRole('article', { name: 'Andes' })).getByRole('button', { name: 'Editar' }));
    const dialog = await screen.findByRole('dialog', { name: 'Editar Sponsor' });
    expect(within(dialog).getByLabelText(/Nombre/)).toHaveValue('Andes');
    expect(within(dialog).getByLabelText('Sitio web')).toHaveValue('https://andes.co');
    expect(within(dialog).getByRole('combobox', { name: /País/ })).toHaveValue('Colombia');
    expect(within(dialog).getByRole('img', { name: 'Vista previa: Logo' })).toHaveAttribute('src', '/storage/sponsors/andes.png');
    expect(within(dialog).getByRole('button', { name: 'Cambiar archivo' })).toBeInTheDocument();

    const website = within(dialog).getByLabelText('Sitio web');
    await user.clear(website);
    await fillIn(user, website, 'javascript:alert(1)');
    await user.click(within(dialog).getByRole('button', { name: 'Actualizar Sponsor' }));
    expect(await within(dialog).findByText('El sitio web debe ser una URL http o https válida.')).toBeInTheDocument();

    await user.clear(website);
    await user.clear(within(dialog).getByLabelText(/Nombre/));
    await fillIn(user, within(dialog).getByLabelText(/Nombre/), 'Andes Protección');
    await user.click(within(dialog).getByRole('button', { name: 'Actualizar Sponsor' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Editar Sponsor' })).not.toBeInTheDocument());
    expect(sponsorsDb.requests.at(-1)).toEqual({
      method: 'update',
      id: 1,
      fields: { name: 'Andes Protección', country_id: '3', website_url: '', _method: 'PUT' },
    });
    expect(await screen.findByRole('article', { name: 'Andes Protección' })).toBeInTheDocument();
  });

  describe('when someone else saved the sponsor while it was being edited', () => {
    const editWebsiteAfterSomeoneElse = async () => {
      sponsorsDb.add({ name: 'Andes', country_id: 3, website_url: 'https://andes.co' });
      const { user } = await openSponsors();
      await user.click(within(await screen.findByRole('article', { name: 'Andes' })).getByRole('button', { name: 'Editar' }));
      const form = await screen.findByRole('dialog', { name: 'Editar Sponsor' });
      // The other person's save: a new name, and the version moves on.
      sponsorsDb.sponsors[0] = { ...sponsorsDb.sponsors[0]!, name: 'Andes Seguros', version: 2 };
      const website = within(form).getByLabelText('Sitio web');
      await user.clear(website);
      await fillIn(user, website, 'https://andes.com');
      await user.click(within(form).getByRole('button', { name: 'Actualizar Sponsor' }));
      const conflict = await screen.findByRole('dialog', { name: 'Este registro cambió' });
      return { user, form, conflict };
    };

    it('lists each field that differs, as it is now and as the person has it', async () => {
      const { conflict } = await editWebsiteAfterSomeoneElse();
      expect(within(conflict).getByText('Otra persona cambió este registro mientras lo editabas.')).toBeInTheDocument();
      const terms = within(conflict).getAllByRole('term').map((term) => term.textContent);
      expect(terms).toEqual(['Nombre', 'Sitio web']);
      const values = within(conflict).getAllByRole('definition').map((value) => value.textContent);
      expect(values).toEqual([
        'Ahora: Andes Seguros',
        'Tuyo: Andes (no lo cambiaste: se queda el de ahora)',
        'Ahora: https://andes.co',
        'Tuyo: https://andes.com',
      ]);
      // Nothing was saved by the refused attempt.
      expect(sponsorsDb.sponsors[0]).toMatchObject({ name: 'Andes Seguros', website_url: 'https://andes.co' });
    });

    it("'Guardar mis cambios' saves the person's edits over the record as it is now", async () => {
      const { user } = await editWebsiteAfterSomeoneElse();
      await user.click(screen.getByRole('button', { name: 'Guardar mis cambios' }));
      await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Editar Sponsor' })).not.toBeInTheDocument());
      expect(screen.queryByRole('dialog', { name: 'Este registro cambió' })).not.toBeInTheDocument();
      expect(sponsorsDb.sponsors[0]).toMatchObject({ name: 'Andes Seguros', website_url: 'https://andes.com', version: 3 });
      expect(await screen.findByRole('article', { name: 'Andes Seguros' })).toBeInTheDocument();
    });

    it("'Recargar' drops the edits: the form shows the record as it is now and saves against it", async () => {
      const { user, form } = await editWebsiteAfterSomeoneElse();
      await user.click(screen.getByRole('button', { name: 'Recargar' }));
      await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Este registro cambió' })).not.toBeInTheDocument());
      expect(within(form).getByLabelText(/Nombre/)).toHaveValue('Andes Seguros');
      expect(within(form).getByLabelText('Sitio web')).toHaveValue('https://andes.co');
      // Focus is back in the form, where the person goes on.
      await waitFor(() => expect(form.contains(document.activeElement)).toBe(true));
      // The list behind shows it too.
      expect(await screen.findByRole('article', { name: 'Andes Seguros' })).toBeInTheDocument();
      await fillIn(user, within(form).getByLabelText('Sitio web'), '/es');
      await user.click(within(form).getByRole('button', { name: 'Actualizar Sponsor' }));
      await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Editar Sponsor' })).not.toBeInTheDocument());
      expect(sponsorsDb.sponsors[0]).toMatchObject({ name: 'Andes Seguros', website_url: 'https://andes.co/es', version: 3 });
    });

    it('Escape goes back to the form with the edits, the refusal above it', async () => {
      const { user, form } = await editWebsiteAfterSomeoneElse();
      await waitFor(() => expect(screen.getByRole('button', { name: 'Guardar mis cambios' })).toHaveFocus());
      await user.keyboard('{Escape}');
      await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Este registro cambió' })).not.toBeInTheDocument());
      expect(screen.getByRole('dialog', { name: 'Editar Sponsor' })).toBeInTheDocument();
      expect(within(form).getByLabelText('Sitio web')).toHaveValue('https://andes.com');
      expect(within(form).getByText('Otra persona cambió este registro mientras lo editabas.')).toBeInTheDocument();
      await waitFor(() => expect(form.contains(document.activeElement)).toBe(true));
    });
  });

  it('asks for the countries of its filter only once the list has arrived', async () => {
    sponsorsDb.add({ name: 'Andes Protección', country_id: 3 });
    const order: string[] = [];
    let answer: () => void = () => {};
    const answered = new Promise<void>((resolve) => (answer = resolve));
    server.use(
      http.get(apiUrl('v1/sponsors'), async () => {
        await answered;
        order.push('sponsors answered');
        return undefined;
      }),
    );
    server.events.on('request:start', ({ request }) => {
      if (new URL(request.url).pathname === '/api/v1/countries') order.push('countries asked');
    });
    await openSponsors('/');
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(order).toEqual([]);
    answer();
    await screen.findByRole('article', { name: 'Andes Protección' });
    await waitFor(() => expect(order).toEqual(['sponsors answered', 'countries asked']));
  });

  it('asks for the countries at once when the filter is opened before the list has arrived', async () => {
    const asked: string[] = [];
    server.use(http.get(apiUrl('v1/sponsors'), () => new Promise<never>(() => {})));
    server.events.on('request:start', ({ request }) => {
      if (new URL(request.url).pathname === '/api/v1/countries') asked.push(request.url);
    });
    const { user } = await openSponsors('/');
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(asked).toEqual([]);
    await user.click(screen.getByRole('combobox', { name: 'Filtrar por país' }));
    await waitFor(() => expect(asked).toHaveLength(1));
  });

  it('says it is loading the countries, and why they could not be loaded, under the select', async () => {
    let answer: () => void = () => {};
    server.use(
      http.get(apiUrl('v1/countries'), async () => {
        await new Promise<void>((resolve) => (answer = resolve));
        return fail(400, 'Servidor de países caído');
      }),
    );
    const { user } = await openSponsors();
    await user.click(screen.getAllByRole('button', { name: 'Nuevo Sponsor' })[0]!);
    const dialog = await screen.findByRole('dialog', { name: 'Nuevo Sponsor' });
    expect(within(dialog).getByPlaceholderText('Cargando países...')).toBeDisabled();
    answer();
    expect(await within(dialog).findByText('Servidor de países caído')).toBeInTheDocument();
    expect(within(dialog).getByRole('combobox', { name: /País/ })).toHaveAccessibleDescription('Servidor de países caído');
  });
});

describe('sponsors page: deleting', () => {
  it('says before anything is typed why a sponsor with campaigns cannot go, and deletes one that nothing blocks', async () => {
    const blocked = sponsorsDb.add({ name: 'Con Campañas' });
    sponsorsDb.add({ name: 'Libre' });
    campaignsDb.add({ sponsor_id: blocked.id });
    campaignsDb.add({ sponsor_id: blocked.id });
    const { user } = await openSponsors();

    await user.click(within(await screen.findByRole('article', { name: 'Con Campañas' })).getByRole('button', { name: 'Eliminar' }));
    let dialog = await screen.findByRole('dialog', { name: 'Eliminar sponsor' });
    expect(await within(dialog).findByText('No se puede eliminar: tiene 2 campañas')).toBeInTheDocument();
    const confirm = within(dialog).getByRole('button', { name: 'Eliminar' });
    expect(confirm).toBeDisabled();
    expect(confirm).toHaveAccessibleDescription('No se puede eliminar: tiene 2 campañas');
    expect(within(dialog).queryByLabelText(/Escribe/)).not.toBeInTheDocument();
    await waitFor(() => expect(within(dialog).getByRole('button', { name: 'Cancelar' })).toHaveFocus());
    await user.click(within(dialog).getByRole('button', { name: 'Cancelar' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());

    await user.click(within(card('Libre')).getByRole('button', { name: 'Eliminar' }));
    dialog = await screen.findByRole('dialog', { name: 'Eliminar sponsor' });
    await user.type(within(dialog).getByLabelText(/Escribe/), 'confirmar');
    await waitFor(() => expect(within(dialog).getByRole('button', { name: 'Eliminar' })).toBeEnabled());
    await user.click(within(dialog).getByRole('button', { name: 'Eliminar' }));
    await waitFor(() => expect(screen.queryByRole('article', { name: 'Libre' })).not.toBeInTheDocument());
    expect(screen.getByRole('article', { name: 'Con Campañas' })).toBeInTheDocument();
    // The deleted card's button is gone: focus starts again at the page's heading.
    await waitFor(() => expect(screen.getByRole('heading', { level: 1, name: 'Sponsors' })).toHaveFocus());
  });

  it('still shows the server’s refusal when a campaign appeared after the dialog opened', async () => {
    const sponsor = sponsorsDb.add({ name: 'Andes' });
    server.use(http.get(apiUrl('v1/sponsors/:id/deletion'), () => ok({ deletable: true, reason: null })));
    const { user } = await openSponsors();
    await user.click(within(await screen.findByRole('article', { name: 'Andes' })).getByRole('button', { name: 'Eliminar' }));
    const dialog = await screen.findByRole('dialog', { name: 'Eliminar sponsor' });
    campaignsDb.add({ sponsor_id: sponsor.id });
    await user.type(within(dialog).getByLabelText(/Escribe/), 'confirmar');
    await user.click(within(dialog).getByRole('button', { name: 'Eliminar' }));
    expect(await within(dialog).findByText('No se puede eliminar: tiene 1 campaña')).toBeInTheDocument();
  });

  it('refuses to delete a sponsor someone changed since it was shown, and deletes it as it is now on a second Eliminar', async () => {
    const sponsor = sponsorsDb.add({ name: 'Andes' });
    const { user } = await openSponsors();
    await user.click(within(await screen.findByRole('article', { name: 'Andes' })).getByRole('button', { name: 'Eliminar' }));
    const dialog = await screen.findByRole('dialog', { name: 'Eliminar sponsor' });
    sponsorsDb.sponsors[0] = { ...sponsor, name: 'Andes Renovado', version: sponsor.version + 1 };

    await user.type(within(dialog).getByLabelText(/Escribe/), 'confirmar');
    await user.click(within(dialog).getByRole('button', { name: 'Eliminar' }));
    expect(await within(dialog).findByText(STALE_DELETE_MESSAGE)).toBeInTheDocument();
    expect(sponsorsDb.sponsors).toHaveLength(1);
    // The dialog names the sponsor as it is now.
    expect(within(dialog).getByText('Andes Renovado')).toBeInTheDocument();
    // Behind the dialog, the grid already shows the sponsor as it is now.
    expect(await screen.findByRole('article', { name: 'Andes Renovado', hidden: true })).toBeInTheDocument();

    await user.click(within(dialog).getByRole('button', { name: 'Eliminar' }));
    await waitFor(() => expect(screen.queryByRole('article', { name: 'Andes Renovado', hidden: true })).not.toBeInTheDocument());
    expect(sponsorsDb.sponsors).toHaveLength(0);
  });

  it('steps back a page after deleting the last sponsor of a page', async () => {
    for (let index = 0; index < 25; index++) sponsorsDb.add({ name: `Marca ${String(index).padStart(2, '0')}` });
    const { user } = await openSponsors('/sponsors?page=2');
    await user.click(within(await screen.findByRole('article', { name: 'Marca 24' })).getByRole('button', { name: 'Eliminar' }));
    const dialog = await screen.findByRole('dialog', { name: 'Eliminar sponsor' });
    await user.type(within(dialog).getByLabelText(/Escribe/), 'confirmar');
    await user.click(within(dialog).getByRole('button', { name: 'Eliminar' }));
    await waitFor(() => expect(currentLocation()).toBe('/sponsors'));
    expect(await screen.findByRole('article', { name: 'Marca 00' })).toBeInTheDocument();
  });
});
