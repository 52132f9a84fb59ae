import { DEFAULT_ROLE_PERMISSIONS } from '@contract/permissions';
import { ROLE_NAMES, type RoleSlug } from '@contract/role';
import { screen, waitFor, within } from '@testing-library/react';
import { http } from 'msw';
import { describe, expect, it } from 'vitest';
import { useSessionStore, type SessionUser } from '@/shared/auth';
import { apiUrl, fail } from '../../../tests/msw/envelope';
import { searchDb } from '../../../tests/msw/handlers/search';
import { server } from '../../../tests/msw/server';
import { currentLocation, renderRoute } from '../../../tests/utils/render';

const userWithRole = (slug: RoleSlug, id = 1): SessionUser => ({
  id,
  name: 'Ana Pérez',
  email: 'ana@example.com',
  phone: null,
  rol: [ROLE_NAMES[slug]],
  roles: [slug],
  permissions: DEFAULT_ROLE_PERMISSIONS[slug],
});

const signIn = (user: SessionUser) => useSessionStore.setState({ token: 't', user });

/** Renders the app at `path` and waits for the page's heading. */
async function openScreen(path: string, heading: string) {
  const view = renderRoute(path);
  await screen.findByRole('heading', { level: 1, name: heading });
  return view;
}

const palette = () => screen.getByRole('dialog', { name: 'Buscar en el panel' });
const box = () => within(palette()).getByRole('combobox', { name: 'Buscar en el panel' });
const options = () => within(palette()).queryAllByRole('option');
const optionNames = () => options().map((option) => option.textContent);
const liveCount = () => within(palette()).getByRole('status');
const selectedOption = () => options().find((option) => option.getAttribute('aria-selected') === 'true');

function seedRecords() {
  searchDb.add({ type: 'sponsor', id: 4, title: 'Acme Perú', subtitle: 'Perú', url: '/sponsor/4' });
  searchDb.add({ type: 'customer', id: 17, title: 'Laura Ríos', subtitle: 'DNI 1020304050 · Acme Seguros', url: '/customers/2?q=%221020304050%22' });
  searchDb.add({ type: 'category', id: 9, title: 'Beta', subtitle: 'Categoría raíz', url: '/categorias?q=Beta' });
}

describe('the Ctrl+K palette', () => {
  it('opens with Ctrl+K, searches once typing pauses, groups by kind, moves with the arrows and opens with Enter', async () => {
    signIn(userWithRole('SUPER_ADMIN'));
    seedRecords();
    const { user } = await openScreen('/', 'Sponsors');

    await user.keyboard('{Control>}k{/Control}');
    await waitFor(() => expect(box()).toHaveFocus());
    await user.type(box(), 'acme');

    await waitFor(() => expect(liveCount()).toHaveTextContent('2 resultados'));
    // One request for what was typed, not one per key.
    expect(searchDb.queries).toEqual(['acme']);
    const sponsors = within(palette()).getByRole('group', { name: 'Sponsors' });
    const customers = within(palette()).getByRole('group', { name: 'Clientes' });
    expect(within(sponsors).getByRole('option')).toHaveTextContent('Acme Perú');
    expect(within(customers).getByRole('option')).toHaveTextContent('Laura Ríos');
    // The matched part of each line is marked.
    expect(within(sponsors).getByText('Acme', { selector: 'mark' })).toBeInTheDocument();
    expect(within(customers).getByText('Acme', { selector: 'mark' })).toBeInTheDocument();

    expect(selectedOption()).toHaveTextContent('Acme Perú');
    expect(box()).toHaveAttribute('aria-activedescendant', selectedOption()?.id);
    await user.keyboard('{ArrowDown}');
    expect(selectedOption()).toHaveTextContent('Laura Ríos');
    expect(box()).toHaveAttribute('aria-activedescendant', selectedOption()?.id);
    await user.keyboard('{ArrowDown}');
    // Past the last line, back to the first.
    expect(selectedOption()).toHaveTextContent('Acme Perú');
    await user.keyboard('{ArrowUp}{Enter}');

    await waitFor(() => expect(currentLocation()).toBe('/customers/2?q=%221020304050%22'));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Buscar en el panel' })).not.toBeInTheDocument());
  });

  it('says when nothing matched, and closes with Escape giving focus back to the top bar’s button', async () => {
    signIn(userWithRole('SUPER_ADMIN'));
    seedRecords();
    const { user } = await openScreen('/', 'Sponsors');
    const button = screen.getByRole('button', { name: 'Buscar' });

    await user.click(button);
    await waitFor(() => expect(box()).toHaveFocus());
    await user.type(box(), 'zzz');
    await waitFor(() => expect(liveCount()).toHaveTextContent('Sin resultados para "zzz"'));
    expect(options()).toEqual([]);

    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Buscar en el panel' })).not.toBeInTheDocument());
    await waitFor(() => expect(button).toHaveFocus());
    expect(currentLocation()).toBe('/');
  });

  it('asks for two characters before searching, and shows the server’s failure in Spanish', async () => {
    signIn(userWithRole('SUPER_ADMIN'));
    server.use(http.get(apiUrl('v1/search'), () => fail(500, 'Error interno del servidor')));
    const { user } = await openScreen('/', 'Sponsors');

    await user.keyboard('{Control>}k{/Control}');
    await waitFor(() => expect(box()).toHaveFocus());
    await user.type(box(), 'x');
    expect(within(palette()).getByText('Escribe al menos 2 caracteres para buscar.')).toBeInTheDocument();
    await user.type(box(), 'y');
    expect(await within(palette()).findByText('Error interno del servidor')).toBeInTheDocument();
    expect(within(palette()).getByRole('button', { name: 'Reintentar' })).toBeInTheDocument();
  });

  it('offers the actions this person may take: an operator no Usuarios and no DSP', async () => {
    signIn(userWithRole('OPERATOR'));
    const { user } = await openScreen('/', 'Sponsors');
    await user.keyboard('{Control>}k{/Control}');
    await waitFor(() => expect(box()).toHaveFocus());
    expect(within(palette()).getByRole('group', { name: 'Acciones' })).toBeInTheDocument();
    expect(optionNames()).toEqual(['Ir a Sponsors', 'Ir a Campañas', 'Ir a Categorías', 'Ir a Agendamientos', 'Ir a Mi cuenta', 'Nuevo sponsor', 'Nueva categoría']);

    // Typed, the actions narrow too, accents and case aside.
    await user.type(box(), 'categoria');
    expect(optionNames()).toEqual(['Ir a Categorías', 'Nueva categoría']);
  });

  it('opens a list’s form from its ‘Nuevo …’ action', async () => {
    signIn(userWithRole('SUPER_ADMIN'));
    const { user } = await openScreen('/users', 'Gestión de Usuarios');
    await user.keyboard('{Control>}k{/Control}');
    await waitFor(() => expect(box()).toHaveFocus());
    await user.type(box(), 'nuevo spon');
    expect(optionNames()).toEqual(['Nuevo sponsor']);
    await user.keyboard('{Enter}');

    expect(await screen.findByRole('dialog', { name: 'Nuevo Sponsor' })).toBeInTheDocument();
    expect(currentLocation()).toBe('/sponsors');
  });

  it('shows the records opened from it lately while its box is empty, only to the person who opened them', async () => {
    signIn(userWithRole('SUPER_ADMIN'));
    seedRecords();
    const { user, unmount } = await openScreen('/', 'Sponsors');
    await user.keyboard('{Control>}k{/Control}');
    await waitFor(() => expect(box()).toHaveFocus());
    await user.type(box(), 'beta');
    await waitFor(() => expect(liveCount()).toHaveTextContent('1 resultado'));
    await user.keyboard('{Enter}');
    await waitFor(() => expect(currentLocation()).toBe('/categorias?q=Beta'));
    await screen.findByRole('heading', { level: 1, name: 'Categorías' });
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Buscar en el panel' })).not.toBeInTheDocument());

    await user.keyboard('{Control>}k{/Control}');
    await waitFor(() => expect(box()).toHaveFocus());
    const recent = within(palette()).getByRole('group', { name: 'Recientes' });
    expect(within(recent).getAllByRole('option').map((option) => option.textContent)).toEqual(['BetaCategoría raíz']);
    unmount();

    // Another person on the same browser starts with none.
    signIn(userWithRole('SUPER_ADMIN', 2));
    const other = await openScreen('/', 'Sponsors');
    await other.user.keyboard('{Control>}k{/Control}');
    await waitFor(() => expect(box()).toHaveFocus());
    expect(within(palette()).queryByRole('group', { name: 'Recientes' })).not.toBeInTheDocument();
  });
});

describe('the keyboard shortcuts', () => {
  it('`/` focuses the page’s search box and `n` opens its ‘Nuevo …’ form', async () => {
    signIn(userWithRole('SUPER_ADMIN'));
    const { user } = await openScreen('/', 'Sponsors');
    const search = screen.getByRole('searchbox', { name: 'Buscar sponsors' });

    await user.keyboard('/');
    expect(search).toHaveFocus();
    // The key moved focus; it is not typed into the box.
    expect(search).toHaveValue('');

    await user.keyboard('{Escape}');
    search.blur();
    await user.keyboard('n');
    expect(await screen.findByRole('dialog', { name: 'Nuevo Sponsor' })).toBeInTheDocument();
  });

  it('does nothing while typing in a field or inside a dialog', async () => {
    signIn(userWithRole('SUPER_ADMIN'));
    const { user } = await openScreen('/', 'Sponsors');
    const search = screen.getByRole('searchbox', { name: 'Buscar sponsors' });

    await user.click(search);
    await user.keyboard('gun/?');
    expect(search).toHaveValue('gun/?');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(window.location.pathname).toBe('/');

    search.blur();
    await user.keyboard('n');
    const form = await screen.findByRole('dialog', { name: 'Nuevo Sponsor' });
    // Focus on the dialog's own button, not in a field: still the dialog keeps the keys.
    within(form).getAllByRole('button')[0]?.focus();
    await user.keyboard('gu?');
    expect(window.location.pathname).toBe('/');
    expect(screen.queryByRole('dialog', { name: 'Atajos de teclado' })).not.toBeInTheDocument();
  });

  it('`g` then a letter goes to a screen the person may open, and only to those', async () => {
    signIn(userWithRole('SUPER_ADMIN'));
    const { user, unmount } = await openScreen('/', 'Sponsors');
    await user.keyboard('gu');
    expect(await screen.findByRole('heading', { level: 1, name: 'Gestión de Usuarios' })).toBeInTheDocument();
    expect(currentLocation()).toBe('/users');
    await user.keyboard('gc');
    expect(await screen.findByRole('heading', { level: 1, name: 'Categorías' })).toBeInTheDocument();
    // A letter alone is no shortcut.
    await user.keyboard('s');
    expect(currentLocation()).toBe('/categorias');
    unmount();

    signIn(userWithRole('OPERATOR'));
    const operator = await openScreen('/categorias', 'Categorías');
    await operator.user.keyboard('gu');
    await operator.user.keyboard('gd');
    expect(currentLocation()).toBe('/categorias');
    await operator.user.keyboard('gs');
    await waitFor(() => expect(currentLocation()).toBe('/sponsors'));
  });

  it('`?` lists every shortcut in Spanish, the screens this person may go to among them', async () => {
    signIn(userWithRole('OPERATOR'));
    const { user } = await openScreen('/', 'Sponsors');
    await user.keyboard('?');
    const help = await screen.findByRole('dialog', { name: 'Atajos de teclado' });
    const rows = within(help)
      .getAllByRole('row')
      .slice(1)
      .map((row) => within(row).getAllByRole('cell').at(-1)?.textContent);
    expect(rows).toEqual([
      'Buscar en todo el panel (⌘ K en Mac)',
      'Ir al buscador de la página',
      'Abrir el formulario «Nuevo …» de la página',
      'Mostrar estos atajos',
      'Ir a Sponsors',
      'Ir a Categorías',
      'Ir a Agendamientos',
    ]);
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Atajos de teclado' })).not.toBeInTheDocument());
  });
});
