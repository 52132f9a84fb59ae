import { mkdirSync } from 'node:fs';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bannerPng, logoPng } from '../../server/db/seed/demo-images';
import { seriousA11yViolations } from './support/a11y';
import { imageLoaded, imagesLoaded, launchBrowser } from './support/browser';
import { startServer, type RunningServer } from './support/server';
import { choose, signIn } from './support/session';

let browser: Browser;

beforeAll(async () => {
  mkdirSync('test-results', { recursive: true });
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

/** Signs in and waits for the sponsors grid. */
async function signInToSponsors(page: Page, server: RunningServer) {
  await signIn(page, server);
  await page.getByRole('heading', { level: 1, name: 'Sponsors' }).waitFor();
}

describe('sponsors and campaigns, as staff use them', () => {
  let server: RunningServer;
  beforeAll(async () => {
    server = await startServer();
  });
  afterAll(async () => {
    await server?.stop();
  });

  it('creates a sponsor with a logo, finds it by link, sorts, visits, edits, and manages its campaign', async () => {
    const context = await browser.newContext({ viewport: { width: 1440, height: 900 } });
    // 'Visitar sitio' must not reach the real Internet: answer the sponsor's site locally.
    await context.route('https://zafiro-e2e.example/**', (route) => route.fulfill({ status: 200, contentType: 'text/html', body: '<title>Zafiro</title>' }));
    const page = await context.newPage();
    await signInToSponsors(page, server);
    await page.getByText('Comienza creando tu primer sponsor.').waitFor();
    await page.screenshot({ path: 'test-results/sponsors-empty.png' });

    // Create a sponsor with a real PNG logo.
    await page.getByRole('button', { name: 'Nuevo Sponsor' }).first().click();
    const form = page.getByRole('dialog', { name: 'Nuevo Sponsor' });
    await form.getByLabel('Nombre').fill('Zafiro Asistencia E2E');
    await form.locator('input[type=file]').setInputFiles({ name: 'zafiro.png', mimeType: 'image/png', buffer: logoPng('Zafiro Asistencia', [37, 99, 235]) });
    await form.getByRole('img', { name: 'Vista previa: Logo' }).waitFor();
    await form.getByLabel('Sitio web').fill('zafiro-e2e.example');
    await choose(page, form, 'País', 'Colombia', 'Colom');
    await page.screenshot({ path: 'test-results/sponsors-form.png' });
    await form.getByRole('button', { name: 'Crear Sponsor' }).click();
    await form.waitFor({ state: 'hidden' });
    const zafiro = page.getByRole('article', { name: 'Zafiro Asistencia E2E' });
    await zafiro.waitFor();
    await expect.poll(() => imagesLoaded(page, 'article[aria-label="Zafiro Asistencia E2E"] img')).toBe(true);
    await expect(zafiro.getByText('https://zafiro-e2e.example').isVisible()).resolves.toBe(true);

    // A second one, without a logo, to sort against.
    await page.getByRole('button', { name: 'Nuevo Sponsor' }).first().click();
    const second = page.getByRole('dialog', { name: 'Nuevo Sponsor' });
    await second.getByLabel('Nombre').fill('Aurora Seguros E2E');
    await choose(page, second, 'País', 'Perú', 'Per');
    await second.getByRole('button', { name: 'Crear Sponsor' }).click();
    await page.getByRole('article', { name: 'Aurora Seguros E2E' }).waitFor();

    // Found again from a link, then sorted Z→A; both live in the address.
    await page.goto(`${server.url}/sponsors?q=e2e`);
    await page.getByRole('article', { name: 'Zafiro Asistencia E2E' }).waitFor();
    expect(await page.getByRole('searchbox', { name: 'Buscar sponsors' }).inputValue()).toBe('e2e');
    const names = () => page.getByRole('article').evaluateAll((cards) => cards.map((card) => card.getAttribute('aria-label')));
    expect(await names()).toEqual(['Aurora Seguros E2E', 'Zafiro Asistencia E2E']);
    await choose(page, page, 'Ordenar por nombre', 'Nombre (Z→A)');
    await page.waitForURL(/sort=-name/);
    await expect.poll(names).toEqual(['Zafiro Asistencia E2E', 'Aurora Seguros E2E']);
    expect(new URL(page.url()).search).toBe('?q=e2e&sort=-name');
    await page.screenshot({ path: 'test-results/sponsors-grid.png' });
    expect(await seriousA11yViolations(page)).toEqual([]);

    // Open it: the header, and 'Visitar sitio' in a new tab with https added.
    await page.getByRole('article', { name: 'Zafiro Asistencia E2E' }).getByRole('link', { name: 'Ver Detalles' }).click();
    await page.waitForURL(/\/sponsor\/\d+$/);
    const sponsorUrl = page.url();
    await page.getByRole('heading', { level: 1, name: 'Zafiro Asistencia E2E' }).waitFor();
    const visit = page.getByRole('link', { name: 'Visitar sitio' });
    expect(await visit.getAttribute('href')).toBe('https://zafiro-e2e.example');
    expect(await visit.getAttribute('rel')).toBe('noopener noreferrer');
    const [popup] = await Promise.all([page.waitForEvent('popup'), visit.click()]);
    await popup.waitForLoadState();
    expect(popup.url()).toBe('https://zafiro-e2e.example/');
    await popup.close();

    // Edit it.
    await page.getByRole('button', { name: 'Editar' }).first().click();
    const edit = page.getByRole('dialog', { name: 'Editar Sponsor' });
    expect(await edit.getByLabel('Nombre').inputValue()).toBe('Zafiro Asistencia E2E');
    await edit.getByLabel('Nombre').fill('Zafiro Asistencia E2E Plus');
    await edit.getByRole('button', { name: 'Actualizar Sponsor' }).click();
    await edit.waitFor({ state: 'hidden' });
    await page.getByRole('heading', { level: 1, name: 'Zafiro Asistencia E2E Plus' }).waitFor();
    expect(await page.getByRole('heading', { name: 'No hay campañas' }).isVisible()).toBe(true);
    expect(await seriousA11yViolations(page)).toEqual([]);

    // Create a campaign with an image, dates and a budget.
    await page.getByRole('button', { name: 'Nueva Campaña' }).first().click();
    const campaignForm = page.getByRole('dialog', { name: 'Nueva Campaña' });
    expect(await campaignForm.getByLabel('Sponsor').inputValue()).toBe('Zafiro Asistencia E2E Plus');
    expect(await campaignForm.getByLabel('País').inputValue()).toBe('Colombia');
    expect(await campaignForm.getByRole('button', { name: 'Crear Campaña' }).isDisabled()).toBe(true);
    await campaignForm.getByLabel('Nombre').fill('Hogar Seguro E2E');
    await campaignForm.locator('input[type=file]').setInputFiles({ name: 'banner.png', mimeType: 'image/png', buffer: bannerPng([37, 99, 235], [16, 185, 129]) });
    await campaignForm.getByLabel('Descripción').fill('Plomería, cerrajería y electricidad las 24 horas.');
    await choose(page, campaignForm, 'Estado', 'Activa');
    // The 10th and the 20th of the month the calendars open on.
    const pickDay = async (label: string, day: number) => {
      await campaignForm.getByRole('button', { name: label }).click();
      const dayButton = page.getByRole('button', { name: new RegExp(`^${day} `) }).filter({ visible: true }).first();
      await dayButton.click();
      await dayButton.waitFor({ state: 'hidden' });
    };
    await pickDay('Fecha de inicio', 10);
    await pickDay('Fecha de fin', 20);
    await campaignForm.getByLabel('Presupuesto').fill('2500000');
    await page.screenshot({ path: 'test-results/campaign-form.png' });
    await campaignForm.getByRole('button', { name: 'Crear Campaña' }).click();
    await campaignForm.waitFor({ state: 'hidden' });
    const campaignCard = page.getByRole('article', { name: 'Hogar Seguro E2E' });
    await campaignCard.waitFor();
    await expect(campaignCard.getByText('Activa').isVisible()).resolves.toBe(true);
    await expect.poll(() => imagesLoaded(page, 'article[aria-label="Hogar Seguro E2E"] img')).toBe(true);
    await page.screenshot({ path: 'test-results/sponsor-detail.png' });

    // Its page: the header and the three tabs.
    await campaignCard.getByRole('link', { name: 'Ver Detalles' }).click();
    await page.waitForURL(/\/campaign\/\d+$/);
    await page.getByRole('heading', { level: 1, name: 'Hogar Seguro E2E' }).waitFor();
    await expect(page.getByText(/^COP\s2\.500\.000$/).isVisible()).resolves.toBe(true);
    await expect(page.getByText(/^10 de /).isVisible()).resolves.toBe(true);
    for (const tab of ['Planes de Asistencia', 'Categorías', 'Servicios']) {
      await expect(page.getByRole('tab', { name: new RegExp(tab) }).isVisible()).resolves.toBe(true);
    }
    await page.screenshot({ path: 'test-results/campaign-detail.png' });
    expect(await seriousA11yViolations(page)).toEqual([]);

    // The sponsor cannot go while it has a campaign: the person reads why before typing anything.
    await page.goto(sponsorUrl);
    await page.getByRole('heading', { level: 1, name: 'Zafiro Asistencia E2E Plus' }).waitFor();
    await page.getByRole('button', { name: 'Eliminar' }).first().click();
    let confirm = page.getByRole('dialog', { name: 'Eliminar sponsor' });
    await confirm.getByText('No se puede eliminar: tiene 1 campaña').waitFor();
    expect(await confirm.getByRole('button', { name: 'Eliminar' }).isDisabled()).toBe(true);
    expect(await confirm.getByLabel(/Escribe/).count()).toBe(0);
    await page.screenshot({ path: 'test-results/sponsor-delete-refused.png' });
    await confirm.getByRole('button', { name: 'Cancelar' }).click();
    await confirm.waitFor({ state: 'hidden' });

    // Delete the campaign, then the sponsor, each with 'confirmar'.
    const logoUrl = await page.getByRole('img', { name: /Logo de Zafiro/ }).getAttribute('src');
    await page.getByRole('article', { name: 'Hogar Seguro E2E' }).getByRole('button', { name: 'Eliminar' }).click();
    confirm = page.getByRole('dialog', { name: 'Eliminar campaña' });
    await confirm.getByLabel(/Escribe/).fill('confirmar');
    await confirm.getByRole('button', { name: 'Eliminar' }).click();
    await page.getByRole('heading', { name: 'No hay campañas' }).waitFor();

    await page.getByRole('button', { name: 'Eliminar' }).first().click();
    confirm = page.getByRole('dialog', { name: 'Eliminar sponsor' });
    await confirm.getByLabel(/Escribe/).fill('confirmar');
    await confirm.getByRole('button', { name: 'Eliminar' }).click();
    await page.waitForURL(`${server.url}/`);
    await page.getByRole('article', { name: 'Aurora Seguros E2E' }).waitFor();
    expect(await page.getByRole('article', { name: /Zafiro/ }).count()).toBe(0);
    // The logo is kept while the sponsor can still be restored (RESTORE_WINDOW).
    expect((await fetch(`${server.url}${logoUrl}`)).status).toBe(200);
    await context.close();
  });
});

describe('demo data on a new installation', () => {
  let server: RunningServer;
  beforeAll(async () => {
    server = await startServer({ SEED_DEMO: 'true' });
  });
  afterAll(async () => {
    await server?.stop();
  });

  it('shows sponsors with their logos and campaigns in every status', async () => {
    const context = await browser.newContext({ viewport: { width: 1440, height: 900 } });
    const page = await context.newPage();
    await signInToSponsors(page, server);
    await page.getByRole('article').first().waitFor();
    expect(await page.getByRole('article').count()).toBeGreaterThanOrEqual(6);
    await expect.poll(() => imagesLoaded(page, 'article img')).toBe(true);
    await page.screenshot({ path: 'test-results/sponsors-demo.png' });
    expect(await seriousA11yViolations(page)).toEqual([]);

    await page.goto(`${server.url}/campanas`);
    await page.getByRole('article').first().waitFor();
    for (const status of ['Borrador', 'Activa', 'Pausada', 'Inactiva']) {
      expect(await page.getByRole('article').getByText(status, { exact: true }).count(), status).toBeGreaterThan(0);
    }
    await page.screenshot({ path: 'test-results/campaigns-demo.png', fullPage: true });
    expect(await seriousA11yViolations(page)).toEqual([]);

    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto(`${server.url}/`);
    await page.getByRole('article').first().waitFor();
    await page.screenshot({ path: 'test-results/sponsors-demo-phone.png' });
    await context.close();
  });

  it('on a phone, fetches the campaigns’ images as they near the screen, not the whole page’s at once', async () => {
    // A context of its own: nothing of the page comes from an earlier visit's cache.
    const context = await browser.newContext({ viewport: { width: 390, height: 844 } });
    const page = await context.newPage();
    const fetched = new Set<string>();
    page.on('request', (request) => {
      if (request.url().includes('/storage/campaigns/')) fetched.add(request.url());
    });
    await signInToSponsors(page, server);
    await page.goto(`${server.url}/campanas`);
    await page.getByRole('article').first().waitFor();
    const images = page.locator('article img');
    await expect.poll(() => imageLoaded(images.first())).toBe(true);
    const withImages = await images.count();
    expect(withImages).toBeGreaterThanOrEqual(10);
    expect(fetched.size).toBeGreaterThan(0);
    expect(fetched.size).toBeLessThan(withImages);

    // Scrolled to the end, the last card's image comes too.
    await images.last().scrollIntoViewIfNeeded();
    await expect.poll(() => imageLoaded(images.last())).toBe(true);
    await context.close();
  });
});
