import { DEFAULT_ROLE_PERMISSIONS } from '@contract';
import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { useSessionStore } from '@/shared/auth';
import { renderRoute } from '../../../../tests/utils/render';

const signInAs = (slug: 'SUPER_ADMIN' | 'ADMIN' | 'OPERATOR') =>
  useSessionStore.setState({
    token: 't',
    user: {
      id: 2,
      name: 'Luis',
      email: 'luis@example.com',
      phone: null,
      rol: [slug],
      roles: [slug],
      permissions: DEFAULT_ROLE_PERMISSIONS[slug],
    },
  });

describe('/users', () => {
  it('sends anyone who may not manage users to /', async () => {
    signInAs('ADMIN');
    renderRoute('/users');
    expect(await screen.findByRole('heading', { level: 1, name: 'Sponsors' })).toBeInTheDocument();
    await waitFor(() => expect(window.location.pathname).toBe('/'));
    expect(screen.queryByRole('heading', { name: 'Gestión de Usuarios' })).not.toBeInTheDocument();
  });

  it('opens for a super admin', async () => {
    signInAs('SUPER_ADMIN');
    renderRoute('/users');
    expect(await screen.findByRole('heading', { level: 1, name: 'Gestión de Usuarios' })).toBeInTheDocument();
    expect(window.location.pathname).toBe('/users');
  });
});
