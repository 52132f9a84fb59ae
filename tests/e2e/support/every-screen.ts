import { mkdirSync } from 'node:fs';
import type { Browser, BrowserContext, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seriousA11yViolations } from './a11y';
import { launchBrowser, motionless } from './browser';
import { startServer, type RunningServer } from './server';
import { signIn } from './session';

interface Viewport {
  width: number;
  height: number;
  /** The theme the walk is in: the system's setting, which the panel follows by default. Light unless told. */
  scheme?: 'light' | 'dark';
}

/** The demo sponsor, its paused campaign and a campaign that sells, as staff reach them. */
interface Addresses {
  sponsorUrl: string;
  campaignUrl: string;
  offerUrl: string;
}

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
  const scheme = await on.evaluate(() => document.documentElement.getAttribute('data-mantine-color-scheme'));
  const suffix = scheme === 'dark' ? '-dark' : '';
  await heading.waitFor();
  // A dialog is judged once it has faded in: half-way, the page behind shows through its overlay.
  await motionless(on);
  expect(await heading.isVisible(), `${name} at ${width}: its h1 is visible`).toBe(true);
  expect(await problemsOnScreen(on), `${name} at ${width}${suffix}`).toEqual([]);
  await on.screenshot({ path: `test-results/screen-${name}-${width}${suffix}.png` });
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
async function walkEveryScreen(context: BrowserContext, server: RunningServer, viewport: Viewport, { sponsorUrl, campaignUrl, offerUrl }: Addresses) {
  const on = await context.newPage();
  await on.setViewportSize(viewport);
  const scheme = viewport.scheme ?? 'light';
  await on.emulateMedia({ colorScheme: scheme });

  await on.goto(`${server.url}/`);
  await on.getByRole('article').first().waitFor();
  // The walk is in the theme asked for: the admin keeps 'Sistema', which follows the system's.
  expect(await on.evaluate(() => document.documentElement.getAttribute('data-mantine-color-scheme'))).toBe(scheme);
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

/** Finds the addresses the walk opens, the way staff find them. */
async function findAddresses(page: Page, server: RunningServer): Promise<Addresses> {
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
  return { sponsorUrl, campaignUrl, offerUrl: page.url() };
}

/**
 * Every built screen and dialog at these screen sizes, one test each, on a server and browser of
 * the calling file's own. Two files share the four sizes staff use, so that the two halves run
 * side by side and each size has its own time limit, however slow the machine.
 */
export function describeEveryScreenAt(viewports: Viewport[]) {
  let server: RunningServer;
  let browser: Browser;
  let context: BrowserContext;
  let addresses: Addresses;

  beforeAll(async () => {
    mkdirSync('test-results', { recursive: true });
    server = await startServer({ SEED_DEMO: 'true' });
    browser = await launchBrowser();
    context = await browser.newContext({ viewport: { width: 1440, height: 900 } });
    const page = await context.newPage();
    await signIn(page, server);
    addresses = await findAddresses(page, server);
    await page.close();
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  describe('every built screen, at every width staff use', () => {
    // A walk of every screen and dialog with axe on each takes a while on a slow machine beside the
    // other worker; the limit only catches a walk that hangs.
    for (const viewport of viewports) {
      const theme = viewport.scheme === 'dark' ? ' in the dark theme' : '';
      it(`is readable, reachable and unclipped at ${viewport.width} px${theme}`, () => walkEveryScreen(context, server, viewport, addresses), 600_000);
    }
  });
}
