// The dark theme as a person lives with it: chosen once, drawn before the panel's code runs on the
// next load (the sign-in page included), and kept on the server for any other browser.
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seriousA11yViolations } from './support/a11y';
import { launchBrowser, motionless, openPage } from './support/browser';
import { startServer, type RunningServer } from './support/server';
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

const drawnScheme = (page: Page) => page.evaluate(() => document.documentElement.getAttribute('data-mantine-color-scheme'));
/** The page's background, as painted: dark or light whatever the attribute says. */
const bodyBackground = (page: Page) => page.evaluate(() => getComputedStyle(document.body).backgroundColor);

describe('the dark theme in the browser', () => {
  it('survives a reload, drawn by the page before its scripts run, and shows on /login after signing out', async () => {
    const page = await openPage(browser);
    const blocked: string[] = [];
    page.on('console', (message) => {
      if (message.type() === 'error' && /Content Security Policy/i.test(message.text())) blocked.push(message.text());
    });
    await signIn(page, server);
    await page.getByRole('button', { name: 'Menú de usuario' }).click();
    await page.getByRole('menuitem', { name: 'Tema: Oscuro' }).click();
    expect(await drawnScheme(page)).toBe('dark');
    const dark = await bodyBackground(page);
    await page.keyboard.press('Escape');
    // Saved on the server before the reload.
    await expect.poll(() => page.evaluate(() => localStorage.getItem('mantine-color-scheme-value'))).toBe('dark');

    // With the panel's code held back, only the page's own first script can have chosen the theme.
    await page.route('**/assets/**', (route) => route.abort());
    await page.reload({ waitUntil: 'domcontentloaded' });
    expect(await drawnScheme(page)).toBe('dark');
    await page.unroute('**/assets/**');

    await page.reload();
    await page.getByRole('heading', { level: 1, name: 'Sponsors' }).waitFor();
    expect(await drawnScheme(page)).toBe('dark');
    expect(await bodyBackground(page)).toBe(dark);

    await page.getByRole('button', { name: 'Menú de usuario' }).click();
    await page.getByRole('menuitem', { name: 'Cerrar sesión' }).click();
    await page.getByRole('heading', { name: 'Bienvenido' }).waitFor();
    expect(await drawnScheme(page)).toBe('dark');
    // The sign-in pages are not in the signed-in walk of every screen: checked here, in the dark.
    await motionless(page);
    expect(await seriousA11yViolations(page, { targetSize: true })).toEqual([]);
    await page.screenshot({ path: 'test-results/screen-login-1440-dark.png' });
    // The server's CSP let the theme script run (it is allowed by its hash).
    expect(blocked).toEqual([]);
    await page.close();
  });

  it("follows the person to another browser: after signing in there, the server's choice wins", async () => {
    const first = await openPage(browser);
    await signIn(first, server);
    await first.goto(`${server.url}/mi-cuenta`);
    await first.getByRole('group', { name: 'Tema' }).getByRole('button', { name: 'Oscuro' }).click();
    await expect.poll(() => first.evaluate(() => localStorage.getItem('mantine-color-scheme-value'))).toBe('dark');
    await first.close();

    // Another browser, whose own last choice was the light theme.
    const other = await openPage(browser);
    await other.goto(`${server.url}/login`);
    await other.evaluate(() => localStorage.setItem('mantine-color-scheme-value', 'light'));
    await signIn(other, server);
    await expect.poll(() => drawnScheme(other)).toBe('dark');
    expect(await other.evaluate(() => localStorage.getItem('mantine-color-scheme-value'))).toBe('dark');
    await other.goto(`${server.url}/mi-cuenta`);
    await other.getByRole('group', { name: 'Tema' }).getByRole('button', { name: 'Claro' }).click();
    await expect.poll(() => drawnScheme(other)).toBe('light');
    await other.close();
  });
});
