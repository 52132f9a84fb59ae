import { TOTP_MESSAGES } from '@contract/account';
import { DEFAULT_ROLE_PERMISSIONS, PERMISSION_NAMES } from '@contract/permissions';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { SessionUser } from '@/shared/auth';
import { signedInUser } from '../../../../tests/msw/handlers/auth';
import { buildUser, usersDb } from '../../../../tests/msw/handlers/users';
import { renderRoute, startSession } from '../../../../tests/utils/render';

const superAdmin: SessionUser = { ...signedInUser, permissions: [...PERMISSION_NAMES] };
const admin: SessionUser = { ...signedInUser, rol: ['Admin'], roles: ['ADMIN'], permissions: [...DEFAULT_ROLE_PERMISSIONS.ADMIN, 'users.manage'] };

const openEdit = async (as: SessionUser, name: string) => {
  startSession(as);
  const { user } = renderRoute('/users');
  await user.click(await screen.findByRole('button', { name: `Editar a ${name}` }));
  return { user, dialog: await screen.findByRole('dialog', { name: 'Editar Usuario' }) };
};

describe("a user's second factor in the users admin", () => {
  it('lets a super admin reset an authenticator app, after asking', async () => {
    usersDb.users.push(buildUser({ name: 'Carla Ruiz', second_factor: 'app' }));
    const { user, dialog } = await openEdit(superAdmin, 'Carla Ruiz');
    const factor = within(dialog).getByRole('group', { name: 'Segundo factor' });
    expect(within(factor).getByText('Aplicación de autenticación')).toBeInTheDocument();
    await user.click(within(factor).getByRole('button', { name: 'Restablecer segundo factor' }));
    const question = await screen.findByRole('dialog', { name: 'Restablecer segundo factor' });
    expect(question).toHaveTextContent('Carla Ruiz ya no podrá entrar con su aplicación de autenticación');
    await user.click(within(question).getByRole('button', { name: 'Sí, restablecer' }));
    expect(await screen.findByText(TOTP_MESSAGES.reset)).toBeInTheDocument();
    await waitFor(() => expect(within(factor).getByText('Código por correo')).toBeInTheDocument());
    expect(within(factor).queryByRole('button', { name: 'Restablecer segundo factor' })).not.toBeInTheDocument();
    expect(usersDb.users.find((row) => row.name === 'Carla Ruiz')?.second_factor).toBe('email');
  });

  it('offers no reset to who is not a super admin, nor for someone whose code is mailed', async () => {
    usersDb.users.push(buildUser({ name: 'Carla Ruiz', second_factor: 'app' }), buildUser({ name: 'Diego Mora' }));
    const { dialog } = await openEdit(admin, 'Carla Ruiz');
    expect(within(dialog).getByText('Aplicación de autenticación')).toBeInTheDocument();
    expect(within(dialog).queryByRole('button', { name: 'Restablecer segundo factor' })).not.toBeInTheDocument();
  });
});
