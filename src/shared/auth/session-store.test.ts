import { afterEach, describe, expect, it } from 'vitest';
import { useSessionStore, type SessionUser } from './session-store';

const ana: SessionUser = {
  id: 1,
  name: 'Ana Admin',
  email: 'ana@example.com',
  phone: null,
  rol: ['Administrador'],
  roles: ['ADMIN'],
  permissions: ['users.edit', 'sponsors.edit'],
};

afterEach(() => useSessionStore.getState().logout());

describe('the session store: refreshing the profile', () => {
  it('tells nobody when the server answers the profile already kept, so no screen is drawn again', () => {
    useSessionStore.getState().setLogin('token', ana);
    const kept = useSessionStore.getState().user;
    let notified = 0;
    const unsubscribe = useSessionStore.subscribe(() => (notified += 1));
    useSessionStore.getState().refreshUser(structuredClone(ana));
    unsubscribe();
    expect(notified).toBe(0);
    expect(useSessionStore.getState().user).toBe(kept);
  });

  it('keeps what changed: a new permission reaches the readers, the unchanged roles keep their object', () => {
    useSessionStore.getState().setLogin('token', ana);
    const before = useSessionStore.getState().user!;
    useSessionStore.getState().refreshUser({ ...structuredClone(ana), permissions: [...ana.permissions, 'audit.view'] });
    const after = useSessionStore.getState().user!;
    expect(after.permissions).toEqual(['users.edit', 'sponsors.edit', 'audit.view']);
    expect(after).not.toBe(before);
    expect(after.roles).toBe(before.roles);
  });

  it('changes nothing after a sign-out, whatever a late profile answer says', () => {
    useSessionStore.getState().setLogin('token', ana);
    useSessionStore.getState().logout();
    useSessionStore.getState().refreshUser({ ...ana, name: 'Otra' });
    expect(useSessionStore.getState().token).toBeNull();
    expect(useSessionStore.getState().user?.name).toBe('Ana Admin');
  });
});
