import { mkdirSync } from 'node:fs';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seriousA11yViolations } from './support/a11y';
import { launchBrowser, motionless } from './support/browser';
import { startServer, type RunningServer } from './support/server';
import { callApi, createDsp, signIn, sponsorWithCampaign } from './support/session';

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

const CUSTOMER = { dni: '1020304050', name: 'Laura Ríos Peña' };

describe('the global search, in the browser', () => {
  it('Ctrl+K from another screen finds a customer by DNI with the keyboard alone, and Enter opens them', async () => {
    const context = await browser.newContext({ viewport: { width: 1440, height: 900 } });
    const page = await context.newPage();
    await signIn(page, server);

    // A DSP with two customers: the search must pick the one with that DNI.
    const { colombia, sponsor, campaign } = await sponsorWithCampaign(page, server, { sponsor: 'Búsqueda E2E', campaign: 'Hogar Búsqueda E2E' });
    const plan = await callApi<{ id: number }>(page, server, 'POST', `v1/campaigns/${campaign.id}/plans`, { name: 'Plan Hogar Búsqueda', description: 'Hogar' });
    const dsp = await createDsp(page, server, { name: 'Andes Búsqueda E2E', type: 'SALE', countryId: colombia.id, sponsorId: sponsor.id, planIds: [plan.id] });
    const addCustomer = (dni: string, name: string, email: string) =>
      callApi(page, server, 'POST', `v1/dsps/${dsp.id}/customers`, {
        dni,
        name,
        email,
        password: 'Cliente-Seguro-1',
        password_confirmation: 'Cliente-Seguro-1',
        plan_id: [plan.id],
      });
    await addCustomer(CUSTOMER.dni, CUSTOMER.name, 'laura.rios@correo.test');
    await addCustomer('99887766', 'Pedro Gil', 'pedro.gil@correo.test');

    // From any screen: here the categories.
    await page.goto(`${server.url}/categorias`);
    await page.getByRole('heading', { level: 1, name: 'Categorías' }).waitFor();
    await page.keyboard.press('Control+k');
    const palette = page.getByRole('dialog', { name: 'Buscar en el panel' });
    const box = palette.getByRole('combobox', { name: 'Buscar en el panel' });
    await box.waitFor();
    expect(await box.evaluate((element) => element === document.activeElement)).toBe(true);

    await page.keyboard.type(CUSTOMER.dni);
    const customers = palette.getByRole('group', { name: 'Clientes' });
    const laura = customers.getByRole('option', { name: new RegExp(CUSTOMER.name) });
    await laura.waitFor();
    expect(await customers.getByRole('option', { name: /Pedro Gil/ }).count()).toBe(0);
    // The customer with that DNI is the first line, the one Enter opens.
    await expect.poll(() => laura.getAttribute('aria-selected')).toBe('true');
    await expect.poll(() => palette.getByRole('status').textContent()).toMatch(/^\d+ resultados?$/);
    await motionless(page);
    await page.screenshot({ path: 'test-results/global-search-1440.png' });
    expect(await seriousA11yViolations(page)).toEqual([]);

    await page.keyboard.press('Enter');
    await palette.waitFor({ state: 'detached' });
    await page.waitForURL(new RegExp(`/customers/${dsp.id}(\\?|$)`));
    await page.getByRole('heading', { level: 1, name: 'Clientes' }).waitFor();
    await page.getByRole('article', { name: CUSTOMER.name }).waitFor();

    // Opened again with an empty box, the palette offers the customer among the recent records.
    await page.keyboard.press('Control+k');
    await palette.getByRole('group', { name: 'Recientes' }).getByRole('option', { name: new RegExp(CUSTOMER.name) }).waitFor();
    await page.keyboard.press('Escape');
    await palette.waitFor({ state: 'detached' });
    await context.close();
  });
});
