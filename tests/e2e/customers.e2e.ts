import { mkdirSync } from 'node:fs';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seriousA11yViolations } from './support/a11y';
import { launchBrowser, motionless } from './support/browser';
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

const OPERATOR = { email: 'oscar.operador@e2e.test', password: 'Operador-2026!' };

describe('a DSP’s customers, in the browser', () => {
  it('a super admin creates a customer with a plan, finds them by DNI, edits the phone and deletes them; an assigned operator sees only their DSP', async () => {
    const context = await browser.newContext({ viewport: { width: 1440, height: 900 } });
    const page = await context.newPage();
    await signIn(page, server);

    // Two DSPs selling a sponsor's plans; an operator assigned to the first only.
    const { colombia, sponsor, campaign } = await sponsorWithCampaign(page, server, { sponsor: 'Clientes E2E', campaign: 'Hogar Clientes E2E' });
    const hogar = await callApi<{ id: number }>(page, server, 'POST', `v1/campaigns/${campaign.id}/plans`, { name: 'Plan Hogar E2E', description: 'Hogar' });
    const auto = await callApi<{ id: number }>(page, server, 'POST', `v1/campaigns/${campaign.id}/plans`, { name: 'Plan Auto E2E', description: 'Auto' });
    const newDsp = (name: string) =>
      callApi<{ id: number }>(page, server, 'POST', 'v1/dsps', {
        name,
        type: 'SALE',
        country_id: colombia.id,
        sponsor_id: sponsor.id,
        plans: [hogar.id, auto.id],
        settings: { name },
      });
    const andes = await newDsp('Andes Clientes E2E');
    const caribe = await newDsp('Caribe Clientes E2E');
    const operator = await callApi<{ id: number }>(page, server, 'POST', 'v1/users', {
      dni: '80999111',
      name: 'Óscar Operador',
      email: OPERATOR.email,
      phone: '+57 300 555 0199',
      password: OPERATOR.password,
      roles: ['OPERATOR'],
    });
    await callApi(page, server, 'POST', `v1/dsps/${andes.id}/users`, { users: [operator.id] });

    // From the DSP's card to its customers.
    await page.goto(`${server.url}/dsp-config?q=Andes%20Clientes`);
    await page.getByRole('article', { name: 'Andes Clientes E2E' }).getByRole('link', { name: 'Clientes' }).click();
    await page.waitForURL(`${server.url}/customers/${andes.id}`);
    await page.getByRole('heading', { level: 1, name: 'Clientes' }).waitFor();
    await page.getByText('Andes Clientes E2E').first().waitFor();
    await page.getByRole('heading', { name: 'No hay clientes' }).waitFor();

    // Created with a plan.
    await page.getByRole('button', { name: 'Nuevo Cliente' }).first().click();
    const form = page.getByRole('dialog', { name: 'Nuevo Cliente' });
    await form.getByLabel('DNI').fill('1020304050');
    await form.getByLabel('Nombre completo').fill('Laura Ríos Peña');
    await form.getByLabel('Email').fill('laura.rios@correo.test');
    await form.getByLabel('Teléfono').fill('+57 300 555 0101');
    await form.getByLabel('Dirección').fill('Calle 10 # 5-20');
    await form.getByLabel('Ciudad').fill('Bogotá');
    await choose(page, form, 'Planes', 'Plan Hogar E2E');
    await page.keyboard.press('Tab');
    await form.getByLabel(/^Contraseña/).fill('Cliente-Seguro-1');
    await form.getByLabel('Confirmar contraseña').fill('Cliente-Seguro-1');
    await motionless(page);
    await page.screenshot({ path: 'test-results/customer-form-1440.png' });
    expect(await seriousA11yViolations(page)).toEqual([]);
    await form.getByRole('button', { name: 'Crear Cliente' }).click();
    await form.waitFor({ state: 'detached' });
    const card = page.getByRole('article', { name: 'Laura Ríos Peña' });
    await card.getByText('Plan Hogar E2E').waitFor();
    await card.getByText('Bogotá').waitFor();

    // A second customer, so the search has something to leave out.
    await callApi(page, server, 'POST', `v1/dsps/${andes.id}/customers`, {
      dni: '99887766',
      name: 'Pedro Gil',
      email: 'pedro.gil@correo.test',
      password: 'Cliente-Seguro-2',
      password_confirmation: 'Cliente-Seguro-2',
      plan_id: [auto.id],
    });
    await page.getByRole('button', { name: 'Actualizar' }).click();
    await page.getByRole('article', { name: 'Pedro Gil' }).waitFor();
    await page.screenshot({ path: 'test-results/customers-1440.png' });
    expect(await seriousA11yViolations(page)).toEqual([]);

    // Found by DNI, with the search in the address.
    await page.getByRole('searchbox', { name: 'Buscar clientes' }).fill('1020304050');
    // A search of digits travels quoted, so it stays text: q="1020304050".
    await page.waitForURL(/q=%221020304050%22/);
    await page.getByRole('article', { name: 'Pedro Gil' }).waitFor({ state: 'detached' });
    await card.waitFor();

    // The phone edited.
    await card.getByRole('button', { name: 'Editar' }).click();
    const edit = page.getByRole('dialog', { name: 'Editar Cliente' });
    await edit.getByLabel('Teléfono').fill('+57 311 222 3344');
    await edit.getByRole('button', { name: 'Actualizar Cliente' }).click();
    await edit.waitFor({ state: 'detached' });
    await card.getByText('+57 311 222 3344').waitFor();

    // At phone width: the grid and the form.
    await page.setViewportSize({ width: 390, height: 844 });
    await page.reload();
    await card.getByText('+57 311 222 3344').waitFor();
    await page.screenshot({ path: 'test-results/customers-390.png', fullPage: true });
    expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
    await card.getByRole('button', { name: 'Editar' }).click();
    await motionless(page);
    await page.screenshot({ path: 'test-results/customer-form-390.png' });
    await page.keyboard.press('Escape');
    await edit.waitFor({ state: 'detached' });
    await page.setViewportSize({ width: 1440, height: 900 });

    // Deleted once 'confirmar' is typed.
    await card.getByRole('button', { name: 'Eliminar' }).click();
    const remove = page.getByRole('dialog', { name: 'Eliminar cliente' });
    await remove.getByText(/¿Eliminar este cliente\? Se eliminarán .* y sus suscripciones\. Se podrá restaurar desde el historial\./).waitFor();
    await remove.getByLabel(/Escribe/).fill('confirmar');
    await remove.getByRole('button', { name: 'Eliminar' }).click();
    await card.waitFor({ state: 'detached' });
    await page.getByText('No se encontraron clientes con ese nombre, DNI, email o teléfono.').waitFor();
    await context.close();

    // The operator: their DSP's customers, and the server's 404 for another DSP.
    const operatorContext = await browser.newContext({ viewport: { width: 1440, height: 900 } });
    const operatorPage = await operatorContext.newPage();
    await signIn(operatorPage, server, OPERATOR.email, OPERATOR.password);
    await operatorPage.goto(`${server.url}/customers/${andes.id}`);
    await operatorPage.getByText('Andes Clientes E2E').first().waitFor();
    await operatorPage.getByRole('article', { name: 'Pedro Gil' }).waitFor();
    await operatorPage.goto(`${server.url}/customers/${caribe.id}`);
    await operatorPage.getByText('La DSP no existe.').waitFor();
    await operatorPage.getByRole('link', { name: 'Volver al inicio' }).waitFor();
    expect(await operatorPage.getByRole('button', { name: 'Nuevo Cliente' }).count()).toBe(0);
    await operatorContext.close();
  }, 120_000);
});
