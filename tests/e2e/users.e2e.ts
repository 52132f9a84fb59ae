import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seriousA11yViolations } from './support/a11y';
import { launchBrowser, openPage } from './support/browser';
import { startServer, type RunningServer } from './support/server';
import { choose, sessionToken, signIn } from './support/session';

let server: RunningServer;
let browser: Browser;

beforeAll(async () => {
  server = await startServer();
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

const row = (page: Page, name: string) => page.getByRole('row').filter({ hasText: name });

interface NewUser {
  dni: string;
  name: string;
  email: string;
  phone: string;
  password: string;
  role: string;
}

async function createThroughForm(page: Page, user: NewUser, screenshot?: string) {
  await page.getByRole('button', { name: 'Nuevo Usuario' }).first().click();
  const dialog = page.getByRole('dialog', { name: 'Nuevo Usuario' });
  await dialog.getByLabel('DNI').fill(`  ${user.dni} `);
  await dialog.getByLabel('Nombre completo').fill(user.name);
  await dialog.getByLabel('Email').fill(user.email);
  await dialog.getByLabel('Teléfono').fill(user.phone);
  await dialog.getByLabel('Contraseña').fill(user.password);
  await choose(page, dialog, 'Roles', user.role);
  // Close the roles list before the next field.
  await page.keyboard.press('Escape');
  await dialog.getByRole('combobox', { name: 'País' }).fill('Colom');
  await page.getByRole('option', { name: 'Colombia', exact: true }).click();
  if (screenshot) await page.screenshot({ path: screenshot });
  await dialog.getByRole('button', { name: 'Crear Usuario' }).click();
  await dialog.waitFor({ state: 'detached' });
}

describe('users, roles and permissions in the browser', () => {
  it('a super admin creates, finds by link, edits, deactivates and deletes a user; an operator cannot reach the screen', async () => {
    // axe needs a page of its own context.
    const context = await browser.newContext({ viewport: { width: 1440, height: 900 } });
    const page = await context.newPage();
    await signIn(page, server);

    await page.getByRole('navigation', { name: 'Menú principal' }).getByText('Usuarios', { exact: true }).click();
    await page.waitForURL(`${server.url}/users`);
    await page.getByRole('heading', { name: 'Gestión de Usuarios' }).waitFor();
    await page.getByText('1 de 1 usuarios').waitFor();

    // The form's own checks, before anything is sent.
    await page.getByRole('button', { name: 'Nuevo Usuario' }).first().click();
    const empty = page.getByRole('dialog', { name: 'Nuevo Usuario' });
    await empty.getByRole('button', { name: 'Crear Usuario' }).click();
    await empty.getByText('El DNI es requerido').waitFor();
    await empty.getByText('Debes seleccionar al menos un rol').waitFor();
    await page.screenshot({ path: 'test-results/users-form-errors.png' });
    expect(await seriousA11yViolations(page)).toEqual([]);
    await empty.getByRole('button', { name: 'Cancelar' }).click();
    await empty.waitFor({ state: 'detached' });

    const carla: NewUser = {
      dni: '10203040',
      name: 'Carla Ruiz',
      email: 'carla.ruiz@e2e.test',
      phone: '+57 300 123 4567',
      password: 'ClaveSegura1',
      role: 'Admin',
    };
    await createThroughForm(page, carla, 'test-results/users-form-filled.png');
    await row(page, carla.name).waitFor();
    await page.getByText('2 de 2 usuarios').waitFor();
    await page.screenshot({ path: 'test-results/users-list.png' });
    expect(await seriousA11yViolations(page)).toEqual([]);
    // On a phone the filters stack and the table scrolls sideways.
    await page.setViewportSize({ width: 390, height: 844 });
    // The sidebar slides away first.
    await page.waitForTimeout(600);
    await page.screenshot({ path: 'test-results/users-list-phone.png' });
    await page.setViewportSize({ width: 1440, height: 900 });

    // A link a colleague can open: the search, the role and the state are in the address.
    await page.goto(`${server.url}/users?q=${carla.dni}&role=ADMIN&status=active`);
    await page.getByText('1 de 1 usuarios').waitFor();
    expect(await page.getByRole('searchbox', { name: 'Buscar usuarios' }).inputValue()).toBe(carla.dni);
    // The role's name shows once the roles have loaded.
    await expect.poll(() => page.getByRole('combobox', { name: 'Filtrar por rol' }).inputValue()).toBe('Admin');
    const found = row(page, carla.name);
    for (const text of [`DNI ${carla.dni}`, carla.email, carla.phone, 'Admin', 'Activo']) await found.getByText(text, { exact: true }).waitFor();

    // Typing a search puts it in the address.
    await page.goto(`${server.url}/users`);
    await page.getByRole('searchbox', { name: 'Buscar usuarios' }).fill('carla.ruiz');
    await page.waitForURL(/\/users\?q=carla\.ruiz$/);
    await page.getByText('1 de 1 usuarios').waitFor();

    // Edit: a new phone and name; the password stays.
    await page.getByRole('button', { name: `Editar a ${carla.name}` }).click();
    const edit = page.getByRole('dialog', { name: 'Editar Usuario' });
    expect(await edit.getByLabel('DNI').inputValue()).toBe(carla.dni);
    await edit.getByLabel('Nombre completo').fill('Carla Ruiz Gómez');
    await edit.getByLabel('Teléfono').fill('+57 311 000 0000');
    await edit.getByRole('button', { name: 'Actualizar Usuario' }).click();
    await edit.waitFor({ state: 'detached' });
    await row(page, 'Carla Ruiz Gómez').getByText('+57 311 000 0000').waitFor();

    // Deactivate.
    await page.getByRole('button', { name: 'Editar a Carla Ruiz Gómez' }).click();
    const deactivate = page.getByRole('dialog', { name: 'Editar Usuario' });
    await choose(page, deactivate, 'Estado', 'Inactivo');
    await deactivate.getByRole('button', { name: 'Actualizar Usuario' }).click();
    await deactivate.waitFor({ state: 'detached' });
    await page.goto(`${server.url}/users?status=inactive`);
    await row(page, 'Carla Ruiz Gómez').getByText('Inactivo', { exact: true }).waitFor();
    await page.screenshot({ path: 'test-results/users-inactive-filter.png' });

    // Delete: typing her exact name.
    await page.getByRole('button', { name: 'Eliminar a Carla Ruiz Gómez' }).click();
    const confirm = page.getByRole('dialog', { name: 'Eliminar usuario' });
    const remove = confirm.getByRole('button', { name: 'Eliminar' });
    expect(await remove.isDisabled()).toBe(true);
    await confirm.getByLabel('Escribe Carla Ruiz Gómez para confirmar').fill('Carla Ruiz Gómez');
    await page.screenshot({ path: 'test-results/users-delete-confirm.png' });
    await remove.click();
    await confirm.waitFor({ state: 'detached' });
    await page.getByText('No se encontraron usuarios con los filtros aplicados').waitFor();

    // The roles screen.
    await page.goto(`${server.url}/users?tab=roles`);
    await page.getByRole('region', { name: 'Operador' }).waitFor();
    await page.screenshot({ path: 'test-results/users-roles-tab.png', fullPage: true });
    expect(await seriousA11yViolations(page)).toEqual([]);

    // An operator, created here with a password.
    await page.goto(`${server.url}/users`);
    const omar: NewUser = { dni: '55667788', name: 'Omar Operador', email: 'omar@e2e.test', phone: '3001112233', password: 'OperaClave9', role: 'Operador' };
    await createThroughForm(page, omar);
    await row(page, omar.name).getByText('Operador', { exact: true }).waitFor();
    await page.getByRole('button', { name: 'Menú de usuario' }).click();
    await page.getByRole('menuitem', { name: 'Cerrar sesión' }).click();
    await page.waitForURL('**/login');

    await signIn(page, server, omar.email, omar.password);
    const menu = page.getByRole('navigation', { name: 'Menú principal' });
    await menu.getByText('Sponsors', { exact: true }).waitFor();
    await menu.getByText('Operaciones', { exact: true }).waitFor();
    expect(await menu.getByText('Usuarios', { exact: true }).count()).toBe(0);
    expect(await menu.getByText('DSP', { exact: true }).count()).toBe(0);
    await page.screenshot({ path: 'test-results/users-operator-shell.png' });

    // Sent away from /users, and the API refuses them too.
    await page.goto(`${server.url}/users`);
    await page.waitForURL(`${server.url}/`);
    expect(await page.getByRole('heading', { name: 'Gestión de Usuarios' }).count()).toBe(0);
    const token = await sessionToken(page);
    const refused = await fetch(`${server.url}/api/v1/users`, { headers: { authorization: `Bearer ${token}` } });
    expect(refused.status).toBe(403);
    await context.close();
  });

  it('shows, hides and reorders the table’s columns: in the link, and kept for the person in another browser', async () => {
    const page = await openPage(browser);
    await signIn(page, server);
    await page.goto(`${server.url}/users`);
    const headers = () => page.getByRole('columnheader').allInnerTexts();
    await expect.poll(headers).toEqual(['Usuario', 'Contacto', 'Rol', 'Estado', 'Acciones']);

    await page.getByRole('button', { name: 'Columnas' }).click();
    await page.getByRole('checkbox', { name: 'Contacto' }).uncheck();
    // From the keyboard, as a mouse would: 'Estado' up, before 'Rol'.
    await page.getByRole('button', { name: 'Subir Estado' }).focus();
    await page.keyboard.press('Enter');
    await expect.poll(headers).toEqual(['Usuario', 'Estado', 'Rol', 'Acciones']);
    await expect.poll(() => new URL(page.url()).searchParams.get('columns')).toBe('user,is_active,roles');
    await page.screenshot({ path: 'test-results/users-columns.png' });
    expect(await seriousA11yViolations(page)).toEqual([]);
    await page.keyboard.press('Escape');

    // The list opened from the menu, in another browser: the person's kept choice.
    const other = await openPage(browser);
    await signIn(other, server);
    await other.goto(`${server.url}/users`);
    await expect.poll(() => other.getByRole('columnheader').allInnerTexts()).toEqual(['Usuario', 'Estado', 'Rol', 'Acciones']);

    await other.getByRole('button', { name: 'Columnas' }).click();
    await other.getByRole('button', { name: 'Restablecer' }).click();
    await expect.poll(() => other.getByRole('columnheader').allInnerTexts()).toEqual(['Usuario', 'Contacto', 'Rol', 'Estado', 'Acciones']);
    await other.context().close();
    await page.context().close();
  });
});
