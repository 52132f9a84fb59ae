import { mkdirSync } from 'node:fs';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seriousA11yViolations } from './support/a11y';
import { launchBrowser } from './support/browser';
import { startServer, type RunningServer } from './support/server';
import { callApi, choose, signIn, sponsorWithCampaign } from './support/session';

let browser: Browser;
let server: RunningServer;

beforeAll(async () => {
  mkdirSync('test-results', { recursive: true });
  browser = await launchBrowser();
  server = await startServer();
});
afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

const tabCount = (page: Page, name: string) => page.getByRole('tab', { name: new RegExp(`^${name}`) }).innerText();

describe('a campaign’s categories and services, as staff manage them', () => {
  it('creates a category and a service for a plan; the counts go up and the plan stays in the address', async () => {
    const context = await browser.newContext({ viewport: { width: 1440, height: 900 } });
    const page = await context.newPage();
    await signIn(page, server);

    const { sponsor, campaign } = await sponsorWithCampaign(page, server, { sponsor: 'Andes E2E', campaign: 'Hogar Seguro E2E' });
    const plan = await callApi<{ id: number }>(page, server, 'POST', `v1/campaigns/${campaign.id}/plans`, { name: 'Plan Hogar', description: 'Asistencia en el hogar' });
    await callApi(page, server, 'POST', 'v1/categories', { name: 'Hogar' });

    // A category linked to the catalogue's root.
    const campaignUrl = `${server.url}/sponsor/${sponsor.id}/campaign/${campaign.id}`;
    await page.goto(`${campaignUrl}?tab=categorias`);
    await page.getByRole('heading', { name: 'No hay categorías' }).waitFor();
    expect(await tabCount(page, 'Categorías')).toMatch(/0$/);
    await page.getByRole('button', { name: 'Nueva Categoría' }).first().click();
    const categoryForm = page.getByRole('dialog', { name: 'Nueva Categoría' });
    await choose(page, categoryForm, 'Categoría del catálogo', 'Hogar');
    await categoryForm.getByRole('textbox', { name: 'Nombre' }).fill('Plomería');
    await categoryForm.getByRole('textbox', { name: 'Descripción' }).fill('Fugas, destapes e instalaciones.');
    await categoryForm.getByRole('button', { name: 'Crear Categoría' }).click();
    await categoryForm.waitFor({ state: 'hidden' });
    const categoryCard = page.getByRole('article', { name: 'Plomería' });
    await categoryCard.getByText('de Hogar').waitFor();
    await expect.poll(() => tabCount(page, 'Categorías')).toMatch(/1$/);
    await page.screenshot({ path: 'test-results/campaign-categories.png' });
    expect(await seriousA11yViolations(page)).toEqual([]);

    // A service for the plan chosen in the address.
    await page.getByRole('tab', { name: /^Servicios/ }).click();
    await page.waitForURL(/tab=servicios/);
    expect(await page.getByRole('button', { name: 'Nuevo Servicio' }).isDisabled()).toBe(true);
    await choose(page, page.getByRole('tabpanel'), 'Plan', 'Plan Hogar');
    await page.waitForURL(new RegExp(`plan=${plan.id}`));
    await page.getByRole('button', { name: 'Nuevo Servicio' }).click();
    const serviceForm = page.getByRole('dialog', { name: 'Nuevo Servicio' });
    expect(await serviceForm.getByRole('combobox', { name: 'Plan' }).inputValue()).toBe('Plan Hogar');
    await serviceForm.getByRole('textbox', { name: 'Nombre' }).fill('Plomero a domicilio');
    await serviceForm.getByRole('textbox', { name: 'Cobertura' }).fill('1500000');
    await serviceForm.getByRole('textbox', { name: 'Límite de eventos' }).fill('3');
    await choose(page, serviceForm, 'Periodo de eventos', 'Mensual');
    await choose(page, serviceForm, 'Categoría', 'Plomería');
    await serviceForm.getByRole('textbox', { name: 'Código Apolo' }).fill(' APL-77 ');
    await page.screenshot({ path: 'test-results/campaign-service-form.png' });
    expect(await seriousA11yViolations(page)).toEqual([]);
    await serviceForm.getByRole('button', { name: 'Crear Servicio' }).click();
    await serviceForm.waitFor({ state: 'hidden' });
    const serviceCard = page.getByRole('article', { name: 'Plomero a domicilio' });
    await serviceCard.getByText('3 · Mensual').waitFor();
    expect(await serviceCard.getByText('APL-77').isVisible()).toBe(true);
    expect(await serviceCard.getByText('Plan Hogar').isVisible()).toBe(true);
    await expect.poll(() => tabCount(page, 'Servicios')).toMatch(/1$/);
    expect(new URL(page.url()).search).toBe(`?tab=servicios&plan=${plan.id}`);
    await page.screenshot({ path: 'test-results/campaign-services.png' });
    expect(await seriousA11yViolations(page)).toEqual([]);

    // A reload keeps the tab and the plan.
    await page.reload();
    await serviceCard.waitFor();
    expect(await page.getByRole('tab', { name: /^Servicios/ }).getAttribute('aria-selected')).toBe('true');
    expect(await page.getByRole('tabpanel').getByRole('combobox', { name: 'Plan' }).inputValue()).toBe('Plan Hogar');

    // At a phone's width the cards stack and nothing overflows.
    await page.setViewportSize({ width: 390, height: 844 });
    await serviceCard.waitFor();
    // The sidebar slides away first; then nothing may stick out sideways.
    await expect.poll(() => page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await page.screenshot({ path: 'test-results/campaign-services-390.png', fullPage: true });
    expect(await seriousA11yViolations(page)).toEqual([]);
    await page.goto(`${campaignUrl}?tab=categorias`);
    await categoryCard.waitFor();
    await page.screenshot({ path: 'test-results/campaign-categories-390.png', fullPage: true });
    await context.close();
  });
});
