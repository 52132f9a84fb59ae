import type { Browser, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seriousA11yViolations } from './support/a11y';
import { launchBrowser } from './support/browser';
import { startServer, type RunningServer } from './support/server';
import { choose, signIn } from './support/session';

let server: RunningServer;
let browser: Browser;

beforeAll(async () => {
  server = await startServer({ SEED_DEMO: 'true' });
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

const QUESTION = 'Tienes cambios sin guardar. ¿Descartarlos?';

/** The page scrolls sideways when something is wider than the screen. */
const overflowsSideways = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth > window.innerWidth);

describe('a panel staff can use all day', () => {
  it('asks before losing typed changes, and says why a sponsor cannot be deleted before anything is typed', async () => {
    const context = await browser.newContext({ viewport: { width: 1440, height: 900 } });
    const page = await context.newPage();
    await signIn(page, server);
    await page.getByRole('heading', { level: 1, name: 'Sponsors' }).waitFor();
    await page.getByText(/^\d+ sponsors$/).waitFor();
    await page.screenshot({ path: 'test-results/staff-sponsors-1440.png' });

    // Nothing typed: Escape closes at once.
    await page.getByRole('button', { name: 'Nuevo Sponsor' }).first().click();
    const dialog = page.getByRole('dialog', { name: 'Nuevo Sponsor' });
    await expect.poll(() => dialog.getByLabel('Nombre').evaluate((input) => input === document.activeElement)).toBe(true);
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'detached' });

    // Something typed: Escape asks, 'Seguir editando' keeps it, 'Descartar' closes.
    await page.getByRole('button', { name: 'Nuevo Sponsor' }).first().click();
    await dialog.getByLabel('Nombre').fill('A medio escribir');
    await page.keyboard.press('Escape');
    await dialog.getByText(QUESTION).waitFor();
    await page.screenshot({ path: 'test-results/staff-unsaved-changes.png' });
    expect(await seriousA11yViolations(page)).toEqual([]);
    await dialog.getByRole('button', { name: 'Seguir editando' }).click();
    expect(await dialog.getByLabel('Nombre').inputValue()).toBe('A medio escribir');
    await dialog.getByRole('button', { name: 'Cancelar' }).click();
    await dialog.getByRole('button', { name: 'Descartar' }).click();
    await dialog.waitFor({ state: 'detached' });

    // A demo sponsor with three campaigns: the reason shows at once and Eliminar stays off.
    await page.getByRole('article', { name: 'Andes Protección' }).getByRole('button', { name: 'Eliminar' }).click();
    const remove = page.getByRole('dialog', { name: 'Eliminar sponsor' });
    await remove.getByText(/^No se puede eliminar/).waitFor();
    expect(await remove.getByRole('button', { name: 'Eliminar' }).isDisabled()).toBe(true);
    expect(await remove.getByLabel(/Escribe/).count()).toBe(0);
    await page.screenshot({ path: 'test-results/staff-delete-refused.png' });
    expect(await seriousA11yViolations(page)).toEqual([]);
    await context.close();
  });

  it('on a phone the users list is cards and nothing scrolls sideways', async () => {
    const context = await browser.newContext({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });
    const page = await context.newPage();
    await signIn(page, server);
    await page.getByRole('heading', { level: 1, name: 'Sponsors' }).waitFor();
    await page.getByRole('article').first().waitFor();
    await page.screenshot({ path: 'test-results/staff-sponsors-390.png', fullPage: true });
    expect(await overflowsSideways(page)).toBe(false);

    await page.goto(`${server.url}/users`);
    await page.getByRole('heading', { level: 1, name: 'Gestión de Usuarios' }).waitFor();
    await page.getByRole('listitem').filter({ hasText: 'Contacto' }).first().waitFor();
    expect(await page.getByRole('table').count()).toBe(0);
    await page.screenshot({ path: 'test-results/staff-users-390.png', fullPage: true });
    expect(await overflowsSideways(page)).toBe(false);
    expect(await seriousA11yViolations(page)).toEqual([]);

    await page.goto(`${server.url}/users?tab=roles`);
    await page.getByRole('region', { name: 'Business Leader' }).waitFor();
    expect(await overflowsSideways(page)).toBe(false);
    await context.close();
  });
});

/** A refused save shows the server's message once, under the field, with focus on that field. */
async function expectRefusedOnName(dialog: Locator, message: string) {
  const name = dialog.getByLabel('Nombre');
  await expect.poll(() => name.evaluate((input) => input === document.activeElement)).toBe(true);
  expect(await name.getAttribute('aria-invalid')).toBe('true');
  const description = await name.evaluate((input) =>
    (input.getAttribute('aria-describedby') ?? '').split(' ').map((id) => document.getElementById(id)?.textContent ?? '').join(' '),
  );
  expect(description).toContain(message);
  expect(await dialog.getByText(message).count()).toBe(1);
  expect(await dialog.getByRole('alert').count()).toBe(0);
}

describe('saving refused or helped, in the browser', () => {
  it('a taken name: said once under Nombre, focus on it; a picked date leaves focus on its field', async () => {
    const context = await browser.newContext({ viewport: { width: 1440, height: 900 } });
    const page = await context.newPage();
    await signIn(page, server);
    await page.getByRole('article', { name: 'Andes Protección' }).waitFor();
    await page.getByRole('button', { name: 'Nuevo Sponsor' }).first().click();
    const sponsorForm = page.getByRole('dialog', { name: 'Nuevo Sponsor' });
    await sponsorForm.getByLabel('Nombre').fill('Andes Protección');
    await choose(page, sponsorForm, 'País', 'Colombia', 'Colom');
    await sponsorForm.getByRole('button', { name: 'Crear Sponsor' }).click();
    await expectRefusedOnName(sponsorForm, 'Ya existe un sponsor con ese nombre.');
    await page.screenshot({ path: 'test-results/refused-sponsor-name.png' });
    expect(await seriousA11yViolations(page)).toEqual([]);
    await page.keyboard.press('Escape');
    await sponsorForm.getByRole('button', { name: 'Descartar' }).click();
    await sponsorForm.waitFor({ state: 'detached' });

    await page.getByRole('article', { name: 'Andes Protección' }).getByRole('link', { name: 'Ver Detalles' }).click();
    await page.getByRole('article', { name: 'Auto Tranquilo' }).waitFor();
    await page.getByRole('button', { name: 'Nueva Campaña' }).first().click();
    const campaignForm = page.getByRole('dialog', { name: 'Nueva Campaña' });
    await campaignForm.getByLabel('Nombre').fill('Auto Tranquilo');
    // A day picked with the pointer: focus comes back to the date field, not the page.
    const start = campaignForm.getByRole('button', { name: 'Fecha de inicio' });
    await start.click();
    const day = page.getByRole('button', { name: /^10 / }).filter({ visible: true }).first();
    await day.click();
    await day.waitFor({ state: 'hidden' });
    await expect.poll(() => start.evaluate((field) => field === document.activeElement)).toBe(true);
    await campaignForm.getByRole('button', { name: 'Crear Campaña' }).click();
    await expectRefusedOnName(campaignForm, 'Ya existe una campaña con ese nombre en este sponsor.');
    await page.screenshot({ path: 'test-results/refused-campaign-name.png' });
    await page.keyboard.press('Escape');
    await campaignForm.getByRole('button', { name: 'Descartar' }).click();
    await campaignForm.waitFor({ state: 'detached' });
    await context.close();
  });
});

