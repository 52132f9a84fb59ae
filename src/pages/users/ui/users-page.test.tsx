import { DEFAULT_ROLE_PERMISSIONS, PERMISSION_NAMES } from '@contract/permissions';
import { screen, waitFor, within } from '@testing-library/react';
import { delay, http } from 'msw';
import { afterEach, describe, expect, it } from 'vitest';
import type { SessionUser } from '@/shared/auth';
import { apiUrl, fail } from '../../../../tests/msw/envelope';
import { auditDb } from '../../../../tests/msw/handlers/audit';
import { signedInUser } from '../../../../tests/msw/handlers/auth';
import { rolesDb } from '../../../../tests/msw/handlers/roles';
import { buildUser, usersDb } from '../../../../tests/msw/handlers/users';
import { server } from '../../../../tests/msw/server';
import { chooseOption, listboxOf } from '../../../../tests/utils/choose-option';
import { fillIn } from '../../../../tests/utils/fill-in';
import { currentLocation, renderRoute, startSession } from '../../../../tests/utils/render';

// Request listeners are per test.
afterEach(() => {
  server.events.removeAllListeners();
});

const superAdmin: SessionUser = { ...signedInUser, permissions: [...PERMISSION_NAMES] };

/** Opens /users (or a deep link) signed in as `as`, and waits for the title. */
const openUsers = async (path = '/users', as: SessionUser = superAdmin) => {
  startSession(as);
  const view = renderRoute(path);
  await screen.findByRole('heading', { level: 1, name: 'Gestión de Usuarios' });
  return view;
};

/** Every users-list request the page made, as URLs. */
const recordListRequests = () => {
  const urls: URL[] = [];
  server.events.on('request:start', ({ request }) => {
    const url = new URL(request.url);
    if (request.method === 'GET' && url.pathname === '/api/v1/users') urls.push(url);
  });
  return urls;
};

const table = () => screen.getByRole('table');
const rowOf = (name: string) => screen.getByRole('row', { name: new RegExp(name) });

/** The options of a Mantine Select or MultiSelect (see chooseOption for why they are looked up this way). */
const optionsOf = async (user: ReturnType<typeof renderRoute>['user'], label: string) => {
  const combobox = screen.getByRole('combobox', { name: label });
  await user.click(combobox);
  const listbox = listboxOf(combobox)!;
  return within(listbox).getAllByRole('option', { hidden: true });
};

describe('users page: access', () => {
  it.each(['ADMIN', 'BUSINESS_LEADER', 'OPERATOR'] as const)('sends a %s, who may not manage users, home', async (slug) => {
    startSession({ ...signedInUser, rol: [slug], roles: [slug], permissions: DEFAULT_ROLE_PERMISSIONS[slug] });
    renderRoute('/users');
    expect(await screen.findByRole('heading', { level: 1, name: 'Sponsors' })).toBeInTheDocument();
    expect(currentLocation()).toBe('/');
    expect(screen.queryByRole('heading', { name: 'Gestión de Usuarios' })).not.toBeInTheDocument();
  });

  it('shows no Roles tab to who manages users but not roles', async () => {
    usersDb.seed(1);
    await openUsers('/users?tab=roles', { ...superAdmin, permissions: ['users.manage'] });
    expect(screen.queryByRole('tab', { name: 'Roles' })).not.toBeInTheDocument();
    expect(await screen.findByRole('table')).toBeInTheDocument();
  });
});

describe('users page: the list', () => {
  it('shows the counter, the five columns and each user’s initials, contact, roles and state', async () => {
    usersDb.seed(3);
    usersDb.users.push(buildUser({ name: 'Beatriz Gómez', dni: '1234', email: 'bea@example.com', phone: '300 111', roles: ['ADMIN', 'OPERATOR'], is_active: false }));
    await openUsers();
    expect(await screen.findByText('4 de 4 usuarios')).toBeInTheDocument();
    const headers = within(table()).getAllByRole('columnheader').map((header) => header.textContent);
    expect(headers).toEqual(['Usuario', 'Contacto', 'Rol', 'Estado', 'Acciones']);
    const row = rowOf('Beatriz Gómez');
    for (const text of ['BG', 'DNI 1234', 'bea@example.com', '300 111', 'Admin', 'Operador', 'Inactivo']) {
      expect(within(row).getByText(text)).toBeInTheDocument();
    }
    expect(within(rowOf('Persona 1')).getByText('Activo')).toBeInTheDocument();
    expect(within(row).getByRole('button', { name: 'Editar a Beatriz Gómez' })).toBeInTheDocument();
    expect(within(row).getByRole('button', { name: 'Eliminar a Beatriz Gómez' })).toBeInTheDocument();
    // One page: no pager.
    expect(screen.queryByRole('navigation', { name: 'Paginación' })).not.toBeInTheDocument();
  });

  it('asks for 15 users a page, newest first, and pages with the pager', async () => {
    usersDb.seed(20);
    const requests = recordListRequests();
    const { user } = await openUsers();
    expect(await screen.findByText('15 de 20 usuarios')).toBeInTheDocument();
    expect(requests[0]!.searchParams.get('limit')).toBe('15');
    expect(requests[0]!.searchParams.get('sort')).toBe('-created_at');
    expect(screen.getByText('Página 1 de 2 • 20 usuarios en total')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Siguiente' }));
    expect(await screen.findByText('5 de 20 usuarios')).toBeInTheDocument();
    expect(currentLocation()).toBe('/users?page=2');
    expect(screen.getByText('Página 2 de 2 • 20 usuarios en total')).toBeInTheDocument();
  });

  it('says it is loading, then shows the server’s message or the fallback when the list fails', async () => {
    server.use(
      http.get(apiUrl('v1/users'), async () => {
        await delay(50);
        // A refusal without a message (a 4xx, so the panel does not retry).
        return fail(400, '');
      }),
    );
    await openUsers();
    expect(screen.getByText('Cargando usuarios...')).toBeInTheDocument();
    expect(await screen.findByText('No se pudieron cargar los usuarios')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Reintentar' })).toBeInTheDocument();
  });

  it('does not offer to delete oneself', async () => {
    usersDb.users.push(buildUser({ id: superAdmin.id, name: superAdmin.name, roles: ['SUPER_ADMIN'] }));
    await openUsers();
    const row = await screen.findByRole('row', { name: /Ana Admin/ });
    expect(within(row).getByRole('button', { name: 'Editar a Ana Admin' })).toBeInTheDocument();
    expect(within(row).queryByRole('button', { name: /Eliminar/ })).not.toBeInTheDocument();
  });
});

describe('users page: each user’s history', () => {
  it('opens a user’s Historial from their row, with that user’s changes', async () => {
    usersDb.seed(2);
    const [first] = usersDb.users;
    auditDb.add({
      resource: 'user',
      resource_id: first!.id,
      resource_label: first!.name,
      changes: [{ field: 'is_active', before: true, after: false, secret: false }],
    });
    const { user } = await openUsers();
    await user.click(await screen.findByRole('button', { name: `Historial de ${first!.name}` }));
    const drawer = await screen.findByRole('dialog', { name: `Historial de ${first!.name}` });
    expect(await within(drawer).findByText(`Ana Admin desactivó el usuario ${first!.name}`)).toBeInTheDocument();
  });
});

describe('users page: filters live in the URL', () => {
  it('opens a deep link with its search, role, state and page, and asks the server for exactly that', async () => {
    usersDb.seed(20, () => ({ name: 'Ana Inactiva', roles: ['ADMIN'], is_active: false }));
    const requests = recordListRequests();
    await openUsers('/users?q=ana&role=ADMIN&status=inactive&page=2');
    expect(await screen.findByText('5 de 20 usuarios')).toBeInTheDocument();
    const sent = requests.at(-1)!.searchParams;
    expect(Object.fromEntries(sent)).toEqual({
      'filter[q]': 'ana',
      'filter[role]': 'ADMIN',
      'filter[is_active]': '0',
      sort: '-created_at',
      page: '2',
      limit: '15',
    });
    expect(screen.getByRole('searchbox', { name: 'Buscar usuarios' })).toHaveValue('ana');
    expect(screen.getByRole('combobox', { name: 'Filtrar por rol' })).toHaveValue('Admin');
    expect(screen.getByRole('combobox', { name: 'Filtrar por estado' })).toHaveValue('Inactivo');
  });

  it('ignores values it does not know instead of failing', async () => {
    usersDb.seed(2);
    await openUsers('/users?role=REY&status=quizas&page=-3');
    expect(await screen.findByText('2 de 2 usuarios')).toBeInTheDocument();
    await waitFor(() => expect(currentLocation()).toBe('/users'));
    expect(screen.getByRole('combobox', { name: 'Filtrar por rol' })).toHaveValue('Todos los roles');
  });

  it('puts the search (after typing stops), the role and the state in the URL, back on page 1', async () => {
    usersDb.seed(20, (index) => ({ name: index === 0 ? 'Zoila Única' : `Persona ${index}`, roles: index < 3 ? ['ADMIN'] : ['OPERATOR'] }));
    const { user } = await openUsers('/users?page=2');
    await screen.findByText('5 de 20 usuarios');

    await user.type(screen.getByRole('searchbox', { name: 'Buscar usuarios' }), 'zoila');
    await waitFor(() => expect(currentLocation()).toBe('/users?q=zoila'));
    expect(await screen.findByText('1 de 1 usuarios')).toBeInTheDocument();
    expect(rowOf('Zoila Única')).toBeInTheDocument();

    await user.clear(screen.getByRole('searchbox', { name: 'Buscar usuarios' }));
    await waitFor(() => expect(currentLocation()).toBe('/users'));
    await chooseOption(user, 'Filtrar por rol', 'Admin');
    await waitFor(() => expect(currentLocation()).toBe('/users?role=ADMIN'));
    expect(await screen.findByText('3 de 3 usuarios')).toBeInTheDocument();

    await chooseOption(user, 'Filtrar por estado', 'Inactivo');
    await waitFor(() => expect(currentLocation()).toBe('/users?role=ADMIN&status=inactive'));
    expect(await screen.findByText('No se encontraron usuarios con los filtros aplicados')).toBeInTheDocument();
    expect(screen.queryByText('No hay usuarios')).not.toBeInTheDocument();
  });

  it('offers to create the first user when there are none and no filter is on', async () => {
    const { user } = await openUsers();
    expect(await screen.findByText('No hay usuarios')).toBeInTheDocument();
    const empty = screen.getByText('No hay usuarios').closest('div')!.parentElement!;
    await user.click(within(empty).getByRole('button', { name: 'Nuevo Usuario' }));
    expect(await screen.findByRole('dialog', { name: 'Nuevo Usuario' })).toBeInTheDocument();
  });
});

describe('users page: creating and editing', () => {
  const openCreate = async () => {
    const view = await openUsers();
    await screen.findByText('No hay usuarios');
    await view.user.click(screen.getAllByRole('button', { name: 'Nuevo Usuario' })[0]!);
    const dialog = await screen.findByRole('dialog', { name: 'Nuevo Usuario' });
    return { ...view, dialog };
  };

  it('checks every field with the messages of the spec, and clears a message when its field is edited', async () => {
    const { user, dialog } = await openCreate();
    await user.click(within(dialog).getByRole('button', { name: 'Crear Usuario' }));
    for (const message of [
      'El DNI es requerido',
      'El nombre es requerido',
      'El email es requerido',
      'El teléfono es requerido',
      'La contraseña es requerida',
      'Debes seleccionar al menos un rol',
    ]) {
      expect(within(dialog).getByText(message)).toBeInTheDocument();
    }
    await user.type(within(dialog).getByLabelText(/^DNI/), '1');
    expect(within(dialog).queryByText('El DNI es requerido')).not.toBeInTheDocument();
    await fillIn(user, within(dialog).getByLabelText(/^Email/), 'no-es-correo');
    await fillIn(user, within(dialog).getByLabelText(/^Contraseña/), 'corta');
    await user.click(within(dialog).getByRole('button', { name: 'Crear Usuario' }));
    expect(within(dialog).getByText('El email no es válido')).toBeInTheDocument();
    expect(within(dialog).getByText('La contraseña debe tener al menos 8 caracteres.')).toBeInTheDocument();
    expect(usersDb.requests).toEqual([]);
  });

  it('does not offer the super admin role', async () => {
    const { user, dialog } = await openCreate();
    expect(dialog).toBeInTheDocument();
    const options = (await optionsOf(user, 'Roles')).map((option) => option.textContent);
    expect(options).toEqual(['Admin', 'Business Leader', 'Operador']);
  });

  it('creates an active user with trimmed values, saying so while it works, and lists them', async () => {
    server.use(
      http.post(apiUrl('v1/users'), async () => {
        await delay(100);
        return undefined;
      }),
    );
    const { user, dialog } = await openCreate();
    await fillIn(user, within(dialog).getByLabelText(/^DNI/), '  99887766 ');
    await fillIn(user, within(dialog).getByLabelText(/^Nombre completo/), ' Carla Ruiz ');
    await fillIn(user, within(dialog).getByLabelText(/^Email/), ' Carla@Example.com ');
    await fillIn(user, within(dialog).getByLabelText(/^Teléfono/), ' 300 555 ');
    await fillIn(user, within(dialog).getByLabelText(/^Contraseña/), 'Clave12345');
    await chooseOption(user, 'Roles', 'Business Leader');
    expect(within(dialog).getByRole('combobox', { name: 'Estado' })).toHaveValue('Activo');
    await chooseOption(user, 'País', 'Colombia');
    await user.click(within(dialog).getByRole('button', { name: 'Crear Usuario' }));

    expect(await within(dialog).findByRole('button', { name: 'Creando…' })).toBeDisabled();
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Nuevo Usuario' })).not.toBeInTheDocument());
    expect(usersDb.requests).toEqual([
      {
        method: 'POST',
        body: {
          dni: '99887766',
          name: 'Carla Ruiz',
          email: 'Carla@Example.com',
          phone: '300 555',
          password: 'Clave12345',
          is_active: true,
          roles: ['BUSINESS_LEADER'],
          country_id: 3,
        },
      },
    ]);
    expect(await screen.findByRole('row', { name: /Carla Ruiz/ })).toBeInTheDocument();
    expect(screen.getByText('1 de 1 usuarios')).toBeInTheDocument();
  });

  it('shows the server’s field errors under their fields, once, and moves focus to the first', async () => {
    usersDb.users.push(buildUser({ email: 'tomado@example.com' }));
    const { user } = await openUsers();
    await screen.findByText('1 de 1 usuarios');
    await user.click(screen.getByRole('button', { name: 'Nuevo Usuario' }));
    const dialog = await screen.findByRole('dialog', { name: 'Nuevo Usuario' });
    await user.type(within(dialog).getByLabelText(/^DNI/), '5');
    await fillIn(user, within(dialog).getByLabelText(/^Nombre completo/), 'Otra');
    await fillIn(user, within(dialog).getByLabelText(/^Email/), 'tomado@example.com');
    await user.type(within(dialog).getByLabelText(/^Teléfono/), '1');
    await fillIn(user, within(dialog).getByLabelText(/^Contraseña/), 'Clave12345');
    await chooseOption(user, 'Roles', 'Admin');
    await user.click(within(dialog).getByRole('button', { name: 'Crear Usuario' }));

    await waitFor(() => expect(within(dialog).getByLabelText(/^Email/)).toHaveAccessibleDescription('El email ya está registrado'));
    expect(within(dialog).getByLabelText(/^Email/)).toHaveAttribute('aria-invalid', 'true');
    expect(within(dialog).getByLabelText(/^Email/)).toHaveFocus();
    // The field took the message: no banner repeats it.
    expect(within(dialog).getAllByText('El email ya está registrado')).toHaveLength(1);
    expect(within(dialog).queryByRole('alert')).not.toBeInTheDocument();
    // Editing the field clears its message.
    await user.type(within(dialog).getByLabelText(/^Email/), 'x');
    expect(within(dialog).getByLabelText(/^Email/)).not.toHaveAccessibleDescription('El email ya está registrado');
  });

  it('uses the fallback when a failed creation carries no message', async () => {
    server.use(http.post(apiUrl('v1/users'), () => new Response('oops', { status: 502 })));
    const { user, dialog } = await openCreate();
    await user.type(within(dialog).getByLabelText(/^DNI/), '5');
    await fillIn(user, within(dialog).getByLabelText(/^Nombre completo/), 'Otra');
    await fillIn(user, within(dialog).getByLabelText(/^Email/), 'otra@example.com');
    await user.type(within(dialog).getByLabelText(/^Teléfono/), '1');
    await fillIn(user, within(dialog).getByLabelText(/^Contraseña/), 'Clave12345');
    await chooseOption(user, 'Roles', 'Admin');
    await user.click(within(dialog).getByRole('button', { name: 'Crear Usuario' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('Error al crear usuario');
  });

  it('edits a user with their values, sending the password only when typed', async () => {
    usersDb.users.push(buildUser({ name: 'Diego Paz', dni: '777', email: 'diego@example.com', phone: '1', roles: ['OPERATOR'], country_id: 2 }));
    server.use(
      http.put(apiUrl('v1/users/:id'), async () => {
        await delay(100);
        return undefined;
      }),
    );
    const { user } = await openUsers();
    await user.click(await screen.findByRole('button', { name: 'Editar a Diego Paz' }));
    const dialog = await screen.findByRole('dialog', { name: 'Editar Usuario' });
    expect(within(dialog).getByLabelText(/^DNI/)).toHaveValue('777');
    expect(within(dialog).getByLabelText(/^Email/)).toHaveValue('diego@example.com');
    expect(within(dialog).getByLabelText(/^Contraseña/)).toHaveValue('');
    expect(within(dialog).getByRole('combobox', { name: 'País' })).toHaveValue('Chile');

    // On edit the password is optional.
    await user.clear(within(dialog).getByLabelText(/^Nombre completo/));
    await fillIn(user, within(dialog).getByLabelText(/^Nombre completo/), 'Diego Paz Soto ');
    await chooseOption(user, 'Estado', 'Inactivo');
    await user.click(within(dialog).getByRole('button', { name: 'Actualizar Usuario' }));
    expect(await within(dialog).findByRole('button', { name: 'Actualizando…' })).toBeDisabled();
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Editar Usuario' })).not.toBeInTheDocument());
    const [first] = usersDb.requests;
    expect(first).toMatchObject({ method: 'PUT', body: { name: 'Diego Paz Soto', is_active: false, roles: ['OPERATOR'], country_id: 2 } });
    expect(first!.body).not.toHaveProperty('password');
    expect(await within(await screen.findByRole('row', { name: /Diego Paz Soto/ })).findByText('Inactivo')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Editar a Diego Paz Soto' }));
    const again = await screen.findByRole('dialog', { name: 'Editar Usuario' });
    await fillIn(user, within(again).getByLabelText(/^Contraseña/), 'NuevaClave1');
    await user.click(within(again).getByRole('button', { name: 'Actualizar Usuario' }));
    await waitFor(() => expect(usersDb.requests).toHaveLength(2));
    expect(usersDb.requests[1]!.body.password).toBe('NuevaClave1');
  });

  it('does not let anyone deactivate themselves', async () => {
    usersDb.users.push(buildUser({ id: superAdmin.id, name: superAdmin.name, roles: ['SUPER_ADMIN'] }));
    const { user } = await openUsers();
    await user.click(await screen.findByRole('button', { name: 'Editar a Ana Admin' }));
    const dialog = await screen.findByRole('dialog', { name: 'Editar Usuario' });
    expect(within(dialog).getByRole('combobox', { name: 'Estado' })).toBeDisabled();
    expect(within(dialog).getByText('No puedes desactivar tu propia cuenta.')).toBeInTheDocument();
    // A super admin keeps the role, so it shows among the options.
    expect(within(dialog).getByText('Super Admin')).toBeInTheDocument();
  });
});

describe('users page: deleting', () => {
  it('asks to type the user’s exact name, then removes them', async () => {
    usersDb.seed(2);
    usersDb.users.push(buildUser({ name: 'Elena Mora' }));
    const { user } = await openUsers();
    await user.click(await screen.findByRole('button', { name: 'Eliminar a Elena Mora' }));
    const dialog = await screen.findByRole('dialog', { name: 'Eliminar usuario' });
    const confirm = within(dialog).getByRole('button', { name: 'Eliminar' });
    expect(confirm).toBeDisabled();
    await user.type(within(dialog).getByLabelText('Escribe Elena Mora para confirmar'), 'elena mora');
    expect(confirm).toBeDisabled();
    expect(within(dialog).getByText('Debe coincidir exactamente con Elena Mora.')).toBeInTheDocument();
    await user.clear(within(dialog).getByLabelText('Escribe Elena Mora para confirmar'));
    await user.type(within(dialog).getByLabelText('Escribe Elena Mora para confirmar'), 'Elena Mora');
    await user.click(confirm);
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Eliminar usuario' })).not.toBeInTheDocument());
    expect(await screen.findByText('2 de 2 usuarios')).toBeInTheDocument();
    expect(screen.queryByRole('row', { name: /Elena Mora/ })).not.toBeInTheDocument();
  });

  it('shows why the server refused, or the fallback', async () => {
    usersDb.users.push(buildUser({ name: 'Último Super', roles: ['SUPER_ADMIN'] }));
    server.use(http.delete(apiUrl('v1/users/:id'), () => fail(409, 'Debe quedar al menos un Super Admin activo.')));
    const { user } = await openUsers();
    await user.click(await screen.findByRole('button', { name: 'Eliminar a Último Super' }));
    const dialog = await screen.findByRole('dialog', { name: 'Eliminar usuario' });
    await user.type(within(dialog).getByLabelText('Escribe Último Super para confirmar'), 'Último Super');
    await user.click(within(dialog).getByRole('button', { name: 'Eliminar' }));
    expect(await within(dialog).findByText('Debe quedar al menos un Super Admin activo.')).toBeInTheDocument();

    server.use(http.delete(apiUrl('v1/users/:id'), () => new Response(null, { status: 500 })));
    await user.click(within(dialog).getByRole('button', { name: 'Eliminar' }));
    expect(await within(dialog).findByText('Error al eliminar usuario')).toBeInTheDocument();
  });

  it('goes back one page after deleting the last user of a page beyond the first', async () => {
    usersDb.seed(16);
    const { user } = await openUsers('/users?page=2');
    expect(await screen.findByText('1 de 16 usuarios')).toBeInTheDocument();
    const last = within(table()).getAllByRole('row')[1]!;
    const name = within(last).getAllByText(/^Persona \d+$/)[0]!.textContent!;
    await user.click(within(last).getByRole('button', { name: `Eliminar a ${name}` }));
    const dialog = await screen.findByRole('dialog', { name: 'Eliminar usuario' });
    await user.type(within(dialog).getByLabelText(`Escribe ${name} para confirmar`), name);
    await user.click(within(dialog).getByRole('button', { name: 'Eliminar' }));
    await waitFor(() => expect(currentLocation()).toBe('/users'));
    expect(await screen.findByText('15 de 15 usuarios')).toBeInTheDocument();
  });
});

describe('roles tab', () => {
  it('shows each role’s permissions by area, Super Admin read-only, from a link with tab=roles', async () => {
    const { user } = await openUsers('/users?tab=roles');
    expect(screen.getByRole('tab', { name: 'Roles', selected: true })).toBeInTheDocument();
    const operator = await screen.findByRole('region', { name: 'Operador' });
    expect(within(operator).getByRole('group', { name: 'Operaciones' })).toBeInTheDocument();
    expect(within(operator).getByRole('checkbox', { name: /Ver agendamientos/ })).toBeChecked();
    expect(within(operator).getByRole('checkbox', { name: /Gestionar usuarios/ })).not.toBeChecked();

    const superAdminCard = screen.getByRole('region', { name: 'Super Admin' });
    expect(within(superAdminCard).getByText(/no se pueden modificar/)).toBeInTheDocument();
    for (const box of within(superAdminCard).getAllByRole('checkbox')) {
      expect(box).toBeChecked();
      expect(box).toBeDisabled();
    }
    expect(within(superAdminCard).queryByRole('button', { name: /Guardar/ })).not.toBeInTheDocument();

    await user.click(screen.getByRole('tab', { name: 'Usuarios' }));
    await waitFor(() => expect(currentLocation()).toBe('/users'));
  });

  it('saves a role’s permissions with sync-permission', async () => {
    let sent: unknown = null;
    server.use(
      http.post(apiUrl('v1/roles/:id/sync-permission'), async ({ request }) => {
        sent = await request.clone().json();
        await delay(50);
        return undefined;
      }),
    );
    const { user } = await openUsers('/users?tab=roles');
    const operator = await screen.findByRole('region', { name: 'Operador' });
    const save = within(operator).getByRole('button', { name: 'Guardar permisos de Operador' });
    expect(save).toBeDisabled();
    expect(save).toHaveAccessibleDescription('Sin cambios: marca o desmarca un permiso para guardar.');
    await user.click(within(operator).getByRole('checkbox', { name: /Gestionar usuarios/ }));
    await user.click(within(operator).getByRole('checkbox', { name: /Cambiar el estado de los agendamientos/ }));
    expect(save).toBeEnabled();
    expect(save).not.toHaveAccessibleDescription();
    await user.click(save);
    expect(await within(operator).findByRole('button', { name: 'Guardando…' })).toBeDisabled();
    await waitFor(() => expect(within(operator).getByRole('button', { name: 'Guardar permisos de Operador' })).toBeDisabled());
    expect(sent).toEqual({ permissions: ['users.manage', 'sponsors.manage', 'categories.manage', 'operations.view'] });
    expect(rolesDb.bySlug('OPERATOR').permissions).toEqual(['users.manage', 'sponsors.manage', 'categories.manage', 'operations.view']);
    expect(within(operator).getByRole('checkbox', { name: /Gestionar usuarios/ })).toBeChecked();
  });

  it('shows why a save was refused', async () => {
    server.use(http.post(apiUrl('v1/roles/:id/sync-permission'), () => fail(403, 'No tienes permiso para realizar esta acción.')));
    const { user } = await openUsers('/users?tab=roles');
    const admin = await screen.findByRole('region', { name: 'Admin' });
    await user.click(within(admin).getByRole('checkbox', { name: /Gestionar países/ }));
    await user.click(within(admin).getByRole('button', { name: 'Guardar permisos de Admin' }));
    expect(await within(admin).findByRole('alert')).toHaveTextContent('No tienes permiso para realizar esta acción.');
  });

  it('asks before switching tab with unsaved ticks, and keeps them on Seguir editando', async () => {
    const { user } = await openUsers('/users?tab=roles');
    const operator = await screen.findByRole('region', { name: 'Operador' });
    await user.click(within(operator).getByRole('checkbox', { name: /Gestionar usuarios/ }));
    await user.click(screen.getByRole('tab', { name: 'Usuarios' }));

    let question = await screen.findByRole('dialog', { name: 'Permisos de Operador' });
    expect(within(question).getByText('Tienes cambios sin guardar. ¿Descartarlos?')).toBeInTheDocument();
    await waitFor(() => expect(within(question).getByRole('button', { name: 'Seguir editando' })).toHaveFocus());
    await user.click(within(question).getByRole('button', { name: 'Seguir editando' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(currentLocation()).toBe('/users?tab=roles');
    expect(within(operator).getByRole('checkbox', { name: /Gestionar usuarios/ })).toBeChecked();

    await user.click(screen.getByRole('tab', { name: 'Usuarios' }));
    question = await screen.findByRole('dialog', { name: 'Permisos de Operador' });
    await user.click(within(question).getByRole('button', { name: 'Descartar' }));
    await waitFor(() => expect(currentLocation()).toBe('/users'));
  });

  it('leads with the Spanish names of roles and permissions; codes are secondary text', async () => {
    await openUsers('/users?tab=roles');
    const leader = await screen.findByRole('region', { name: 'Business Leader' });
    expect(within(leader).getByRole('heading', { name: 'Business Leader' })).toBeInTheDocument();
    expect(within(leader).getByRole('checkbox', { name: 'Ver agendamientos' })).toHaveAccessibleDescription('operations.view');
  });

  it('shows the roles fallback when they cannot be loaded', async () => {
    server.use(http.get(apiUrl('v1/roles'), () => new Response(null, { status: 403 })));
    await openUsers('/users?tab=roles');
    expect(await screen.findByText('No se pudieron cargar los roles')).toBeInTheDocument();
  });
});
