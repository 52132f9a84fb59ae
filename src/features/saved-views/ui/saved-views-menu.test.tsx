import { PERMISSION_NAMES } from '@contract/permissions';
import { SAVED_VIEW_MESSAGES } from '@contract/saved-view';
import { screen, waitFor, within } from '@testing-library/react';
import { http } from 'msw';
import { describe, expect, it } from 'vitest';
import type { SessionUser } from '@/shared/auth';
import { apiUrl } from '../../../../tests/msw/envelope';
import { signedInUser } from '../../../../tests/msw/handlers/auth';
import { bookingsDb } from '../../../../tests/msw/handlers/bookings';
import { savedViewsDb } from '../../../../tests/msw/handlers/saved-views';
import { server } from '../../../../tests/msw/server';
import { fillIn } from '../../../../tests/utils/fill-in';
import { currentLocation, renderRoute, startSession } from '../../../../tests/utils/render';

const superAdmin: SessionUser = { ...signedInUser, permissions: [...PERMISSION_NAMES] };
const operator: SessionUser = { ...signedInUser, id: 7, name: 'Óscar Operador', roles: ['OPERATOR'], rol: ['Operador'], permissions: ['categories.manage'] };
const colleague = { id: 3, name: 'Berta Jefa' };

/** The catalogue's list, with the person's views of it. */
const openCategories = async (path = '/categorias', person: SessionUser = superAdmin) => {
  startSession(person);
  const view = renderRoute(path);
  await screen.findByRole('heading', { level: 1, name: 'Categorías' });
  return view;
};

const openViews = async (user: ReturnType<typeof renderRoute>['user']) => {
  await user.click(screen.getByRole('button', { name: /^Vistas/ }));
  const dropdown = await screen.findByRole('dialog', { name: /^Vistas/ });
  await within(dropdown).findByText('Mis vistas');
  return dropdown;
};

/** Every saved-views request's method and path, as the server received them. */
const recordWrites = () => {
  const writes: string[] = [];
  server.events.on('request:start', ({ request }) => {
    if (request.method !== 'GET' && new URL(request.url).pathname.startsWith('/api/v1/saved-views')) writes.push(`${request.method} ${new URL(request.url).pathname}`);
  });
  return writes;
};

describe('Vistas', () => {
  it('saves the current filters under a name, shared with a role and as the default, and the address then names it', async () => {
    const { user } = await openCategories('/categorias?q=hogar');
    const dropdown = await openViews(user);
    expect(within(dropdown).getByText('Aún no has guardado vistas de esta lista.')).toBeInTheDocument();
    await user.click(within(dropdown).getByRole('button', { name: 'Guardar vista actual…' }));

    const form = await screen.findByRole('dialog', { name: 'Guardar vista' });
    await fillIn(user, within(form).getByLabelText(/Nombre/), 'Hogar');
    await user.click(within(form).getByRole('combobox', { name: 'Compartir con roles' }));
    await user.click(await screen.findByRole('option', { name: 'Operador', hidden: true }));
    await user.click(within(form).getByRole('checkbox', { name: 'Usar como vista predeterminada' }));
    await user.click(within(form).getByRole('button', { name: 'Guardar vista' }));

    expect(await screen.findByText('Vista guardada.')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Guardar vista' })).not.toBeInTheDocument());
    const [saved] = savedViewsDb.views;
    // The page is not part of a view; the filters are.
    expect(saved).toMatchObject({ list: 'categories', name: 'Hogar', query: 'q=hogar', shared_with_roles: ['OPERATOR'], is_default: true });
    await waitFor(() => expect(currentLocation()).toBe(`/categorias?q=hogar&view=${saved!.id}`));
    expect(screen.getByRole('button', { name: 'Vistas: Hogar' })).toBeInTheDocument();
  });

  it('says Guardando… while saving, and shows a name already taken under Nombre', async () => {
    savedViewsDb.add({ list: 'categories', name: 'Hogar', query: 'q=hogar' });
    let answer: () => void = () => {};
    const answered = new Promise<void>((resolve) => (answer = resolve));
    server.use(
      http.post(apiUrl('v1/saved-views'), async () => {
        await answered;
        return undefined;
      }),
    );
    const { user } = await openCategories('/categorias?q=salud');
    await user.click(within(await openViews(user)).getByRole('button', { name: 'Guardar vista actual…' }));
    const form = await screen.findByRole('dialog', { name: 'Guardar vista' });
    await fillIn(user, within(form).getByLabelText(/Nombre/), 'hogar');
    await user.click(within(form).getByRole('button', { name: 'Guardar vista' }));

    expect(await within(form).findByRole('button', { name: 'Guardando…' })).toBeDisabled();
    answer();
    const name = within(form).getByLabelText(/Nombre/);
    await waitFor(() => expect(name).toHaveAccessibleDescription(SAVED_VIEW_MESSAGES.nameTaken));
    expect(name).toHaveAttribute('aria-invalid', 'true');
    expect(savedViewsDb.views).toHaveLength(1);
  });

  it('asks for a name before sending anything', async () => {
    const writes = recordWrites();
    const { user } = await openCategories();
    await user.click(within(await openViews(user)).getByRole('button', { name: 'Guardar vista actual…' }));
    const form = await screen.findByRole('dialog', { name: 'Guardar vista' });
    await user.click(within(form).getByRole('button', { name: 'Guardar vista' }));
    await waitFor(() => expect(within(form).getByLabelText(/Nombre/)).toHaveAccessibleDescription(SAVED_VIEW_MESSAGES.nameRequired));
    expect(writes).toEqual([]);
  });

  it('applies a view: the list opens with its filters and the address names it', async () => {
    const view = savedViewsDb.add({ list: 'categories', name: 'Salud', query: 'q=salud' });
    const { user } = await openCategories('/categorias?q=hogar');
    const dropdown = await openViews(user);
    await user.click(within(dropdown).getByRole('link', { name: 'Salud' }));

    await waitFor(() => expect(currentLocation()).toBe(`/categorias?q=salud&view=${view.id}`));
    expect(screen.getByRole('searchbox', { name: 'Buscar categorías' })).toHaveValue('salud');
    expect(screen.queryByRole('dialog', { name: /^Vistas/ })).not.toBeInTheDocument();
  });

  it('opens the list with no parameters on the default view, replacing the address', async () => {
    savedViewsDb.add({ list: 'categories', name: 'Otra', query: 'q=otra' });
    const chosen = savedViewsDb.add({ list: 'categories', name: 'Mi catálogo', query: 'q=plomeria', is_default: true });
    const { user } = await openCategories('/categorias');
    await waitFor(() => expect(currentLocation()).toBe(`/categorias?q=plomeria&view=${chosen.id}`));
    expect(screen.getByRole('searchbox', { name: 'Buscar categorías' })).toHaveValue('plomeria');
    const dropdown = await openViews(user);
    const row = within(dropdown).getByRole('link', { name: 'Mi catálogo' }).closest('li')!;
    expect(within(row).getByText('Predeterminada')).toBeInTheDocument();
    expect(within(dropdown).getByRole('link', { name: 'Mi catálogo' })).toHaveAttribute('aria-current', 'true');
  });

  it('leaves a list opened with its own parameters as it is', async () => {
    savedViewsDb.add({ list: 'categories', name: 'Mi catálogo', query: 'q=plomeria', is_default: true });
    const { user } = await openCategories('/categorias?q=hogar');
    await openViews(user);
    expect(currentLocation()).toBe('/categorias?q=hogar');
  });

  it('opens a copied link (?view= alone) with the view’s filters', async () => {
    const view = savedViewsDb.add({ list: 'categories', name: 'Salud', query: 'q=salud' });
    await openCategories(`/categorias?view=${view.id}`);
    await waitFor(() => expect(currentLocation()).toBe(`/categorias?q=salud&view=${view.id}`));
    expect(screen.getByRole('button', { name: 'Vistas: Salud' })).toBeInTheDocument();
  });

  it('falls back to the list with a notice for a view the person cannot see', async () => {
    const hidden = savedViewsDb.add({ list: 'categories', name: 'Privada', query: 'q=privada', owner: colleague });
    await openCategories(`/categorias?view=${hidden.id}&q=hogar`, operator);
    expect(await screen.findByText(SAVED_VIEW_MESSAGES.notFound)).toBeInTheDocument();
    await waitFor(() => expect(currentLocation()).toBe('/categorias?q=hogar'));
    expect(screen.getByRole('button', { name: 'Vistas' })).toBeInTheDocument();
  });

  it('renames an own view, keeping its filters', async () => {
    const view = savedViewsDb.add({ list: 'categories', name: 'Hogar', query: 'q=hogar' });
    const { user } = await openCategories();
    const dropdown = await openViews(user);
    await user.click(within(dropdown).getByRole('button', { name: 'Acciones de la vista Hogar' }));
    await user.click(await within(dropdown).findByRole('menuitem', { name: 'Renombrar y compartir…' }));

    const form = await screen.findByRole('dialog', { name: 'Editar vista' });
    const name = within(form).getByLabelText(/Nombre/);
    expect(name).toHaveValue('Hogar');
    await user.clear(name);
    await fillIn(user, name, 'Casa');
    await user.click(within(form).getByRole('button', { name: 'Guardar cambios' }));

    expect(await screen.findByText('Vista actualizada.')).toBeInTheDocument();
    expect(savedViewsDb.views[0]).toMatchObject({ id: view.id, name: 'Casa', query: 'q=hogar' });
    const again = await openViews(user);
    expect(await within(again).findByRole('link', { name: 'Casa' })).toBeInTheDocument();
  });

  it('overwrites an own view with the current filters', async () => {
    const view = savedViewsDb.add({ list: 'categories', name: 'Hogar', query: 'q=hogar' });
    const { user } = await openCategories('/categorias?q=cerrajeria');
    const dropdown = await openViews(user);
    await user.click(within(dropdown).getByRole('button', { name: 'Acciones de la vista Hogar' }));
    await user.click(await within(dropdown).findByRole('menuitem', { name: 'Sobrescribir con los filtros actuales' }));

    expect(await screen.findByText('La vista Hogar guarda ahora los filtros actuales.')).toBeInTheDocument();
    expect(savedViewsDb.views[0]!.query).toBe('q=cerrajeria');
    await waitFor(() => expect(currentLocation()).toBe(`/categorias?q=cerrajeria&view=${view.id}`));
  });

  it('deletes an own view after asking, and the address stops naming it', async () => {
    const view = savedViewsDb.add({ list: 'categories', name: 'Hogar', query: 'q=hogar' });
    const { user } = await openCategories(`/categorias?q=hogar&view=${view.id}`);
    const dropdown = await openViews(user);
    await user.click(within(dropdown).getByRole('button', { name: 'Acciones de la vista Hogar' }));
    await user.click(await within(dropdown).findByRole('menuitem', { name: 'Eliminar…' }));

    const confirm = await screen.findByRole('dialog', { name: 'Eliminar vista' });
    expect(confirm).toHaveTextContent('¿Eliminar la vista Hogar?');
    await user.click(within(confirm).getByRole('button', { name: 'Eliminar' }));

    expect(await screen.findByText('Vista Hogar eliminada.')).toBeInTheDocument();
    expect(savedViewsDb.views).toEqual([]);
    await waitFor(() => expect(currentLocation()).toBe('/categorias?q=hogar'));
  });

  it('copies a view’s link', async () => {
    const view = savedViewsDb.add({ list: 'categories', name: 'Hogar', query: 'q=hogar' });
    const { user } = await openCategories();
    const dropdown = await openViews(user);
    await user.click(within(dropdown).getByRole('button', { name: 'Acciones de la vista Hogar' }));
    await user.click(await within(dropdown).findByRole('menuitem', { name: 'Copiar enlace' }));

    expect(await screen.findByText('Enlace copiado.')).toBeInTheDocument();
    expect(await navigator.clipboard.readText()).toBe(`${window.location.origin}/categorias?view=${view.id}`);
  });

  it('lists a view shared with the person under Compartidas conmigo, with its owner and no edit actions', async () => {
    savedViewsDb.add({ list: 'categories', name: 'Mías', query: 'q=mias', owner: { id: operator.id, name: operator.name } });
    savedViewsDb.add({ list: 'categories', name: 'Del equipo', query: 'q=equipo', owner: colleague, shared_with_roles: ['OPERATOR'] });
    savedViewsDb.add({ list: 'categories', name: 'De admins', query: 'q=admins', owner: colleague, shared_with_roles: ['ADMIN'] });
    const { user } = await openCategories('/categorias', operator);
    const dropdown = await openViews(user);

    const lists = within(dropdown).getAllByRole('list');
    expect(lists.map((list) => list.getAttribute('aria-labelledby') && document.getElementById(list.getAttribute('aria-labelledby')!)?.textContent)).toEqual([
      'Mis vistas',
      'Compartidas conmigo',
    ]);
    expect(within(lists[0]!).getByRole('link', { name: 'Mías' })).toBeInTheDocument();
    const shared = within(lists[1]!).getByRole('link', { name: /Del equipo/ });
    expect(shared).toHaveTextContent('de Berta Jefa');
    expect(within(dropdown).queryByRole('link', { name: /De admins/ })).not.toBeInTheDocument();

    await user.click(within(dropdown).getByRole('button', { name: 'Acciones de la vista Del equipo' }));
    const actions = await within(dropdown).findAllByRole('menuitem');
    expect(actions.map((item) => item.textContent)).toEqual(['Copiar enlace']);
  });

  describe('on a list that fills in its own parameter (bookings picks the first DSP)', () => {
    const staff: SessionUser = { ...signedInUser, id: 7, name: 'Óscar Operador', roles: ['OPERATOR'], permissions: ['operations.view'] };
    /** The views answer only once the page has picked its DSP. */
    const viewsAfterThePage = () => {
      let release: () => void = () => {};
      const released = new Promise<void>((resolve) => (release = resolve));
      server.use(
        http.get(apiUrl('v1/saved-views'), async () => {
          await released;
          return undefined;
        }),
      );
      return release;
    };

    it('still opens a link’s view with its own filters', async () => {
      bookingsDb.addDsp({ name: 'Andes Reservas' });
      const caribe = bookingsDb.addDsp({ name: 'Caribe Reservas' });
      const view = savedViewsDb.add({ list: 'bookings', name: 'Caribe', query: `dsp=${caribe.id}&q=ana`, owner: colleague, shared_with_roles: ['OPERATOR'] });
      const release = viewsAfterThePage();
      startSession(staff);
      renderRoute(`/agendamientos?view=${view.id}`);
      await waitFor(() => expect(currentLocation()).toBe(`/agendamientos?view=${view.id}&dsp=1`));
      release();
      await waitFor(() => expect(currentLocation()).toBe(`/agendamientos?dsp=${caribe.id}&q=ana&view=${view.id}`));
    });

    it('still applies the default view of a bare address', async () => {
      bookingsDb.addDsp({ name: 'Andes Reservas' });
      const caribe = bookingsDb.addDsp({ name: 'Caribe Reservas' });
      const view = savedViewsDb.add({ list: 'bookings', name: 'Caribe', query: `dsp=${caribe.id}`, is_default: true, owner: { id: staff.id, name: staff.name } });
      const release = viewsAfterThePage();
      startSession(staff);
      renderRoute('/agendamientos');
      await waitFor(() => expect(currentLocation()).toBe('/agendamientos?dsp=1'));
      release();
      await waitFor(() => expect(currentLocation()).toBe(`/agendamientos?dsp=${caribe.id}&view=${view.id}`));
      expect(screen.getByRole('combobox', { name: 'DSP' })).toHaveValue('Caribe Reservas');
    });
  });
});
