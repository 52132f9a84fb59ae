import { mkdirSync } from 'node:fs';
import type { Browser, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, motionless } from './support/browser';
import { startServer, type RunningServer } from './support/server';
import { callApi, choose, createDsp, signIn, sponsorWithCampaign } from './support/session';

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

/** What has focus, as a person would name it; 'BODY' when focus was lost. */
const focusedName = (page: Page) =>
  page.evaluate(() => {
    const element = document.activeElement as HTMLElement | null;
    if (!element || element === document.body) return 'BODY';
    return (element.getAttribute('aria-label') ?? element.textContent ?? element.tagName).trim();
  });

/** Waits until focus has settled (a dialog's fade, a refetch) and answers whether `where` holds it. */
async function expectFocusIn(page: Page, where: Locator, what: string) {
  await motionless(page);
  await expect.poll(() => focusedName(page), { message: `${what}: focus is not on the body` }).not.toBe('BODY');
  await expect.poll(() => where.evaluate((node) => node === document.activeElement || node.contains(document.activeElement)), { message: what }).toBe(true);
}

interface Records {
  sponsorId: number;
  campaignId: number;
  dspId: number;
  customerName: string;
}

/** A sponsor, a campaign with a plan, a DSP selling it with a connector, an API client and a customer. */
async function seed(page: Page): Promise<Records> {
  const { colombia, sponsor, campaign } = await sponsorWithCampaign(page, server, { sponsor: 'Foco E2E', campaign: 'Campaña Foco' });
  const plan = await callApi<{ id: number }>(page, server, 'POST', `v1/campaigns/${campaign.id}/plans`, { name: 'Plan Foco', description: 'Asistencia' });
  await callApi(page, server, 'POST', 'v1/categories', { name: 'Hogar' });
  const dsp = await createDsp(page, server, { name: 'Foco Directo', type: 'SALE', countryId: colombia.id, sponsorId: sponsor.id, planIds: [plan.id] });
  await callApi(page, server, 'POST', `v1/dsps/${dsp.id}/connectors`, {
    key: 'ventas-foco',
    driver: 'api',
    type: 'BOOKING',
    settings: { endpoint: 'https://foco.example.com/api', method: 'POST' },
    plans: [{ plan_id: plan.id, external_plan_id: 'F-1' }],
  });
  await callApi(page, server, 'POST', `v1/dsps/${dsp.id}/clients`, { name: 'Backend Foco', client_id: 'foco-backend', client_secret: 'un-secreto-largo-de-prueba' });
  await callApi(page, server, 'POST', `v1/dsps/${dsp.id}/customers`, {
    dni: '52333444',
    name: 'Lucía Foco',
    email: 'lucia.foco@e2e.test',
    password: 'Cliente-2026!',
    password_confirmation: 'Cliente-2026!',
    plan_id: [plan.id],
  });
  return { sponsorId: sponsor.id, campaignId: campaign.id, dspId: dsp.id, customerName: 'Lucía Foco' };
}

describe('focus, always somewhere meaningful', () => {
  it('stays on a toggled badge and on Cambiar estado, goes to the heading on a new page and after a create, and into every dialog', async () => {
    const context = await browser.newContext({ viewport: { width: 1440, height: 900 } });
    const page = await context.newPage();
    await signIn(page, server);
    const records = await seed(page);
    const heading = (name: string) => page.getByRole('heading', { level: 1, name });

    // A detail page opened from a list: its heading has focus.
    await page.goto(`${server.url}/sponsors`);
    await page.getByRole('article', { name: 'Foco E2E' }).getByRole('link').first().click();
    await page.waitForURL(`**/sponsor/${records.sponsorId}`);
    await expectFocusIn(page, heading('Foco E2E'), 'a sponsor opened from its card');
    await page.getByRole('article', { name: 'Campaña Foco' }).getByRole('link').first().click();
    await page.waitForURL(`**/campaign/${records.campaignId}*`);
    await expectFocusIn(page, heading('Campaña Foco'), 'a campaign opened from its card');

    // The first campaign category, created from the empty list's button that then goes away.
    await page.getByRole('tab', { name: /Categorías/ }).click();
    await page.getByRole('heading', { name: 'No hay categorías' }).waitFor();
    await page.getByRole('button', { name: 'Nueva Categoría' }).first().click();
    const categoryForm = page.getByRole('dialog', { name: 'Nueva Categoría' });
    await expectFocusIn(page, categoryForm, 'the category form');
    await choose(page, categoryForm, 'Categoría del catálogo', 'Hogar');
    await categoryForm.getByRole('textbox', { name: 'Nombre' }).fill('Plomería');
    await categoryForm.getByRole('button', { name: 'Crear Categoría' }).click();
    await categoryForm.waitFor({ state: 'detached' });
    await page.getByRole('article', { name: 'Plomería' }).waitFor();
    await expectFocusIn(page, page.getByRole('main'), 'after creating a campaign category');

    // A plan created from the Planes tab.
    await page.getByRole('tab', { name: /Planes de Asistencia/ }).click();
    await page.getByRole('button', { name: 'Nuevo Plan' }).first().click();
    const wizard = page.getByRole('dialog', { name: 'Nuevo Plan' });
    await expectFocusIn(page, wizard, 'the plan wizard');
    await wizard.getByLabel('Nombre').fill('Plan Segundo Foco');
    await wizard.getByLabel('Descripción').fill('Otra asistencia.');
    await wizard.getByRole('button', { name: 'Siguiente' }).click();
    await wizard.getByText('Paso 2 de 3').waitFor();
    await wizard.getByRole('button', { name: 'Siguiente' }).click();
    await wizard.getByText('Paso 3 de 3').waitFor();
    await wizard.getByRole('button', { name: 'Crear Plan' }).click();
    await wizard.waitFor({ state: 'detached' });
    await page.getByRole('article', { name: 'Plan Segundo Foco' }).waitFor();
    await expectFocusIn(page, page.getByRole('main'), 'after creating a plan');

    // A new DSP: the question that follows has focus, not 'Nueva DSP' behind its overlay.
    await page.goto(`${server.url}/dsp-config`);
    await page.getByRole('article', { name: 'Foco Directo' }).waitFor();
    await page.getByRole('button', { name: 'Nueva DSP' }).first().click();
    const dspForm = page.getByRole('dialog', { name: 'Nueva DSP' });
    await expectFocusIn(page, dspForm, 'the DSP form');
    await dspForm.getByLabel('Nombre').fill('Foco Segunda');
    await choose(page, dspForm, 'País', 'Colombia', 'Colom');
    await choose(page, dspForm, 'Sponsor', 'Foco E2E');
    await choose(page, dspForm, 'Campaña', 'Campaña Foco');
    await choose(page, dspForm, 'Planes', 'Plan Foco');
    await page.keyboard.press('Tab');
    await dspForm.getByRole('button', { name: 'Usar plantilla' }).click();
    await dspForm.getByRole('button', { name: 'Guardar' }).click();
    const question = page.getByRole('dialog', { name: 'DSP creada' });
    await question.getByText('DSP creada correctamente', { exact: false }).waitFor();
    await expectFocusIn(page, question, "the 'DSP creada' question");
    await question.getByRole('button', { name: 'Más tarde' }).click();
    await question.waitFor({ state: 'detached' });
    await expectFocusIn(page, heading('DSP'), "after 'Más tarde'");

    // The configuration: toggling a connector and an API client keeps focus on the badge.
    await page.getByRole('article', { name: 'Foco Directo' }).getByRole('button', { name: 'Configuración' }).click();
    const configuration = page.getByRole('dialog', { name: 'Configuración de Foco Directo' });
    await expectFocusIn(page, configuration, 'the configuration');
    await configuration.getByRole('button', { name: 'Activo: desactivar el conector ventas-foco' }).click();
    const connectorOff = configuration.getByRole('button', { name: 'Inactivo: activar el conector ventas-foco' });
    await connectorOff.waitFor();
    await expectFocusIn(page, connectorOff, 'after toggling a connector');
    await configuration.getByRole('tab', { name: 'Clientes Api' }).click();
    await configuration.getByRole('button', { name: 'Activo: desactivar Backend Foco' }).click();
    const clientOff = configuration.getByRole('button', { name: 'Inactivo: activar Backend Foco' });
    await clientOff.waitFor();
    await expectFocusIn(page, clientOff, 'after toggling an API client');
    await page.keyboard.press('Escape');
    await configuration.waitFor({ state: 'detached' });

    // A subscription to a status it can leave again: focus stays on its control.
    await page.goto(`${server.url}/customers/${records.dspId}`);
    await page.getByRole('article', { name: records.customerName }).getByRole('button', { name: /Subscripciones/ }).click();
    const subscriptions = page.getByRole('dialog', { name: `Suscripciones de ${records.customerName}` });
    await expectFocusIn(page, subscriptions, 'the subscriptions dialog');
    const subscription = subscriptions.getByRole('region', { name: 'Plan Foco' });
    const status = subscription.getByRole('combobox', { name: 'Estado' });
    await expect.poll(() => status.inputValue()).toBe('ACTIVE');
    await status.selectOption({ label: 'Suspendido' });
    await subscription.getByRole('button', { name: 'Cambiar estado' }).click();
    await subscription.getByText(/Activo → Suspendido/).waitFor();
    await expectFocusIn(page, subscription, "after 'Cambiar estado'");
    await context.close();
  });
});
