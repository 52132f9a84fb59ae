import { existsSync, mkdirSync, readFileSync } from 'node:fs';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seriousA11yViolations } from './support/a11y';
import { launchBrowser, openPage } from './support/browser';
import { signIn } from './support/session';
import { ADMIN_EMAIL, ADMIN_PASSWORD, startServer, type RunningServer } from './support/server';

let server: RunningServer;
let browser: Browser;
const PHONE = { width: 390, height: 844 };

beforeAll(async () => {
  mkdirSync('test-results', { recursive: true });
  server = await startServer();
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

/** How many mails the server has logged so far. */
const mailCount = () => (existsSync(server.mailLog) ? readFileSync(server.mailLog, 'utf8').trim().split('\n').length : 0);

/** Types the e-mail and password, waits for the code page and types the newest mailed code. */
async function signInFromLogin(page: Page, password = ADMIN_PASSWORD) {
  await page.getByLabel('Correo electrónico').fill(ADMIN_EMAIL);
  await page.getByLabel('Contraseña', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Continuar' }).click();
  await page.waitForURL(/\/otp\?email=/);
  await page.getByLabel('Dígito 1 del código').click();
  await page.keyboard.type(server.lastCode(ADMIN_EMAIL));
}

/** What has focus: its accessible text, whether it sits in the main menu, and its visible box. */
const focused = (page: Page) =>
  page.evaluate(() => {
    const element = document.activeElement as HTMLElement | null;
    if (!element || element === document.body) return null;
    const box = element.getBoundingClientRect();
    const style = getComputedStyle(element);
    return {
      text: (element.getAttribute('aria-label') ?? element.textContent ?? '').trim(),
      inMenu: Boolean(element.closest('#menu-principal')),
      visible: box.width > 0 && box.height > 0 && box.right > 0 && box.bottom > 0 && box.left < innerWidth && style.visibility !== 'hidden',
      outline: `${style.outlineStyle} ${style.outlineWidth}`,
      outlineOffset: style.outlineOffset,
    };
  });

describe('deep links survive the sign-in', () => {
  it('opens the address asked for, search included, once the code is typed', async () => {
    const page = await openPage(browser);
    await page.goto(`${server.url}/campanas?q=hogar&status=ACTIVE`);
    await page.waitForURL('**/login?redirect=*');
    expect(new URL(page.url()).searchParams.get('redirect')).toBe('/campanas?q=hogar&status=ACTIVE');
    await expect.poll(() => page.title()).toBe('Iniciar sesión · Panel de Control');

    // The code page shows when another code may be asked for; the target rides along.
    await page.getByLabel('Correo electrónico').fill(ADMIN_EMAIL);
    await page.getByLabel('Contraseña').fill(ADMIN_PASSWORD);
    await page.getByRole('button', { name: 'Continuar' }).click();
    await page.waitForURL(/\/otp\?email=.*redirect=/);
    await page.getByText(/Podrás pedir otro código en \d+ s\./).waitFor();
    expect(await page.getByRole('button', { name: 'Reenviar código' }).isDisabled()).toBe(true);
    expect(await seriousA11yViolations(page)).toEqual([]);
    await page.screenshot({ path: 'test-results/otp-resend-countdown-1440.png' });
    await page.setViewportSize(PHONE);
    await page.screenshot({ path: 'test-results/otp-resend-countdown-390.png' });

    await page.getByLabel('Dígito 1 del código').click();
    await page.keyboard.type(server.lastCode(ADMIN_EMAIL));
    await page.waitForURL(`${server.url}/campanas?q=hogar&status=ACTIVE`);
    await page.getByRole('heading', { name: 'Campañas', level: 1 }).waitFor();
    await expect.poll(() => page.title()).toBe('Campañas · Panel de Control');
    await page.close();
  });

  it('refuses a target outside the panel and lands home', async () => {
    const page = await openPage(browser);
    await page.goto(`${server.url}/login?redirect=${encodeURIComponent('//evil.example/users')}`);
    await page.getByRole('heading', { name: 'Bienvenido' }).waitFor();
    await signInFromLogin(page);
    await page.waitForURL(`${server.url}/`);
    await page.getByRole('heading', { name: 'Sponsors', level: 1 }).waitFor();
    await page.close();
  });
});

describe('the shell on a phone', () => {
  it('never lets the keyboard reach the folded menu, opens it, and Escape folds it back', async () => {
    const page = await openPage(browser, PHONE);
    await signIn(page, server);
    await page.getByRole('heading', { name: 'Sponsors', level: 1 }).waitFor();

    // From the top of the page, every stop is something the person can see, never a hidden link.
    await page.keyboard.press('Tab');
    const first = await focused(page);
    expect(first?.text).toBe('Saltar al contenido');
    expect(first?.visible).toBe(true);
    const stops: NonNullable<Awaited<ReturnType<typeof focused>>>[] = [];
    for (let step = 0; step < 25; step += 1) {
      await page.keyboard.press('Tab');
      const stop = await focused(page);
      if (!stop) break;
      stops.push(stop);
    }
    expect(stops.filter((stop) => stop.inMenu)).toEqual([]);
    expect(stops.filter((stop) => !stop.visible)).toEqual([]);

    await page.getByRole('button', { name: 'Abrir menú' }).click();
    const menu = page.getByRole('navigation', { name: 'Menú principal' });
    await menu.getByRole('link', { name: 'Campañas' }).waitFor();
    expect(await seriousA11yViolations(page)).toEqual([]);
    await page.screenshot({ path: 'test-results/shell-menu-open-390.png' });

    await page.keyboard.press('Escape');
    expect((await focused(page))?.text).toBe('Abrir menú');
    expect(await menu.getAttribute('inert')).not.toBeNull();

    // Choosing a link folds the menu too.
    await page.getByRole('button', { name: 'Abrir menú' }).click();
    await menu.getByRole('link', { name: 'Campañas' }).click();
    await page.getByRole('heading', { name: 'Campañas', level: 1 }).waitFor();
    expect(await menu.getAttribute('inert')).not.toBeNull();
    expect(await seriousA11yViolations(page)).toEqual([]);
    await page.close();
  });
});

describe('the shell on a wide screen', () => {
  it("skips to the content, and draws a 2px ring on sidebar items and inputs", async () => {
    const page = await openPage(browser);
    await signIn(page, server);
    await page.getByRole('heading', { name: 'Sponsors', level: 1 }).waitFor();
    await expect.poll(() => page.title()).toBe('Sponsors · Panel de Control');

    await page.keyboard.press('Tab');
    expect((await focused(page))?.text).toBe('Saltar al contenido');
    await page.keyboard.press('Enter');
    expect(await page.evaluate(() => document.activeElement?.tagName)).toBe('MAIN');

    await page.getByRole('navigation', { name: 'Menú principal' }).getByRole('link', { name: 'Campañas' }).focus();
    const item = await focused(page);
    expect(item?.outline).toBe('solid 2px');
    // Drawn inside the item: the scrolling sidebar would clip a ring drawn outside.
    expect(item?.outlineOffset).toBe('-2px');

    await page.getByRole('searchbox').or(page.getByRole('textbox')).first().focus();
    const input = await focused(page);
    expect(input?.outline).toBe('solid 2px');
    expect(input?.outlineOffset).toBe('2px');
    await page.close();
  });
});

describe('the sign-in screens', () => {
  it('have 24×24 px small links, a ring on their fields, and put focus on a wrong password', async () => {
    const page = await openPage(browser, PHONE);
    await page.goto(`${server.url}/login`);
    await page.getByRole('heading', { name: 'Bienvenido' }).waitFor();
    const box = await page.getByRole('link', { name: '¿Olvidaste tu contraseña?' }).boundingBox();
    expect(box!.height).toBeGreaterThanOrEqual(24);
    expect(box!.width).toBeGreaterThanOrEqual(24);

    await page.getByLabel('Correo electrónico').focus();
    expect((await focused(page))?.outline).toBe('solid 2px');

    await page.getByLabel('Correo electrónico').fill(ADMIN_EMAIL);
    await page.getByLabel('Contraseña').fill('incorrecta');
    await page.getByRole('button', { name: 'Continuar' }).click();
    await page.getByText('Correo o contraseña incorrectos.').waitFor();
    const password = page.getByLabel('Contraseña');
    expect(await password.evaluate((element) => element === document.activeElement)).toBe(true);
    expect(await password.getAttribute('aria-invalid')).toBe('true');
    expect(await seriousA11yViolations(page)).toEqual([]);
    await page.close();
  });

  it('greet the new password on /login with the e-mail filled in after a recovery', async () => {
    const page = await openPage(browser);
    await page.goto(`${server.url}/recover`);
    const mailsBefore = mailCount();
    await page.getByLabel('Correo electrónico').fill(ADMIN_EMAIL);
    await page.getByRole('button', { name: 'Enviar código' }).click();
    await page.getByLabel('Dígito 1 del código').click();
    // The recovery mail goes out after the answer: wait for it.
    await expect.poll(mailCount, { timeout: 10_000 }).toBeGreaterThan(mailsBefore);
    await page.keyboard.type(server.lastCode(ADMIN_EMAIL));
    await page.getByRole('button', { name: 'Verificar código' }).click();
    const newPassword = 'Otra-clave-2026';
    await page.getByLabel('Nueva contraseña').fill(newPassword);
    await page.getByLabel('Confirmar contraseña').fill(newPassword);
    await page.getByRole('button', { name: 'Guardar contraseña' }).click();

    await page.waitForURL('**/login');
    await page.getByRole('status').filter({ hasText: 'Tu contraseña ha sido actualizada correctamente.' }).waitFor();
    expect(await page.getByLabel('Correo electrónico').inputValue()).toBe(ADMIN_EMAIL);
    expect(await seriousA11yViolations(page)).toEqual([]);
    await page.screenshot({ path: 'test-results/login-password-reset-1440.png' });
    await page.setViewportSize(PHONE);
    await page.screenshot({ path: 'test-results/login-password-reset-390.png' });

    // The new password signs in.
    await signInFromLogin(page, newPassword);
    await page.waitForURL(`${server.url}/`);
    await page.close();
  });
});
