import { ACCOUNT_MESSAGES } from '@contract/account';
import { PASSWORD_POLICY_MESSAGES } from '@contract/auth';
import { screen, waitFor, within } from '@testing-library/react';
import { delay, http } from 'msw';
import { afterEach, describe, expect, it } from 'vitest';
import { useSessionStore, type SessionUser } from '@/shared/auth';
import { apiUrl, fail, ok } from '../../../../tests/msw/envelope';
import { CURRENT_PASSWORD, accountDb } from '../../../../tests/msw/handlers/account';
import { signedInUser } from '../../../../tests/msw/handlers/auth';
import { server } from '../../../../tests/msw/server';
import { currentLocation, renderRoute, startSession } from '../../../../tests/utils/render';

afterEach(() => {
  server.events.removeAllListeners();
});

const ana: SessionUser = {
  ...signedInUser,
  phone: '+57 300 123 4567',
  rol: ['Super Admin', 'Operador'],
  roles: ['SUPER_ADMIN', 'OPERATOR'],
};

/** Opens /mi-cuenta signed in and waits for the sessions to show. */
const openAccount = async (as: SessionUser = ana) => {
  startSession(as);
  const view = renderRoute('/mi-cuenta');
  await screen.findByRole('heading', { level: 1, name: 'Mi cuenta' });
  await screen.findByRole('list', { name: 'Sesiones abiertas' });
  return view;
};

const sessionsList = () => screen.getByRole('list', { name: 'Sesiones abiertas' });
const sessionItems = () => within(sessionsList()).getAllByRole('listitem');
const itemOf = (device: string) => sessionItems().find((item) => within(item).queryByText(device))!;
const section = (name: string) => screen.getByRole('region', { name });

/** Fills the three password fields and submits. */
const submitPasswords = async (
  user: Awaited<ReturnType<typeof openAccount>>['user'],
  passwords: { current?: string; next?: string; confirmation?: string } = {},
) => {
  const { current = CURRENT_PASSWORD, next = 'Otra-Clave-2026' } = passwords;
  const confirmation = passwords.confirmation ?? next;
  if (current) await user.type(screen.getByLabelText(/Contraseña actual/), current);
  if (next) await user.type(screen.getByLabelText(/^Nueva contraseña/), next);
  if (confirmation) await user.type(screen.getByLabelText(/Confirmar nueva contraseña/), confirmation);
  await user.click(screen.getByRole('button', { name: 'Cambiar contraseña' }));
};

describe('account page: reaching it', () => {
  it("opens from the avatar menu's 'Mi cuenta', above 'Cerrar sesión', for someone with no permission at all", async () => {
    startSession({ ...ana, rol: ['Operador'], roles: ['OPERATOR'], permissions: [] });
    const { user } = renderRoute('/');
    await screen.findByRole('heading', { level: 1, name: 'Sponsors' });
    await user.click(screen.getByRole('button', { name: 'Menú de usuario' }));
    const items = (await screen.findAllByRole('menuitem')).map((item) => item.textContent);
    // Between them, the theme.
    expect(items).toEqual(['Mi cuenta', 'Claro', 'Oscuro', 'Sistema', 'Cerrar sesión']);
    await user.click(screen.getByRole('menuitem', { name: 'Mi cuenta' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Mi cuenta' })).toBeInTheDocument();
    expect(currentLocation()).toBe('/mi-cuenta');
    await waitFor(() => expect(document.title).toBe('Mi cuenta · Panel de Control'));
  });

  it('sends someone signed out to /login', async () => {
    renderRoute('/mi-cuenta');
    await screen.findByRole('button', { name: 'Continuar' });
    expect(currentLocation()).toBe('/login?redirect=%2Fmi-cuenta');
  });
});

describe('account page: profile and sessions', () => {
  it('shows the profile and every open session, this one first and marked', async () => {
    accountDb.seedOthers(1, () => ({
      device: 'Safari 17 en iOS',
      address: null,
      created_at: '2026-03-01T08:15:00.000Z',
      // Used after this browser's session, so the server lists it first.
      last_used_at: '2026-03-05T10:30:00.000Z',
    }));
    await openAccount();

    const profile = section('Perfil');
    for (const text of ['Ana Admin', 'ana@example.com', '+57 300 123 4567', 'Super Admin', 'Operador']) {
      expect(within(profile).getByText(text)).toBeInTheDocument();
    }

    const items = sessionItems();
    expect(items).toHaveLength(2);
    const [current, other] = items as [HTMLElement, HTMLElement];
    expect(within(current).getByText('Chrome 126 en Windows')).toBeInTheDocument();
    expect(within(current).getByText('Esta sesión')).toBeInTheDocument();
    expect(within(current).getByText('190.24.10.5')).toBeInTheDocument();
    expect(within(other).getByText('Safari 17 en iOS')).toBeInTheDocument();
    expect(within(other).queryByText('Esta sesión')).not.toBeInTheDocument();
    expect(within(other).getByText('Desconocida')).toBeInTheDocument();
    // Started and last used, in Spanish.
    expect(within(other).getByText('Iniciada').nextElementSibling).toHaveTextContent(/^1 de marzo de 2026, \d\d:15$/);
    expect(within(other).getByText('Último uso').nextElementSibling).toHaveTextContent(/^5 de marzo de 2026, \d\d:30$/);
  });

  it('says it is loading, then shows the server’s message with a retry that loads the list', async () => {
    // Refused until the retry: the route's prefetch and the page's own request both see the refusal.
    let refusing = true;
    server.use(
      http.get(apiUrl('auth/sessions'), async () => {
        await delay(30);
        return refusing ? fail(429, 'Demasiadas solicitudes. Espera un momento.') : ok(accountDb.sessions);
      }),
    );
    startSession(ana);
    const { user } = renderRoute('/mi-cuenta');
    expect(await screen.findByText('Cargando sesiones...')).toBeInTheDocument();
    expect(await screen.findByText('Demasiadas solicitudes. Espera un momento.')).toBeInTheDocument();
    refusing = false;
    await user.click(screen.getByRole('button', { name: 'Reintentar' }));
    expect(await screen.findByText('Chrome 126 en Windows')).toBeInTheDocument();
    expect(screen.queryByText('Demasiadas solicitudes. Espera un momento.')).not.toBeInTheDocument();
  });

  it('says so when the server lists no session', async () => {
    accountDb.sessions = [];
    startSession(ana);
    renderRoute('/mi-cuenta');
    expect(await screen.findByRole('heading', { name: 'No hay sesiones abiertas' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Cerrar todas las demás' })).toBeDisabled();
  });
});

describe('account page: changing the password', () => {
  it('checks the contract’s rules before sending anything', async () => {
    const { user } = await openAccount();
    await user.click(screen.getByRole('button', { name: 'Cambiar contraseña' }));
    expect(await screen.findByText(ACCOUNT_MESSAGES.currentPasswordRequired)).toBeInTheDocument();
    expect(screen.getByText(ACCOUNT_MESSAGES.passwordRequired)).toBeInTheDocument();
    expect(screen.getByText(ACCOUNT_MESSAGES.confirmationRequired)).toBeInTheDocument();

    await submitPasswords(user, { next: 'corta', confirmation: 'corta' });
    expect(await screen.findByText(ACCOUNT_MESSAGES.passwordTooShort)).toBeInTheDocument();

    await user.clear(screen.getByLabelText(/^Nueva contraseña/));
    await user.type(screen.getByLabelText(/^Nueva contraseña/), 'Otra-Clave-2026');
    await user.click(screen.getByRole('button', { name: 'Cambiar contraseña' }));
    expect(await screen.findByText(ACCOUNT_MESSAGES.confirmationMismatch)).toBeInTheDocument();
    expect(accountDb.passwordChanges).toEqual([]);
  });

  it.each([
    ['a wrong current password', { current: 'No-Es-Esta-1' }, /Contraseña actual/, ACCOUNT_MESSAGES.currentPasswordWrong],
    ['a common password', { next: 'password' }, /^Nueva contraseña/, PASSWORD_POLICY_MESSAGES.common],
    ['the e-mail as password', { next: 'ana@example.com' }, /^Nueva contraseña/, PASSWORD_POLICY_MESSAGES.sameAsEmail],
  ])('puts the server’s refusal of %s under its field', async (_case, passwords, field, message) => {
    const { user } = await openAccount();
    await submitPasswords(user, passwords);
    await waitFor(() => expect(screen.getByLabelText(field)).toHaveAccessibleDescription(expect.stringContaining(message)));
    // The generic 422 message is not repeated above the form.
    expect(screen.queryByText('Los datos enviados no son válidos.')).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Cambiar contraseña' })).toBeEnabled();
  });

  it('shows a refusal that names no field above the form', async () => {
    server.use(http.post(apiUrl('auth/change-password'), () => fail(429, 'Demasiados intentos. Espera un momento.')));
    const { user } = await openAccount();
    await submitPasswords(user);
    expect(await screen.findByText('Demasiados intentos. Espera un momento.')).toBeInTheDocument();
  });

  it("says 'Guardando…' while saving, then notifies, clears the form and lists only this session", async () => {
    accountDb.seedOthers(2);
    server.use(
      http.post(apiUrl('auth/change-password'), async () => {
        await delay(50);
        return undefined;
      }),
    );
    const { user } = await openAccount();
    expect(sessionItems()).toHaveLength(3);

    await submitPasswords(user);
    expect(await screen.findByRole('button', { name: 'Guardando…' })).toBeDisabled();
    expect(await screen.findByText(ACCOUNT_MESSAGES.passwordChanged)).toBeInTheDocument();
    expect(accountDb.passwordChanges).toEqual([
      { current_password: CURRENT_PASSWORD, password: 'Otra-Clave-2026', password_confirmation: 'Otra-Clave-2026' },
    ]);
    for (const label of [/Contraseña actual/, /^Nueva contraseña/, /Confirmar nueva contraseña/]) {
      expect(screen.getByLabelText(label)).toHaveValue('');
    }
    await waitFor(() => expect(sessionItems()).toHaveLength(1));
    expect(within(sessionItems()[0]!).getByText('Esta sesión')).toBeInTheDocument();
  });
});

describe('account page: closing sessions', () => {
  it('closes another session and takes it off the list', async () => {
    accountDb.seedOthers(2, (index) => ({ device: index === 0 ? 'Safari 17 en iOS' : 'Edge 125 en Windows' }));
    const { user } = await openAccount();
    await user.click(within(itemOf('Safari 17 en iOS')).getByRole('button', { name: /^Cerrar esta sesión/ }));
    expect(await screen.findByText(ACCOUNT_MESSAGES.sessionClosed)).toBeInTheDocument();
    await waitFor(() => expect(within(sessionsList()).queryByText('Safari 17 en iOS')).not.toBeInTheDocument());
    expect(sessionItems()).toHaveLength(2);
    expect(accountDb.sessions.map((session) => session.device)).not.toContain('Safari 17 en iOS');
    // Still signed in.
    expect(useSessionStore.getState().token).not.toBeNull();
  });

  it('shows the server’s message when the session was already gone, and drops it from the list', async () => {
    accountDb.seedOthers(1, () => ({ device: 'Safari 17 en iOS' }));
    const { user } = await openAccount();
    // Closed meanwhile from the other device.
    accountDb.sessions = accountDb.sessions.filter((session) => session.current);
    await user.click(within(itemOf('Safari 17 en iOS')).getByRole('button', { name: /^Cerrar esta sesión/ }));
    expect(await screen.findByText(ACCOUNT_MESSAGES.sessionNotFound)).toBeInTheDocument();
    await waitFor(() => expect(sessionItems()).toHaveLength(1));
  });

  it("offers no 'Cerrar todas las demás' when this is the only session", async () => {
    await openAccount();
    expect(sessionItems()).toHaveLength(1);
    expect(screen.getByRole('button', { name: 'Cerrar todas las demás' })).toBeDisabled();
  });

  it("'Cerrar todas las demás' says it is working, then how many it closed, and keeps this one", async () => {
    accountDb.seedOthers(2);
    server.use(
      http.post(apiUrl('auth/sessions/close-others'), async () => {
        await delay(50);
        return undefined;
      }),
    );
    const { user } = await openAccount();
    await user.click(screen.getByRole('button', { name: 'Cerrar todas las demás' }));
    expect(await screen.findByRole('button', { name: 'Cerrando sesiones…' })).toBeDisabled();
    expect(await screen.findByText('2 sesiones cerradas.')).toBeInTheDocument();
    expect(screen.getByText(ACCOUNT_MESSAGES.othersClosed)).toBeInTheDocument();
    await waitFor(() => expect(sessionItems()).toHaveLength(1));
    expect(within(sessionItems()[0]!).getByText('Esta sesión')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Cerrar todas las demás' })).toBeDisabled();
  });

  it('closing this session signs out like the menu does: one logout call, then /login', async () => {
    accountDb.seedOthers(1);
    let logouts = 0;
    const deletes: string[] = [];
    server.use(
      http.post(apiUrl('auth/logout'), () => {
        logouts += 1;
        return ok(null, 'Sesión cerrada.');
      }),
    );
    server.events.on('request:start', ({ request }) => {
      if (request.method === 'DELETE') deletes.push(request.url);
    });
    const { user } = await openAccount();
    await user.click(within(itemOf('Chrome 126 en Windows')).getByRole('button', { name: /^Cerrar esta sesión/ }));
    await waitFor(() => expect(currentLocation()).toBe('/login'));
    expect(useSessionStore.getState().token).toBeNull();
    expect(logouts).toBe(1);
    expect(deletes).toEqual([]);
  });
});
