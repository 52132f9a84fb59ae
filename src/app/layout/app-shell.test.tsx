import { DEFAULT_ROLE_PERMISSIONS } from '@contract/permissions';
import { ROLE_NAMES, type RoleSlug } from '@contract/role';
import { screen, waitFor, within } from '@testing-library/react';
import { notifications } from '@mantine/notifications';
import { http } from 'msw';
import { describe, expect, it } from 'vitest';
import { useSessionStore, type SessionUser } from '@/shared/auth';
import { apiUrl, fail, ok } from '../../../tests/msw/envelope';
import { paginate } from '../../../tests/msw/paginate';
import { server } from '../../../tests/msw/server';
import { renderRoute } from '../../../tests/utils/render';

const userWithRole = (slug: RoleSlug, overrides: Partial<SessionUser> = {}): SessionUser => ({
  id: 1,
  name: 'Ana Pérez',
  email: 'ana@example.com',
  phone: null,
  rol: [ROLE_NAMES[slug]],
  roles: [slug],
  permissions: DEFAULT_ROLE_PERMISSIONS[slug],
  ...overrides,
});

const signIn = (user: SessionUser | null) => useSessionStore.setState({ token: 't', user });

const nav = () => screen.getByRole('navigation', { name: 'Menú principal' });
const menuEntries = () =>
  within(nav())
    .getAllByRole('link')
    .map((link) => link.textContent)
    .concat(within(nav()).queryAllByRole('button').map((button) => button.textContent));

/** Renders the app at `path` and waits for the shell and the page to show. */
async function openShell(path: string) {
  const view = renderRoute(path);
  await screen.findByRole('navigation', { name: 'Menú principal' });
  await screen.findByRole('heading', { level: 1 });
  return view;
}

/**
 * As `openShell`, then opens the slide-over menu: jsdom is a narrow screen here (no media query
 * matches), where the menu's links are built the first time it opens.
 */
async function openMenu(path: string) {
  const view = await openShell(path);
  await view.user.click(screen.getByRole('button', { name: 'Abrir menú' }));
  return view;
}

describe('the shell', () => {
  it('shows the title, the footer and the page inside it', async () => {
    signIn(userWithRole('SUPER_ADMIN'));
    await openShell('/');
    expect(screen.getByText('Panel de Control')).toBeInTheDocument();
    expect(screen.getByText(`© ${new Date().getFullYear()} Panel de Control`)).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 1, name: 'Sponsors' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Abrir menú' })).toBeInTheDocument();
  });

  it('shows a notification given while the screen was still loading, once its list has arrived', async () => {
    signIn(userWithRole('SUPER_ADMIN'));
    let answer!: () => void;
    const answered = new Promise<void>((resolve) => (answer = resolve));
    server.use(
      http.get(apiUrl('/v1/sponsors'), async ({ request }) => {
        await answered;
        return ok(paginate([], new URL(request.url)));
      }),
    );
    await openShell('/');
    notifications.show({ message: 'Aviso temprano' });
    // The toasts' container waits until the screen has settled; the notification waits with it.
    expect(screen.queryByText('Aviso temprano')).not.toBeInTheDocument();
    answer();
    expect(await screen.findByText('No hay sponsors')).toBeInTheDocument();
    expect(await screen.findByText('Aviso temprano')).toBeInTheDocument();
  });

  it('gives a super admin every entry', async () => {
    signIn(userWithRole('SUPER_ADMIN'));
    await openMenu('/');
    expect(menuEntries()).toEqual(['Sponsors', 'Campañas', 'Usuarios', 'Categorías', 'DSP', 'Auditoría', 'Operaciones']);
  });

  it('gives an operator Sponsors, Campañas, Categorías and Operaciones, not Usuarios or DSP', async () => {
    signIn(userWithRole('OPERATOR'));
    await openMenu('/');
    expect(menuEntries()).toEqual(['Sponsors', 'Campañas', 'Categorías', 'Operaciones']);
  });

  it('gives a business leader Operaciones too', async () => {
    signIn(userWithRole('BUSINESS_LEADER'));
    await openMenu('/');
    expect(menuEntries()).toEqual(['Sponsors', 'Campañas', 'Categorías', 'Operaciones']);
  });

  it('gives an admin only Sponsors, Campañas and Categorías', async () => {
    signIn(userWithRole('ADMIN'));
    await openMenu('/');
    expect(menuEntries()).toEqual(['Sponsors', 'Campañas', 'Categorías']);
  });

  it('shows the name and the role names joined by commas', async () => {
    signIn(userWithRole('ADMIN', { rol: ['Admin', 'Operador'] }));
    await openShell('/');
    expect(within(nav()).getByText('Ana Pérez')).toBeInTheDocument();
    expect(within(nav()).getByText('Admin, Operador')).toBeInTheDocument();
  });

  it("falls back to 'Usuario' and 'Sin rol'", async () => {
    signIn(userWithRole('ADMIN', { name: '', rol: [] }));
    await openShell('/');
    expect(within(nav()).getByText('Usuario')).toBeInTheDocument();
    expect(within(nav()).getByText('Sin rol')).toBeInTheDocument();
  });

  it('highlights the entry of the current screen', async () => {
    signIn(userWithRole('SUPER_ADMIN'));
    await openMenu('/categorias');
    expect(within(nav()).getByRole('link', { name: 'Categorías' })).toHaveAttribute('data-active');
    expect(within(nav()).getByRole('link', { name: 'Sponsors' })).not.toHaveAttribute('data-active');
  });

  it('opens Operaciones and goes to Agendamientos', async () => {
    signIn(userWithRole('OPERATOR'));
    const { user } = await openMenu('/');
    const group = within(nav()).getByRole('button', { name: 'Operaciones' });
    expect(group).toHaveAttribute('aria-expanded', 'false');
    await user.click(group);
    expect(group).toHaveAttribute('aria-expanded', 'true');
    await user.click(await within(nav()).findByRole('link', { name: 'Agendamientos' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Agendamientos' })).toBeInTheDocument();
    expect(window.location.pathname).toBe('/agendamientos');
  });

  it('closes the slide-over menu when a link is chosen', async () => {
    signIn(userWithRole('SUPER_ADMIN'));
    const { user } = await openShell('/');
    await user.click(screen.getByRole('button', { name: 'Abrir menú' }));
    await user.click(within(nav()).getByRole('link', { name: 'Categorías' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Categorías' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Abrir menú' })).toBeInTheDocument();
    expect(nav()).toHaveAttribute('inert');
  });

  it('goes to every campaign from Campañas, and names the tab after the screen', async () => {
    signIn(userWithRole('ADMIN'));
    const { user } = await openMenu('/');
    await waitFor(() => expect(document.title).toBe('Sponsors · Panel de Control'));
    await user.click(within(nav()).getByRole('link', { name: 'Campañas' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Campañas' })).toBeInTheDocument();
    expect(window.location.pathname).toBe('/campanas');
    expect(within(nav()).getByRole('link', { name: 'Campañas' })).toHaveAttribute('data-active');
    await waitFor(() => expect(document.title).toBe('Campañas · Panel de Control'));
  });

  it("offers 'Saltar al contenido' first, and it takes focus to the page's content", async () => {
    signIn(userWithRole('SUPER_ADMIN'));
    const { user } = await openShell('/');
    await user.tab();
    const skip = screen.getByRole('link', { name: 'Saltar al contenido' });
    expect(skip).toHaveFocus();
    await user.keyboard('{Enter}');
    expect(screen.getByRole('main')).toHaveFocus();
    expect(screen.getByRole('main')).toContainElement(screen.getByRole('heading', { level: 1, name: 'Sponsors' }));
  });

  it('keeps the folded menu out of reach, and Escape folds it back onto its button', async () => {
    signIn(userWithRole('SUPER_ADMIN'));
    const { user } = await openShell('/');
    // jsdom is a narrow screen here (no media query matches): the menu starts folded, its links not built yet.
    expect(nav()).toHaveAttribute('inert');
    expect(within(nav()).queryAllByRole('link')).toEqual([]);
    const burger = screen.getByRole('button', { name: 'Abrir menú' });
    await user.click(burger);
    expect(nav()).not.toHaveAttribute('inert');
    expect(screen.getByRole('button', { name: 'Cerrar menú' })).toHaveAttribute('aria-expanded', 'true');

    await user.keyboard('{Escape}');
    expect(nav()).toHaveAttribute('inert');
    expect(screen.getByRole('button', { name: 'Abrir menú' })).toHaveFocus();
  });

  it('opens Operaciones by itself on one of its screens', async () => {
    signIn(userWithRole('OPERATOR'));
    await openMenu('/agendamientos');
    expect(within(nav()).getByRole('button', { name: 'Operaciones' })).toHaveAttribute('aria-expanded', 'true');
    expect(within(nav()).getByRole('link', { name: 'Agendamientos' })).toHaveAttribute('data-active');
  });
});

describe('the profile', () => {
  it('follows the server: a role given meanwhile shows in the menu without signing in again', async () => {
    signIn(userWithRole('ADMIN'));
    server.use(http.get(apiUrl('auth/me'), () => ok(userWithRole('SUPER_ADMIN'))));
    await openMenu('/');
    await waitFor(() => expect(menuEntries()).toContain('Usuarios'));
    expect(useSessionStore.getState().user?.rol).toEqual(['Super Admin']);
  });
});

describe('signing out', () => {
  const signOut = async (user: Awaited<ReturnType<typeof openShell>>['user']) => {
    await user.click(screen.getByRole('button', { name: 'Menú de usuario' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Cerrar sesión' }));
  };

  it("says 'Cerrando…' while the call runs, then ends the session and goes to /login", async () => {
    let answer: () => void = () => {};
    const answered = new Promise<void>((resolve) => (answer = resolve));
    let calls = 0;
    server.use(
      http.post(apiUrl('auth/logout'), async () => {
        calls += 1;
        await answered;
        return ok(null, 'Sesión cerrada.');
      }),
    );
    signIn(userWithRole('SUPER_ADMIN'));
    const { user } = await openShell('/');

    await signOut(user);
    expect(await screen.findByRole('menuitem', { name: 'Cerrando…' })).toBeDisabled();
    expect(useSessionStore.getState().token).toBe('t');

    answer();
    await waitFor(() => expect(window.location.pathname).toBe('/login'));
    expect(calls).toBe(1);
    expect(useSessionStore.getState().token).toBeNull();
  });

  it('lands on /login even when the server fails with 500', async () => {
    server.use(http.post(apiUrl('auth/logout'), () => fail(500, 'Error interno')));
    signIn(userWithRole('OPERATOR'));
    const { user } = await openShell('/categorias');

    await signOut(user);
    await waitFor(() => expect(window.location.pathname).toBe('/login'));
    expect(useSessionStore.getState().token).toBeNull();
    await waitFor(() => expect(screen.queryByRole('navigation', { name: 'Menú principal' })).not.toBeInTheDocument());
  });
});
