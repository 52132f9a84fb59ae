import { readFileSync } from 'node:fs';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seriousA11yViolations } from './support/a11y';
import { launchBrowser, openPage } from './support/browser';
import { ADMIN_EMAIL, ADMIN_PASSWORD, startServer, type RunningServer } from './support/server';

let server: RunningServer;

/** How many mails MAIL_LOG holds for `to`. */
const mailsTo = (to: string) =>
  readFileSync(server.mailLog, 'utf8')
    .trim()
    .split('\n')
    .filter((line) => (JSON.parse(line) as { to: string }).to === to).length;
let browser: Browser;

beforeAll(async () => {
  server = await startServer();
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

describe('sign-in with an e-mail code', () => {
  it('signs in with the code from MAIL_LOG, lands on Sponsors and signs out', async () => {
    const page = await openPage(browser);
    await page.goto(`${server.url}/users`);
    // Without a session every protected path leads to the sign-in page, which keeps it as the target.
    await page.waitForURL('**/login?redirect=%2Fusers');
    await page.getByRole('heading', { name: 'Bienvenido' }).waitFor();
    expect(await seriousA11yViolations(page)).toEqual([]);

    await page.getByLabel('Correo electrónico').fill(ADMIN_EMAIL);
    await page.getByLabel('Contraseña').fill(ADMIN_PASSWORD);
    await page.getByRole('button', { name: 'Continuar' }).click();
    await page.waitForURL(/\/otp\?email=/);

    const code = server.lastCode(ADMIN_EMAIL);
    await page.getByLabel('Dígito 1 del código').click();
    await page.keyboard.type(code);

    // The code opens the address first asked for.
    await page.waitForURL(`${server.url}/users`);
    // Through the sidebar, as staff move around; the pointer stays on the item it chose.
    const sponsorsLink = page.getByRole('navigation').getByRole('link', { name: 'Sponsors', exact: true });
    await sponsorsLink.click();
    await page.waitForURL(`${server.url}/`);
    await page.getByRole('heading', { name: 'Sponsors', level: 1 }).waitFor();
    await sponsorsLink.hover();
    // The current item under the pointer, and another one, keep their text readable (AA contrast).
    expect(await seriousA11yViolations(page)).toEqual([]);
    await page.getByRole('navigation').getByRole('link', { name: 'Usuarios', exact: true }).hover();
    expect(await seriousA11yViolations(page)).toEqual([]);
    await page.mouse.move(0, 0);
    await page.screenshot({ path: 'test-results/shell-super-admin.png' });
    // A super admin's menu.
    for (const entry of ['Sponsors', 'Usuarios', 'Categorías', 'DSP', 'Operaciones']) {
      await page.getByRole('navigation').getByText(entry, { exact: true }).waitFor();
    }
    expect(await seriousA11yViolations(page)).toEqual([]);

    // A reload keeps the session.
    await page.reload();
    await page.getByRole('heading', { name: 'Sponsors', level: 1 }).waitFor();

    await page.getByRole('button', { name: 'Menú de usuario' }).click();
    await page.getByRole('menuitem', { name: 'Cerrar sesión' }).click();
    await page.waitForURL('**/login');
    // History was replaced: Back does not return to the panel.
    await page.goBack();
    expect(new URL(page.url()).pathname).not.toBe('/');
    await page.close();
  });

  it('sends a new code from the code page with the e-mail alone, and the new code signs in', { timeout: 150_000 }, async () => {
    const page = await openPage(browser, { width: 390, height: 844 });
    await page.goto(`${server.url}/login?redirect=%2Fusers`);
    await page.getByLabel('Correo electrónico').fill(ADMIN_EMAIL);
    await page.getByLabel('Contraseña').fill(ADMIN_PASSWORD);
    await page.getByRole('button', { name: 'Continuar' }).click();
    await page.waitForURL(/\/otp\?email=/);
    const first = server.lastCode(ADMIN_EMAIL);
    const mailsBefore = mailsTo(ADMIN_EMAIL);

    // One code a minute: the button waits, counting down, and then asks the server.
    await page.getByText(/Podrás pedir otro código en \d+ s\./).waitFor();
    await page.screenshot({ path: 'test-results/otp-390.png', fullPage: true });
    expect(await seriousA11yViolations(page)).toEqual([]);
    const resend = page.getByRole('button', { name: 'Reenviar código', disabled: false });
    await resend.waitFor({ timeout: 75_000 });
    await resend.click();
    await page.getByRole('status').filter({ hasText: 'te enviamos un código nuevo' }).waitFor();

    // The mail is sent after the answer: the log shows a second code.
    await expect.poll(() => mailsTo(ADMIN_EMAIL), { timeout: 10_000 }).toBe(mailsBefore + 1);
    const second = server.lastCode(ADMIN_EMAIL);
    expect(second).toMatch(/^\d{6}$/);
    expect(second).not.toBe(first);

    await page.getByLabel('Dígito 1 del código').click();
    await page.keyboard.type(second);
    await page.waitForURL(`${server.url}/users`);
    await page.close();
  });

  it('shows the server message for a wrong password', async () => {
    const page = await openPage(browser);
    await page.goto(`${server.url}/login`);
    await page.getByLabel('Correo electrónico').fill(ADMIN_EMAIL);
    await page.getByLabel('Contraseña').fill('incorrecta');
    await page.getByRole('button', { name: 'Continuar' }).click();
    await page.getByText('Correo o contraseña incorrectos.').waitFor();
    await page.close();
  });

  it('serves deep links from the history fallback', async () => {
    const response = await fetch(`${server.url}/sponsor/12/campaign/3?tab=planes`);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toContain('text/html');
    expect(await response.text()).toContain('<div id="root">');
  });
});
