import { mkdirSync } from 'node:fs';
import type { Browser, BrowserContext, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seriousA11yViolations } from './support/a11y';
import { launchBrowser } from './support/browser';
import { startServer, type RunningServer } from './support/server';
import { choose, signIn } from './support/session';

let server: RunningServer;
let browser: Browser;
let context: BrowserContext;
let page: Page;

beforeAll(async () => {
  mkdirSync('test-results', { recursive: true });
  server = await startServer({ SEED_DEMO: 'true' });
  browser = await launchBrowser();
  context = await browser.newContext({ viewport: { width: 1440, height: 900 } });
  page = await context.newPage();
  await signIn(page, server);
});
afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

const WIDTHS = [
  { width: 1440, height: 900 },
  { width: 1366, height: 768 },
  { width: 768, height: 1024 },
  { width: 390, height: 844 },
];

/** What a person would notice is wrong on the screen as it stands. */
async function problemsOnScreen(current: Page): Promise<string[]> {
  const problems = await current.evaluate(() => {
    const found: string[] = [];
    if (document.documentElement.scrollWidth > window.innerWidth) {
      found.push(`scrolls sideways: ${document.documentElement.scrollWidth} > ${window.innerWidth}`);
    }
    // A status badge whose word is cut ('PAUSA…').
    for (const label of document.querySelectorAll<HTMLElement>('.mantine-Badge-label')) {
      if (label.offsetParent !== null && label.scrollWidth > label.clientWidth) found.push(`badge cut: '${label.textContent}'`);
    }
    return found;
  });
  problems.push(...(await seriousA11yViolations(current, { targetSize: true })));
  return problems;
}

/** Checks the screen (or the open dialog) and keeps a screenshot of it. */
async function checkScreen(on: Page, name: string, heading: Locator) {
  const { width } = on.viewportSize()!;
  await heading.waitFor();
  // A dialog is judged once it has faded in: half-way, the page behind shows through its overlay.
  await on.waitForFunction(() =>
    [...document.querySelectorAll('.mantine-Modal-overlay, .mantine-Modal-content')].every((node) => getComputedStyle(node).opacity === '1'),
  );
  expect(await heading.isVisible(), `${name} at ${width}: its h1 is visible`).toBe(true);
  expect(await problemsOnScreen(on), `${name} at ${width}`).toEqual([]);
  await on.screenshot({ path: `test-results/screen-${name}-${width}.png` });
}

const h1 = (on: Page, name: string | RegExp) => on.getByRole('heading', { level: 1, name });

/** Opens a dialog with its button, checks it, and closes it without changes. */
async function checkDialog(on: Page, name: string, button: Locator, title: string) {
  await button.click();
  const dialog = on.getByRole('dialog', { name: title });
  await dialog.waitFor();
  // Every dialog opens with focus on its first field.
  await expect.poll(() => dialog.evaluate((node) => node.contains(document.activeElement) && document.activeElement?.tagName === 'INPUT')).toBe(true);
  await checkScreen(on, name, dialog.getByText(title, { exact: true }).first());
  await on.keyboard.press('Escape');
  await dialog.waitFor({ state: 'detached' });
}

/** Every built route and dialog at one screen size, in a tab of its own. */
async function walkEveryScreen(viewport: { width: number; height: number }, sponsorUrl: string, campaignUrl: string, offerUrl: string) {
  const on = await context.newPage();
  await on.setViewportSize(viewport);

  await on.goto(`${server.url}/`);
  await on.getByRole('article').first().waitFor();
  await checkScreen(on, 'home', h1(on, 'Sponsors'));

  await on.goto(`${server.url}/sponsors`);
  await on.getByRole('article', { name: 'Andes Protección' }).waitFor();
  await checkScreen(on, 'sponsors', h1(on, 'Sponsors'));
  await checkDialog(on, 'new-sponsor', on.getByRole('button', { name: 'Nuevo Sponsor' }).first(), 'Nuevo Sponsor');
  await on.getByRole('article', { name: 'Andes Protección' }).getByRole('button', { name: 'Eliminar' }).click();
  const remove = on.getByRole('dialog', { name: 'Eliminar sponsor' });
  await remove.getByText(/^No se puede eliminar/).waitFor();
  await checkScreen(on, 'delete-sponsor', remove.getByText('Eliminar sponsor', { exact: true }).first());
  await remove.getByRole('button', { name: 'Cancelar' }).click();
  await remove.waitFor({ state: 'detached' });

  await on.goto(sponsorUrl);
  await on.getByRole('article', { name: 'Auto Tranquilo' }).waitFor();
  await checkScreen(on, 'sponsor', h1(on, 'Andes Protección'));
  await checkDialog(on, 'new-campaign', on.getByRole('button', { name: 'Nueva Campaña' }).first(), 'Nueva Campaña');

  await on.goto(campaignUrl);
  await checkScreen(on, 'campaign', h1(on, 'Auto Tranquilo'));

  // A campaign that sells: its plans, categories and services, and the plan wizard.
  await on.goto(offerUrl);
  await on.getByRole('tabpanel').getByRole('article').first().waitFor();
  await checkScreen(on, 'campaign-plans', h1(on, 'Hogar Seguro Total'));
  await checkDialog(on, 'new-plan', on.getByRole('button', { name: 'Nuevo Plan' }).first(), 'Nuevo Plan');
  await on.goto(`${offerUrl}?tab=categorias`);
  await on.getByRole('article', { name: 'Emergencias del hogar' }).waitFor();
  await checkScreen(on, 'campaign-categories', h1(on, 'Hogar Seguro Total'));
  await checkDialog(on, 'new-campaign-category', on.getByRole('button', { name: 'Nueva Categoría' }).first(), 'Nueva Categoría');
  await on.goto(`${offerUrl}?tab=servicios`);
  await on.getByRole('tabpanel').getByRole('article').first().waitFor();
  await checkScreen(on, 'campaign-services', h1(on, 'Hogar Seguro Total'));

  await on.goto(`${server.url}/categorias`);
  await on.getByRole('article', { name: 'Hogar', exact: true }).waitFor();
  await checkScreen(on, 'catalogue', h1(on, 'Categorías'));
  await checkDialog(on, 'new-category', on.getByRole('button', { name: 'Nueva Categoría' }).first(), 'Nueva Categoría');

  await on.goto(`${server.url}/dsp-config`);
  const dsp = on.getByRole('article', { name: 'Andes Tienda Digital' });
  await dsp.waitFor();
  await checkScreen(on, 'dsps', h1(on, 'DSP'));
  await checkDialog(on, 'new-dsp', on.getByRole('button', { name: 'Nueva DSP' }).first(), 'Nueva DSP');
  await checkDialog(on, 'edit-dsp', dsp.getByRole('button', { name: 'Editar' }), 'Editar DSP');
  await dsp.getByRole('button', { name: 'Configuración' }).click();
  const configuration = on.getByRole('dialog', { name: 'Configuración de Andes Tienda Digital' });
  await configuration.getByRole('tab', { name: 'Conectores', selected: true }).waitFor();
  await checkScreen(on, 'dsp-configuration', configuration.getByText('Configuración de Andes Tienda Digital', { exact: true }));
  await on.keyboard.press('Escape');
  await configuration.waitFor({ state: 'detached' });

  // The DSP's customers, opened from its card as staff do, and the customer form.
  await dsp.getByRole('link', { name: 'Clientes' }).click();
  await h1(on, 'Clientes').waitFor();
  const customer = on.getByRole('article').first();
  await customer.waitFor();
  await checkScreen(on, 'customers', h1(on, 'Clientes'));
  await checkDialog(on, 'new-customer', on.getByRole('button', { name: 'Nuevo Cliente' }), 'Nuevo Cliente');
  await checkDialog(on, 'edit-customer', customer.getByRole('button', { name: 'Editar' }), 'Editar Cliente');

  await on.goto(`${server.url}/planes-asistencia`);
  await on.getByText(/^\d+ planes$/).waitFor();
  await checkScreen(on, 'plans', h1(on, 'Planes de Asistencia'));

  await on.goto(`${server.url}/servicios`);
  await on.getByText(/^\d+ servicios$/).waitFor();
  await checkScreen(on, 'services', h1(on, 'Servicios'));

  await on.goto(`${server.url}/ventas`);
  await on.getByText(/^\d+ ventas?$/).waitFor();
  await checkScreen(on, 'sales', h1(on, 'Ventas'));

  await on.goto(`${server.url}/agendamientos`);
  const booking = on.getByRole('button', { name: /^Ver detalle de AG-/ }).first();
  await booking.waitFor();
  await checkScreen(on, 'bookings', h1(on, 'Agendamientos'));
  await booking.click();
  const detail = on.getByRole('dialog', { name: 'Detalle de Reservación' });
  await detail.getByText('Historial de estados').first().waitFor();
  await checkScreen(on, 'booking-detail', detail.getByText('Detalle de Reservación', { exact: true }).first());
  await on.keyboard.press('Escape');
  await detail.waitFor({ state: 'detached' });
  await on.getByRole('button', { name: /^Cambiar estado de AG-/ }).first().click();
  const change = on.getByRole('dialog', { name: 'Cambiar estado' });
  await change.getByRole('combobox', { name: 'Estado' }).waitFor();
  await checkScreen(on, 'change-booking-status', change.getByText('Cambiar estado', { exact: true }).first());
  await change.getByRole('button', { name: 'Cancelar' }).click();
  await change.waitFor({ state: 'detached' });
  await on.getByRole('button', { name: 'Ver gráfico' }).click();
  await on.getByRole('table', { name: /Agendamientos por día/ }).waitFor({ state: 'attached' });
  await checkScreen(on, 'bookings-chart', h1(on, 'Agendamientos'));

  await on.goto(`${server.url}/campanas`);
  await on.getByText(/^\d+ campañas$/).waitFor();
  await checkScreen(on, 'campaigns', h1(on, 'Campañas'));
  // The badge check above had status badges to look at, 'PAUSADA' among them.
  expect(await on.locator('.mantine-Badge-label').filter({ hasText: 'Pausada' }).count()).toBeGreaterThan(0);

  await on.goto(`${server.url}/users`);
  await on.getByText(/^\d+ de \d+ usuarios$/).waitFor();
  await checkScreen(on, 'users', h1(on, 'Gestión de Usuarios'));
  await checkDialog(on, 'new-user', on.getByRole('button', { name: 'Nuevo Usuario' }).first(), 'Nuevo Usuario');

  await on.goto(`${server.url}/users?tab=roles`);
  await on.getByRole('region', { name: 'Business Leader' }).waitFor();
  await checkScreen(on, 'roles', h1(on, 'Gestión de Usuarios'));

  await on.goto(`${server.url}/auditoria`);
  await on.getByText(/^\d+ cambios?$/).first().waitFor();
  await checkScreen(on, 'audit', h1(on, 'Auditoría'));

  await on.goto(`${server.url}/mi-cuenta`);
  await on.getByText('Sesiones abiertas').first().waitFor();
  await checkScreen(on, 'account', h1(on, 'Mi cuenta'));
  await on.close();
}

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
    await page.setViewportSize({ width: 1440, height: 900 });
    await page.goto(`${server.url}/sponsors`);
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
  });
});

describe('every built screen, at every width staff use', () => {
  it('is readable, reachable and unclipped at 1440, 1366, 768 and 390 px', async () => {
    // Addresses of a demo sponsor and its paused campaign, found the way staff find them.
    await page.setViewportSize(WIDTHS[0]!);
    await page.goto(`${server.url}/sponsors`);
    await page.getByRole('article', { name: 'Andes Protección' }).getByRole('link', { name: 'Ver Detalles' }).click();
    await h1(page, 'Andes Protección').waitFor();
    const sponsorUrl = page.url();
    await page.getByRole('article', { name: 'Auto Tranquilo' }).getByRole('link', { name: 'Ver Detalles' }).click();
    await h1(page, 'Auto Tranquilo').waitFor();
    const campaignUrl = page.url();
    await page.goto(sponsorUrl);
    await page.getByRole('article', { name: 'Hogar Seguro Total' }).getByRole('link', { name: 'Ver Detalles' }).click();
    await h1(page, 'Hogar Seguro Total').waitFor();
    const offerUrl = page.url();

    // The four sizes at once, each in its own tab of the signed-in browser.
    await Promise.all(WIDTHS.map((viewport) => walkEveryScreen(viewport, sponsorUrl, campaignUrl, offerUrl)));
  }, 360_000);
});
