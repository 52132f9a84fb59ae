import { ACCOUNT_MESSAGES } from '../../contract/account';
import { PASSWORD_POLICY_MESSAGES } from '../../contract/auth';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seriousA11yViolations } from './support/a11y';
import { launchBrowser, openPage } from './support/browser';
import { ADMIN_EMAIL, ADMIN_PASSWORD, startServer, type RunningServer } from './support/server';
import { signIn } from './support/session';

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

const NEW_PASSWORD = 'Girasol-Nocturno-42';

const sessions = (page: Page) => page.getByRole('list', { name: 'Sesiones abiertas' }).getByRole('listitem');

async function changePassword(page: Page, current: string, next: string) {
  const form = page.getByRole('region', { name: 'Cambiar contraseña' });
  await form.getByLabel('Contraseña actual').fill(current);
  await form.getByLabel(/^Nueva contraseña/).fill(next);
  await form.getByLabel('Confirmar nueva contraseña').fill(next);
  await form.getByRole('button', { name: 'Cambiar contraseña' }).click();
  return form;
}

describe("'Mi cuenta' in the browser", () => {
  it('changes the password and closes the session another browser opened with it', async () => {
    const page = await openPage(browser);
    await signIn(page, server);

    await page.getByRole('button', { name: 'Menú de usuario' }).click();
    await page.getByRole('menuitem', { name: 'Mi cuenta' }).waitFor();
    await page.getByRole('menuitem', { name: 'Mi cuenta' }).click();
    await page.waitForURL(`${server.url}/mi-cuenta`);
    await page.getByRole('heading', { name: 'Mi cuenta', level: 1 }).waitFor();
    expect(await page.title()).toBe('Mi cuenta · Panel de Control');
    await page.getByRole('region', { name: 'Perfil' }).getByText(ADMIN_EMAIL).waitFor();

    // Only this browser's session, marked, so there are no others to close.
    await sessions(page).getByText('Esta sesión', { exact: true }).waitFor();
    expect(await sessions(page).count()).toBe(1);
    expect(await page.getByRole('button', { name: 'Cerrar todas las demás' }).isDisabled()).toBe(true);
    expect(await seriousA11yViolations(page)).toEqual([]);

    // The server's policy: its common-password dictionary, then the current password.
    const form = await changePassword(page, ADMIN_PASSWORD, 'password');
    await form.getByText(PASSWORD_POLICY_MESSAGES.common).waitFor();
    await changePassword(page, 'No-Es-La-Actual-1', NEW_PASSWORD);
    await form.getByText(ACCOUNT_MESSAGES.currentPasswordWrong).waitFor();
    expect(await seriousA11yViolations(page)).toEqual([]);

    await changePassword(page, ADMIN_PASSWORD, NEW_PASSWORD);
    await page.getByText(ACCOUNT_MESSAGES.passwordChanged).waitFor();
    expect(await form.getByLabel('Contraseña actual').inputValue()).toBe('');
    // This session survives the change.
    await sessions(page).getByText('Esta sesión', { exact: true }).waitFor();

    // A second browser signs in with the new password.
    const other = await openPage(browser);
    await signIn(other, server, ADMIN_EMAIL, NEW_PASSWORD);

    await page.reload();
    await page.getByRole('heading', { name: 'Mi cuenta', level: 1 }).waitFor();
    await expect.poll(() => sessions(page).count()).toBe(2);
    await page.screenshot({ path: 'test-results/account-1440.png', fullPage: true });

    // The same session on a phone: the sessions stack as cards, nothing overflows sideways.
    const phone = await browser.newContext({ viewport: { width: 390, height: 844 }, storageState: await page.context().storageState() });
    const phonePage = await phone.newPage();
    await phonePage.goto(`${server.url}/mi-cuenta`);
    await expect.poll(() => sessions(phonePage).count()).toBe(2);
    await phonePage.screenshot({ path: 'test-results/account-390.png' });
    await phonePage.screenshot({ path: 'test-results/account-390-full.png', fullPage: true });
    expect(await phonePage.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    expect(await seriousA11yViolations(phonePage)).toEqual([]);
    await phone.close();

    await page.getByRole('button', { name: 'Cerrar todas las demás' }).click();
    await page.getByText('1 sesión cerrada.').waitFor();
    await expect.poll(() => sessions(page).count()).toBe(1);
    await sessions(page).getByText('Esta sesión', { exact: true }).waitFor();

    // The other browser's token no longer works: its next call ends it on the sign-in page (which
    // keeps the place it was on, when that is not home, for after signing in again).
    await other.reload();
    await other.waitForURL(/\/login(\?|$)/);
    await other.context().close();
    await page.context().close();
  });
});
