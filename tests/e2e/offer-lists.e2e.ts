import { mkdirSync } from 'node:fs';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seriousA11yViolations } from './support/a11y';
import { launchBrowser } from './support/browser';
import { startServer, type RunningServer } from './support/server';
import { callApi, choose, signIn } from './support/session';

let browser: Browser;
let server: RunningServer;

beforeAll(async () => {
  mkdirSync('test-results', { recursive: true });
  browser = await launchBrowser();
  server = await startServer();
});
afterAll(async () => {
  await server?.stop();
  await browser?.close();
});

const rowNames = (page: Page) => page.getByRole('row').evaluateAll((rows) => rows.slice(1).map((row) => row.querySelector('a')?.textContent ?? ''));

describe('the plans and services of every campaign', () => {
  it('filters both lists from the screen and from a link, and each row opens its campaign on the right tab', async () => {
    const context = await browser.newContext({ viewport: { width: 1440, height: 900 } });
    const page = await context.newPage();
    await signIn(page, server);
    const create = (path: string, body: Record<string, unknown>) => callApi<{ id: number }>(page, server, 'POST', `v1/${path}`, body);

    const countries = await callApi<{ data: { id: number; name: string }[] }>(page, server, 'GET', 'v1/countries?limit=300');
    const colombia = countries.data.find((country) => country.name === 'Colombia')!;
    const sponsor = await create('sponsors', { name: 'Cóndor Asistencia', country_id: colombia.id });
    const hogar = await create('campaigns', { name: 'Hogar Protegido', sponsor_id: sponsor.id });
    const autos = await create('campaigns', { name: 'Ruta Segura', sponsor_id: sponsor.id });
    const gold = await create(`campaigns/${hogar.id}/plans`, { name: 'Plan Oro', description: 'Todo incluido', price: '150.000', status: 'ACTIVE', commitment_months: 12 });
    await create(`campaigns/${hogar.id}/plans`, { name: 'Plan Bronce', description: 'Lo básico', price: '30.000' });
    const road = await create(`campaigns/${autos.id}/plans`, { name: 'Plan Vial', description: 'En carretera', price: '45.000', status: 'ACTIVE', commitment_months: 6 });
    await create(`plans/${gold.id}/services`, { name: 'Plomería urgente', unlimited_coverage: true, unlimited_events: true });
    await create(`plans/${gold.id}/services`, { name: 'Cerrajería', coverage_amount: 200000, event_limit: 3, event_period: 'YEARLY', is_active: false });
    await create(`plans/${road.id}/services`, { name: 'Grúa 24 horas', unlimited_coverage: true, event_limit: 2, event_period: 'MONTHLY' });

    // Plans: every campaign's, then narrowed on screen to one campaign and one state.
    await page.goto(`${server.url}/planes-asistencia`);
    await page.getByRole('heading', { level: 1, name: 'Planes de Asistencia' }).waitFor();
    await page.getByText('3 planes').waitFor();
    await expect.poll(() => rowNames(page)).toEqual(['Plan Bronce', 'Plan Oro', 'Plan Vial']);
    const goldRow = page.getByRole('row', { name: /Plan Oro/ });
    await goldRow.getByText('Cóndor Asistencia').waitFor();
    for (const text of ['Hogar Protegido', 'Activo', '12 meses']) expect(await goldRow.getByText(text, { exact: true }).isVisible()).toBe(true);
    expect(await goldRow.getByText(/150\.000/).isVisible()).toBe(true);
    expect(await seriousA11yViolations(page)).toEqual([]);
    await page.screenshot({ path: 'test-results/offer-lists-plans.png' });

    await choose(page, page, 'Filtrar por campaña', 'Hogar Protegido · Cóndor Asistencia', 'Hogar');
    await page.waitForURL(new RegExp(`campaign=${hogar.id}`));
    await choose(page, page, 'Filtrar por estado', 'Borrador');
    await page.waitForURL(/status=DRAFT/);
    await expect.poll(() => rowNames(page)).toEqual(['Plan Bronce']);

    // Reload keeps the filters; the row opens its campaign on the plans tab.
    await page.reload();
    await expect.poll(() => rowNames(page)).toEqual(['Plan Bronce']);
    expect(await page.getByRole('combobox', { name: 'Filtrar por estado' }).inputValue()).toBe('Borrador');
    await page.getByRole('link', { name: 'Plan Bronce' }).click();
    await page.waitForURL(`${server.url}/sponsor/${sponsor.id}/campaign/${hogar.id}`);
    await page.getByRole('heading', { level: 1, name: 'Hogar Protegido' }).waitFor();
    await page.goBack();
    await expect.poll(() => rowNames(page)).toEqual(['Plan Bronce']);

    // Services: a deep link, then the search box; the row opens its plan's services.
    await page.goto(`${server.url}/servicios?status=activo`);
    await page.getByRole('heading', { level: 1, name: 'Servicios' }).waitFor();
    await expect.poll(() => rowNames(page)).toEqual(['Plomería urgente', 'Grúa 24 horas']);
    const towRow = page.getByRole('row', { name: /Grúa 24 horas/ });
    for (const text of ['Plan Vial', 'Ruta Segura', '2 · Mensual', 'Ilimitada', 'Activo']) expect(await towRow.getByText(text, { exact: true }).isVisible()).toBe(true);
    await page.goto(`${server.url}/servicios?status=inactivo&campaign=${hogar.id}`);
    await expect.poll(() => rowNames(page)).toEqual(['Cerrajería']);
    expect(await page.getByRole('row', { name: /Cerrajería/ }).getByText('3 · Anual').isVisible()).toBe(true);
    await choose(page, page, 'Filtrar por estado', 'Todos los estados');
    await page.getByRole('searchbox', { name: 'Buscar servicios' }).fill('plomeria');
    await page.waitForURL(/q=plomeria/);
    await expect.poll(() => rowNames(page)).toEqual(['Plomería urgente']);
    expect(await seriousA11yViolations(page)).toEqual([]);
    await page.screenshot({ path: 'test-results/offer-lists-services.png' });
    await page.getByRole('link', { name: 'Plomería urgente' }).click();
    await page.waitForURL(`${server.url}/sponsor/${sponsor.id}/campaign/${hogar.id}?tab=servicios&plan=${gold.id}`);
    await page.getByRole('heading', { level: 1, name: 'Hogar Protegido' }).waitFor();
    await context.close();

    // On a phone each row is a card.
    const phone = await browser.newContext({ viewport: { width: 390, height: 844 } });
    const small = await phone.newPage();
    await signIn(small, server);
    await small.goto(`${server.url}/planes-asistencia`);
    await small.getByRole('link', { name: 'Plan Oro' }).waitFor();
    expect(await small.getByRole('table').count()).toBe(0);
    expect(await small.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
    await small.screenshot({ path: 'test-results/offer-lists-plans-phone.png', fullPage: true });
    await small.goto(`${server.url}/servicios`);
    await small.getByRole('link', { name: 'Grúa 24 horas' }).waitFor();
    expect(await seriousA11yViolations(small)).toEqual([]);
    await small.screenshot({ path: 'test-results/offer-lists-services-phone.png', fullPage: true });
    await phone.close();
  });
});
