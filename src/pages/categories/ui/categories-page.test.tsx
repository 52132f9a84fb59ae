import { PERMISSION_NAMES } from '@contract/permissions';
import { screen, waitFor, within } from '@testing-library/react';
import { http } from 'msw';
import { describe, expect, it } from 'vitest';
import type { SessionUser } from '@/shared/auth';
import { apiUrl, fail } from '../../../../tests/msw/envelope';
import { signedInUser } from '../../../../tests/msw/handlers/auth';
import { campaignsDb } from '../../../../tests/msw/handlers/campaigns';
import { categoriesDb } from '../../../../tests/msw/handlers/categories';
import { server } from '../../../../tests/msw/server';
import { chooseOption, listboxOf } from '../../../../tests/utils/choose-option';
import { fillIn } from '../../../../tests/utils/fill-in';
import { currentLocation, renderRoute, startSession } from '../../../../tests/utils/render';

const superAdmin: SessionUser = { ...signedInUser, permissions: [...PERMISSION_NAMES] };
/** What every role holds by default: it manages the catalogue but cannot delete from it. */
const manager: SessionUser = { ...signedInUser, roles: ['OPERATOR'], permissions: ['categories.manage'] };

const openCategories = async (path = '/categorias', person: SessionUser = superAdmin) => {
  startSession(person);
  const view = renderRoute(path);
  await screen.findByRole('heading', { level: 1, name: 'Categorías' });
  return view;
};

/** Every catalogue request of the page's grid (not the selectors' `fields=` calls). */
const recordListRequests = () => {
  const urls: URL[] = [];
  server.events.on('request:start', ({ request }) => {
    const url = new URL(request.url);
    if (request.method === 'GET' && url.pathname === '/api/v1/categories' && !url.searchParams.has('fields')) urls.push(url);
  });
  return urls;
};

const card = (name: string) => screen.getByRole('article', { name });
const png = () => new File([new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])], 'hogar.png', { type: 'image/png' });

describe('categories page: the grid', () => {
  it('shows skeletons, then each category with its badge, parent, description and subcategories', async () => {
    const home = categoriesDb.add({ name: 'Hogar', description: 'Asistencias para la casa', image_url: '/storage/categories/hogar.png' });
    categoriesDb.add({ name: 'Plomería', parent_id: home.id });
    categoriesDb.add({ name: 'Cerrajería', parent_id: home.id });
    categoriesDb.add({ name: 'Salud' });
    let answer: () => void = () => {};
    const answered = new Promise<void>((resolve) => (answer = resolve));
    server.use(
      http.get(apiUrl('v1/categories'), async () => {
        await answered;
        return undefined;
      }),
    );
    await openCategories();
    expect(screen.getByText('Gestiona el catálogo global de categorías y subcategorías')).toBeInTheDocument();
    expect(await screen.findAllByTestId('category-card-skeleton')).toHaveLength(6);
    answer();

    const homeCard = await screen.findByRole('article', { name: 'Hogar' });
    expect(screen.queryAllByTestId('category-card-skeleton')).toHaveLength(0);
    expect(screen.getByText('4 categorías')).toBeInTheDocument();
    expect(within(homeCard).getByRole('img', { name: 'Imagen de Hogar' })).toHaveAttribute('src', '/storage/categories/hogar.png');
    expect(within(homeCard).getByText('Padre')).toBeInTheDocument();
    expect(within(homeCard).getByText('Asistencias para la casa')).toBeInTheDocument();
    expect(within(homeCard).getByText('Cerrajería, Plomería')).toBeInTheDocument();
    expect(within(homeCard).getByText(/2 subcategorías/)).toBeInTheDocument();

    const plumbing = card('Plomería');
    expect(within(plumbing).getByText('Subcategoría')).toBeInTheDocument();
    expect(within(plumbing).getByText('de Hogar')).toBeInTheDocument();
    expect(within(plumbing).getByRole('img', { name: 'Plomería sin imagen' })).toBeInTheDocument();
    expect(within(card('Salud')).getByText('Sin subcategorías')).toBeInTheDocument();
    expect(within(plumbing).queryByText('Sin subcategorías')).not.toBeInTheDocument();
    // Sorted by name.
    expect(screen.getAllByRole('article').map((element) => element.getAttribute('aria-label'))).toEqual(['Cerrajería', 'Hogar', 'Plomería', 'Salud']);
  });

  it('invites to create the first category, and says when a search matched nothing', async () => {
    const { user, unmount } = await openCategories();
    expect(await screen.findByRole('heading', { name: 'No hay categorías' })).toBeInTheDocument();
    await user.click(screen.getAllByRole('button', { name: 'Nueva Categoría' })[1]!);
    expect(await screen.findByRole('dialog', { name: 'Nueva Categoría' })).toBeInTheDocument();
    unmount();

    categoriesDb.add({ name: 'Hogar' });
    await openCategories('/categorias?q=zzz');
    expect(await screen.findByText('No se encontraron categorías con ese criterio de búsqueda.')).toBeInTheDocument();
    expect(screen.getByRole('searchbox', { name: 'Buscar categorías' })).toHaveValue('zzz');
  });

  it('shows why the list could not be loaded, with a retry', async () => {
    server.use(http.get(apiUrl('v1/categories'), () => new Response('boom', { status: 400 })));
    await openCategories();
    expect(await screen.findByText('No se pudieron cargar las categorías')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Reintentar' })).toBeInTheDocument();
  });
});

describe('categories page: search and page live in the URL', () => {
  it('reopens the same view from a deep link, asking 24 a page by name with parent and subcategories', async () => {
    for (let index = 0; index < 30; index++) categoriesDb.add({ name: `Rubro ${String(index).padStart(2, '0')}` });
    const requests = recordListRequests();
    await openCategories('/categorias?q=rubro&page=2');
    expect(await screen.findByText('Página 2 de 2 • 30 en total')).toBeInTheDocument();
    expect(Object.fromEntries(requests.at(-1)!.searchParams)).toMatchObject({
      'filter[q]': 'rubro',
      sort: 'name',
      include: 'parent,subcategories',
      limit: '24',
      page: '2',
    });
    expect(screen.getByRole('searchbox', { name: 'Buscar categorías' })).toHaveValue('rubro');
    expect(screen.getByRole('article', { name: 'Rubro 24' })).toBeInTheDocument();
  });

  it('puts the page and the debounced search in the address', async () => {
    for (let index = 0; index < 26; index++) categoriesDb.add({ name: `Rubro ${index}` });
    const { user } = await openCategories();
    await screen.findByText('Página 1 de 2 • 26 en total');
    await user.click(screen.getByRole('button', { name: 'Siguiente' }));
    await waitFor(() => expect(currentLocation()).toBe('/categorias?page=2'));
    await user.type(screen.getByRole('searchbox', { name: 'Buscar categorías' }), 'rubro 2');
    // A new search starts again from the first page.
    await waitFor(() => expect(currentLocation()).toBe('/categorias?q=rubro+2'));
    await waitFor(() => expect(screen.getAllByRole('article')).toHaveLength(7));
  });
});

describe('categories page: who sees what', () => {
  it('hides Eliminar from whoever lacks categories.delete, and for a category with subcategories', async () => {
    const home = categoriesDb.add({ name: 'Hogar' });
    categoriesDb.add({ name: 'Plomería', parent_id: home.id });
    const { unmount } = await openCategories('/categorias', manager);
    const plumbing = await screen.findByRole('article', { name: 'Plomería' });
    expect(within(plumbing).getByRole('button', { name: 'Editar' })).toBeInTheDocument();
    expect(within(plumbing).getByRole('button', { name: 'Historial de Plomería' })).toBeInTheDocument();
    expect(within(plumbing).queryByRole('button', { name: 'Eliminar' })).not.toBeInTheDocument();
    unmount();

    await openCategories();
    expect(within(await screen.findByRole('article', { name: 'Plomería' })).getByRole('button', { name: 'Eliminar' })).toBeInTheDocument();
    expect(within(card('Hogar')).queryByRole('button', { name: 'Eliminar' })).not.toBeInTheDocument();
    expect(within(card('Hogar')).getByRole('button', { name: 'Editar' })).toBeInTheDocument();
  });

  it('shows no create, edit or history to whoever cannot manage the catalogue', async () => {
    categoriesDb.add({ name: 'Hogar' });
    await openCategories('/categorias', { ...signedInUser, roles: [], permissions: [] });
    const home = await screen.findByRole('article', { name: 'Hogar' });
    expect(within(home).queryByRole('button')).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Nueva Categoría' })).not.toBeInTheDocument();
  });
});

describe('categories page: the category form', () => {
  it('asks when someone else saved the category meanwhile, naming the parent by its path, and keeps both changes', async () => {
    const home = categoriesDb.add({ name: 'Hogar' });
    categoriesDb.add({ name: 'Plomería', parent_id: home.id, description: 'Fugas' });
    const { user } = await openCategories();
    await user.click(within(await screen.findByRole('article', { name: 'Plomería' })).getByRole('button', { name: 'Editar' }));
    const form = await screen.findByRole('dialog', { name: 'Editar Categoría' });
    // Someone else makes it a root category.
    categoriesDb.categories = categoriesDb.categories.map((item) => (item.name === 'Plomería' ? { ...item, parent_id: null, version: item.version + 1 } : item));
    await fillIn(user, within(form).getByLabelText('Descripción'), ' y atascos');
    await user.click(within(form).getByRole('button', { name: 'Actualizar Categoría' }));

    const conflict = await screen.findByRole('dialog', { name: 'Este registro cambió' });
    expect(within(conflict).getAllByRole('term').map((term) => term.textContent)).toEqual(['Descripción', 'Categoría padre']);
    expect(within(conflict).getAllByRole('definition').map((value) => value.textContent)).toEqual([
      'Ahora: Fugas',
      'Tuyo: Fugas y atascos',
      'Ahora: Sin categoría padre',
      'Tuyo: Hogar (no lo cambiaste: se queda el de ahora)',
    ]);
    await user.click(within(conflict).getByRole('button', { name: 'Guardar mis cambios' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Editar Categoría' })).not.toBeInTheDocument());
    expect(categoriesDb.categories.find((item) => item.name === 'Plomería')).toMatchObject({ parent_id: null, description: 'Fugas y atascos' });
  });

  it('requires a name, then creates a subcategory with an image as multipart', async () => {
    categoriesDb.add({ name: 'Hogar' });
    const { user } = await openCategories();
    await screen.findByRole('article', { name: 'Hogar' });
    await user.click(screen.getByRole('button', { name: 'Nueva Categoría' }));
    const dialog = await screen.findByRole('dialog', { name: 'Nueva Categoría' });
    await user.click(within(dialog).getByRole('button', { name: 'Crear Categoría' }));
    expect(await within(dialog).findByText('El nombre es requerido')).toBeInTheDocument();
    await waitFor(() => expect(within(dialog).getByLabelText(/Nombre/)).toHaveFocus());
    expect(categoriesDb.requests).toEqual([]);

    await fillIn(user, within(dialog).getByLabelText(/Nombre/), '  Plomería ');
    await fillIn(user, within(dialog).getByLabelText('Descripción'), 'Fugas y atascos');
    await chooseOption(user, /Categoría padre/, 'Hogar');
    await user.upload(within(dialog).getByLabelText('Imagen'), png());
    expect(within(dialog).getByRole('img', { name: 'Vista previa: Imagen' })).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Crear Categoría' }));

    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Nueva Categoría' })).not.toBeInTheDocument());
    expect(categoriesDb.requests).toEqual([
      { method: 'create', fields: { name: 'Plomería', description: 'Fugas y atascos', parent_id: '1', image: expect.stringMatching(/^file:/) } },
    ]);
    const created = await screen.findByRole('article', { name: 'Plomería' });
    expect(within(created).getByText('de Hogar')).toBeInTheDocument();
    await waitFor(() => expect(within(card('Hogar')).getByText('Plomería')).toBeInTheDocument());
  });

  it('offers as parents neither the edited category nor its descendants, and sends the update as PUT', async () => {
    const home = categoriesDb.add({ name: 'Hogar' });
    const plumbing = categoriesDb.add({ name: 'Plomería', parent_id: home.id });
    categoriesDb.add({ name: 'Urgencias', parent_id: plumbing.id });
    categoriesDb.add({ name: 'Salud' });
    const { user } = await openCategories();
    await user.click(within(await screen.findByRole('article', { name: 'Plomería' })).getByRole('button', { name: 'Editar' }));
    const dialog = await screen.findByRole('dialog', { name: 'Editar Categoría' });
    const parent = within(dialog).getByRole('combobox', { name: /Categoría padre/ });
    await waitFor(() => expect(parent).toHaveValue('Hogar'));
    await user.click(parent);
    const listbox = listboxOf(parent)!;
    const offered = within(listbox).getAllByRole('option', { hidden: true }).map((option) => option.textContent);
    expect(offered).toEqual(['Hogar', 'Salud']);

    await user.click(within(listbox).getByRole('option', { name: 'Salud', hidden: true }));
    await user.click(within(dialog).getByRole('button', { name: 'Actualizar Categoría' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Editar Categoría' })).not.toBeInTheDocument());
    expect(categoriesDb.requests.at(-1)).toEqual({
      method: 'update',
      id: plumbing.id,
      fields: { _method: 'PUT', name: 'Plomería', description: '', parent_id: String(4) },
    });
    // The grid shows the new parent once the list is read again, which the dialog's closing no longer outlasts.
    await waitFor(async () => expect(within(await screen.findByRole('article', { name: 'Plomería' })).getByText('de Salud')).toBeInTheDocument());
  });

  it('shows a taken name under the name and a refused parent under the parent, focusing the field', async () => {
    categoriesDb.add({ name: 'Hogar' });
    categoriesDb.add({ name: 'Salud' });
    const { user } = await openCategories();
    await user.click(within(await screen.findByRole('article', { name: 'Salud' })).getByRole('button', { name: 'Editar' }));
    const dialog = await screen.findByRole('dialog', { name: 'Editar Categoría' });
    const name = within(dialog).getByLabelText(/Nombre/);
    await user.clear(name);
    await fillIn(user, name, 'hogar');
    await user.click(within(dialog).getByRole('button', { name: 'Actualizar Categoría' }));
    expect(await within(dialog).findByText('Ya existe una categoría con ese nombre en el mismo nivel.')).toBeInTheDocument();
    await waitFor(() => expect(name).toHaveFocus());

    server.use(http.post(apiUrl('v1/categories/:id'), () => fail(422, 'Los datos enviados no son válidos.', { parent_id: ['Una categoría no puede ser su propio ancestro.'] })));
    await user.clear(name);
    await fillIn(user, name, 'Salud y bienestar');
    await user.click(within(dialog).getByRole('button', { name: 'Actualizar Categoría' }));
    expect(await within(dialog).findByText('Una categoría no puede ser su propio ancestro.')).toBeInTheDocument();
    await waitFor(() => expect(within(dialog).getByRole('combobox', { name: /Categoría padre/ })).toHaveFocus());
  });

  it('shows an image the server refused under the image field', async () => {
    server.use(http.post(apiUrl('v1/categories'), () => fail(415, 'La imagen debe ser PNG, JPG o GIF.', { image: ['La imagen debe ser PNG, JPG o GIF.'] })));
    const { user } = await openCategories();
    await user.click(screen.getAllByRole('button', { name: 'Nueva Categoría' })[0]!);
    const dialog = await screen.findByRole('dialog', { name: 'Nueva Categoría' });
    await fillIn(user, within(dialog).getByLabelText(/Nombre/), 'Hogar');
    await user.upload(within(dialog).getByLabelText('Imagen'), png());
    await user.click(within(dialog).getByRole('button', { name: 'Crear Categoría' }));
    await waitFor(() => expect(within(dialog).getByRole('button', { name: 'Cambiar archivo' })).toHaveAccessibleDescription('La imagen debe ser PNG, JPG o GIF.'));
    // Said once, under the field, not repeated in a banner.
    expect(within(dialog).getAllByText('La imagen debe ser PNG, JPG o GIF.')).toHaveLength(1);
  });

  it('asks before throwing away typed changes', async () => {
    const { user } = await openCategories();
    await user.click(screen.getAllByRole('button', { name: 'Nueva Categoría' })[0]!);
    const dialog = await screen.findByRole('dialog', { name: 'Nueva Categoría' });
    await user.type(within(dialog).getByLabelText(/Nombre/), 'Hogar');
    await user.click(within(dialog).getByRole('button', { name: 'Cancelar' }));
    expect(await screen.findByText('Tienes cambios sin guardar. ¿Descartarlos?')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Descartar' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Nueva Categoría' })).not.toBeInTheDocument());
    expect(categoriesDb.requests).toEqual([]);
  });

  it('shows the fallback when the save fails without a message', async () => {
    server.use(http.post(apiUrl('v1/categories'), () => new Response('boom', { status: 500 })));
    const { user } = await openCategories();
    await user.click(screen.getAllByRole('button', { name: 'Nueva Categoría' })[0]!);
    const dialog = await screen.findByRole('dialog', { name: 'Nueva Categoría' });
    await fillIn(user, within(dialog).getByLabelText(/Nombre/), 'Hogar');
    await user.click(within(dialog).getByRole('button', { name: 'Crear Categoría' }));
    expect(await within(dialog).findByText('No se pudo guardar la categoría')).toBeInTheDocument();
  });
});

describe('categories page: deleting', () => {
  it('says why a category used by campaigns cannot go, and deletes another once its name is typed', async () => {
    const used = categoriesDb.add({ name: 'Hogar' });
    categoriesDb.add({ name: 'Salud' });
    campaignsDb.add({
      categories: [
        { id: 9, campaign_id: 501, category_id: used.id, name: 'Hogar Andes', description: null, image_url: null, parent: { id: used.id, name: 'Hogar' }, created_at: '2025-01-01T00:00:00.000Z', updated_at: '2025-01-01T00:00:00.000Z', version: 1 },
      ],
    });
    const { user } = await openCategories();

    await user.click(within(await screen.findByRole('article', { name: 'Hogar' })).getByRole('button', { name: 'Eliminar' }));
    let dialog = await screen.findByRole('dialog', { name: 'Eliminar categoría' });
    expect(await within(dialog).findByText('No se puede eliminar: tiene 1 categoría de campaña')).toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: 'Eliminar' })).toBeDisabled();
    await user.click(within(dialog).getByRole('button', { name: 'Cancelar' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());

    await user.click(within(card('Salud')).getByRole('button', { name: 'Eliminar' }));
    dialog = await screen.findByRole('dialog', { name: 'Eliminar categoría' });
    const keyword = await within(dialog).findByLabelText(/Escribe/);
    expect(keyword).toHaveAccessibleName(expect.stringContaining('Salud'));
    await user.type(keyword, 'confirmar');
    expect(within(dialog).getByRole('button', { name: 'Eliminar' })).toBeDisabled();
    await user.clear(keyword);
    await user.type(keyword, 'Salud');
    await waitFor(() => expect(within(dialog).getByRole('button', { name: 'Eliminar' })).toBeEnabled());
    await user.click(within(dialog).getByRole('button', { name: 'Eliminar' }));
    await waitFor(() => expect(screen.queryByRole('article', { name: 'Salud' })).not.toBeInTheDocument());
    expect(screen.getByRole('article', { name: 'Hogar' })).toBeInTheDocument();
  });

  it('steps back a page after deleting the last category of a page', async () => {
    for (let index = 0; index < 25; index++) categoriesDb.add({ name: `Rubro ${String(index).padStart(2, '0')}` });
    const { user } = await openCategories('/categorias?page=2');
    await user.click(within(await screen.findByRole('article', { name: 'Rubro 24' })).getByRole('button', { name: 'Eliminar' }));
    const dialog = await screen.findByRole('dialog', { name: 'Eliminar categoría' });
    await user.type(await within(dialog).findByLabelText(/Escribe/), 'Rubro 24');
    await user.click(within(dialog).getByRole('button', { name: 'Eliminar' }));
    await waitFor(() => expect(currentLocation()).toBe('/categorias'));
    expect(await screen.findByRole('article', { name: 'Rubro 00' })).toBeInTheDocument();
  });
});
