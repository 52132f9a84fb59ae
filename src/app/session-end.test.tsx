import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { SESSION_EXPIRED_NOTICE } from '@/shared/api';
import { useSessionStore } from '@/shared/auth';
import { signedInUser } from '../../tests/msw/handlers/auth';
import { currentLocation, renderRoute, startSession } from '../../tests/utils/render';

describe('when the session ends', () => {
  it('leaves the protected screen for /login and says why', async () => {
    startSession();
    renderRoute('/categorias');
    await screen.findByRole('heading', { name: 'Categorías' });

    // What the API client does on any 401.
    useSessionStore.getState().logout(SESSION_EXPIRED_NOTICE);

    await screen.findByRole('heading', { name: 'Bienvenido' });
    expect(currentLocation()).toBe('/login');
    expect(screen.getByText(SESSION_EXPIRED_NOTICE)).toBeInTheDocument();
  });

  it('sends unknown paths home, and home without a session to /login', async () => {
    renderRoute('/no/existe');
    await screen.findByRole('heading', { name: 'Bienvenido' });
    expect(currentLocation()).toBe('/login');
  });

  it('sends a signed-in person away from /login', async () => {
    startSession(signedInUser);
    renderRoute('/login');
    await screen.findByRole('heading', { name: 'Sponsors' });
    expect(currentLocation()).toBe('/');
  });
});
