import { QueryClient } from '@tanstack/react-query';
import type { AnyRoute } from '@tanstack/react-router';
import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { SESSION_EXPIRED_NOTICE } from '@/shared/api';
import { useSessionStore } from '@/shared/auth';
import { createAppRouter } from './routes/router';
import { signedInUser } from '../../tests/msw/handlers/auth';
import { currentLocation, renderRoute, startSession } from '../../tests/utils/render';

describe('when the session ends', () => {
  it('leaves the protected screen for /login, says why, and keeps the place to come back to', async () => {
    startSession();
    renderRoute('/campanas?q=hogar');
    await screen.findByRole('heading', { level: 1, name: 'Campañas' });

    // What the API client does on any 401.
    useSessionStore.getState().logout(SESSION_EXPIRED_NOTICE);

    await screen.findByRole('heading', { name: 'Bienvenido' });
    expect(currentLocation()).toBe('/login?redirect=%2Fcampanas%3Fq%3Dhogar');
    expect(screen.getByText(SESSION_EXPIRED_NOTICE)).toBeInTheDocument();
  });

  it('comes back to that place, search included, after signing in again', async () => {
    startSession();
    const { user } = renderRoute('/campanas?q=hogar');
    await screen.findByRole('heading', { level: 1, name: 'Campañas' });
    useSessionStore.getState().logout(SESSION_EXPIRED_NOTICE);

    await user.type(await screen.findByLabelText('Correo electrónico'), 'ana@example.com');
    await user.type(screen.getByLabelText('Contraseña'), 'secreto123');
    await user.click(screen.getByRole('button', { name: 'Continuar' }));
    await screen.findByRole('heading', { name: 'Verifica tu identidad' });
    await user.click(screen.getByRole('textbox', { name: 'Dígito 1 del código' }));
    // Six digits go by themselves.
    await user.paste('123456');

    await screen.findByRole('heading', { level: 1, name: 'Campañas' });
    expect(currentLocation()).toBe('/campanas?q=hogar');

    // Back right after signing in stays at the place the sign-in was taking the person to.
    const wentBack = new Promise((resolve) => window.addEventListener('popstate', resolve, { once: true }));
    window.history.back();
    await wentBack;
    await waitFor(() => expect(currentLocation()).toBe('/campanas?q=hogar'));
    expect(screen.getByRole('heading', { level: 1, name: 'Campañas' })).toBeInTheDocument();
  });

  it('carries a deep link opened without a session to /login', async () => {
    renderRoute('/users?q=ana&page=2');
    await screen.findByRole('heading', { name: 'Bienvenido' });
    expect(currentLocation()).toBe('/login?redirect=%2Fusers%3Fq%3Dana%26page%3D2');
  });

  it('starts afresh after signing out on purpose', async () => {
    startSession();
    renderRoute('/campanas?q=hogar');
    await screen.findByRole('heading', { level: 1, name: 'Campañas' });
    useSessionStore.getState().logout();
    await screen.findByRole('heading', { name: 'Bienvenido' });
    expect(currentLocation()).toBe('/login');
  });

  it('sends unknown paths home, and home without a session to /login', async () => {
    renderRoute('/no/existe');
    await screen.findByRole('heading', { name: 'Bienvenido' });
    expect(currentLocation()).toBe('/login');
  });

  it('names every screen in the browser tab', () => {
    const router = createAppRouter(new QueryClient());
    const untitled = Object.values(router.routesByPath)
      .filter((route) => {
        for (let current: AnyRoute | undefined = route; current; current = current.parentRoute) {
          if (current.options.staticData?.title) return false;
        }
        return true;
      })
      .map((route) => route.fullPath);
    expect(untitled).toEqual([]);
  });

  it('sends a signed-in person away from /login', async () => {
    startSession(signedInUser);
    renderRoute('/login');
    await screen.findByRole('heading', { name: 'Sponsors' });
    expect(currentLocation()).toBe('/');
  });
});
