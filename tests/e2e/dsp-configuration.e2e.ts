import { mkdirSync } from 'node:fs';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seriousA11yViolations } from './support/a11y';
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

describe('a DSP’s configuration, as a super admin sets it up', () => {
  it('adds a connector and an API client (its secret shown once), toggles both, assigns and removes staff', async () => {
    const context = await browser.newContext({ viewport: { width: 1440, height: 900 } });
    await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: server.url });
    const page = await context.newPage();
    // Every answer the panel reads, to prove none carries a stored secret.
    const answers: Promise<string>[] = [];
    page.on('response', (response) => {
      if (response.url().includes('/api/')) answers.push(response.text().catch(() => ''));
    });
    await signIn(page, server);

    const { colombia, sponsor, campaign } = await sponsorWithCampaign(page, server, { sponsor: 'Andes Config E2E', campaign: 'Agenda Hogar E2E' });
    const plan = await callApi<{ id: number }>(page, server, 'POST', `v1/campaigns/${campaign.id}/plans`, { name: 'Plan Agenda', description: 'Citas a domicilio' });
    const dsp = await createDsp(page, server, { name: 'Agenda Andes E2E', type: 'BOOKING', countryId: colombia.id, sponsorId: sponsor.id, planIds: [plan.id] });
    await callApi(page, server, 'POST', 'v1/users', {
      dni: '80123456',
      name: 'Olga Operadora',
      email: 'olga.operadora@e2e.test',
      phone: '+57 300 555 0101',
      password: 'Operadora-2026!',
      roles: ['OPERATOR'],
    });

    await page.goto(`${server.url}/dsp-config?config=${dsp.id}`);
    const configuration = page.getByRole('dialog', { name: 'Configuración de Agenda Andes E2E' });
    await configuration.getByText('Esta DSP no tiene conectores.').waitFor();

    // A connector over the API, mapping the DSP's plan to the partner's id.
    await configuration.getByRole('button', { name: 'Nuevo Conector' }).click();
    const connectorForm = page.getByRole('dialog', { name: 'Nuevo Conector' });
    await connectorForm.getByLabel('Key').fill('agenda-andes');
    await choose(page, connectorForm, 'Driver', 'API (api)');
    await choose(page, connectorForm, 'Tipo', 'Reservas (BOOKING)');
    // The api driver brings its sample settings.
    await expect.poll(() => connectorForm.getByRole('textbox', { name: 'Settings (JSON)' }).inputValue()).toContain('"method"');
    await connectorForm
      .getByRole('textbox', { name: 'Settings (JSON)' })
      .fill(JSON.stringify({ endpoint: 'https://agenda.example.com/api', method: 'POST', api_key: 'clave-super-secreta-e2e' }));
    await choose(page, connectorForm, 'Plan del mapeo 1', 'Plan Agenda');
    await connectorForm.getByLabel('external_plan_id del mapeo 1').fill('AG-001');
    await motionless(page);
    await page.screenshot({ path: 'test-results/dsp-connector-form.png' });
    expect(await seriousA11yViolations(page)).toEqual([]);
    await connectorForm.getByRole('button', { name: 'Crear Conector' }).click();
    await connectorForm.waitFor({ state: 'detached' });

    // Its badge toggles the connector itself.
    const connectorOn = configuration.getByRole('button', { name: 'Activo: desactivar el conector agenda-andes' });
    await connectorOn.click();
    await configuration.getByRole('button', { name: 'Inactivo: activar el conector agenda-andes' }).waitFor();
    const connectors = await callApi<{ data: { enabled: boolean; settings: Record<string, unknown> }[] }>(page, server, 'GET', `v1/dsps/${dsp.id}/connectors`);
    const stored = connectors.data[0]!;
    expect(stored.enabled).toBe(false);
    expect(stored.settings.api_key).not.toBe('clave-super-secreta-e2e');

    // The plan map reads it back.
    await configuration.getByRole('tab', { name: 'Mapa de planes' }).click();
    const mapRow = configuration.getByRole('row', { name: /Plan Agenda/ });
    await mapRow.getByText('AG-001').waitFor();
    expect(await mapRow.getByText('agenda-andes').isVisible()).toBe(true);

    // An API client with a generated secret, shown once.
    await configuration.getByRole('tab', { name: 'Clientes Api' }).click();
    await page.waitForURL(/tab=clientes/);
    await configuration.getByRole('button', { name: 'Nuevo Cliente API' }).first().click();
    const clientForm = page.getByRole('dialog', { name: 'Nuevo Cliente API' });
    await clientForm.getByLabel('Nombre').fill('Backend Agenda');
    await clientForm.getByLabel('client_id').fill('agenda-andes-backend');
    await clientForm.getByLabel('URL base').fill('https://agenda.example.com');
    await clientForm.getByLabel('Generar secreto').check();
    await clientForm.getByLabel('Scopes').fill('bookings:read, bookings:write');
    await clientForm.getByLabel('IP permitidas').fill('10.0.0.0/24\n192.168.1.10');
    await clientForm.getByLabel('Máximo de solicitudes').fill('100');
    await clientForm.getByRole('button', { name: 'Crear Cliente' }).click();
    const secretDialog = page.getByRole('dialog', { name: 'Secreto de Backend Agenda' });
    await secretDialog.getByText('Este secreto no se volverá a mostrar.', { exact: false }).waitFor();
    const secret = (await secretDialog.getByLabel('client_secret').innerText()).trim();
    expect(secret.length).toBeGreaterThanOrEqual(32);
    await secretDialog.getByRole('button', { name: 'Copiar secreto' }).click();
    await secretDialog.getByRole('button', { name: 'Secreto copiado' }).waitFor();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(secret);
    await motionless(page);
    await page.screenshot({ path: 'test-results/dsp-client-secret.png' });
    expect(await seriousA11yViolations(page)).toEqual([]);
    // Escape does not close it: only 'Ya lo guardé'.
    await page.keyboard.press('Escape');
    expect(await secretDialog.isVisible()).toBe(true);
    await secretDialog.getByRole('button', { name: 'Ya lo guardé' }).click();
    await secretDialog.waitFor({ state: 'detached' });
    const clientCard = configuration.getByRole('article', { name: 'Backend Agenda' });
    await clientCard.getByText('100 / hora').waitFor();
    expect(await configuration.getByText(secret).count()).toBe(0);

    // Its badge toggles it.
    await clientCard.getByRole('button', { name: 'Activo: desactivar Backend Agenda' }).click();
    await clientCard.getByRole('button', { name: 'Inactivo: activar Backend Agenda' }).waitFor();

    // Staff: assign Olga, then take her off.
    await configuration.getByRole('tab', { name: 'Usuarios' }).click();
    await choose(page, configuration, 'Asignar personal', 'Olga Operadora · olga.operadora@e2e.test', 'Olga');
    // Leaving the field closes its list.
    await page.keyboard.press('Tab');
    await configuration.getByRole('button', { name: 'Asignar' }).click();
    const staff = configuration.getByRole('table', { name: 'Personal asignado a Agenda Andes E2E' });
    await staff.getByRole('row', { name: /Olga Operadora/ }).waitFor();
    await motionless(page);
    await page.screenshot({ path: 'test-results/dsp-staff.png' });
    expect(await seriousA11yViolations(page)).toEqual([]);
    // Her role reads whole at a phone's width too, where the table is at its narrowest (it scrolls
    // sideways): a column is given its narrowest width, and a badge's label could be cut to 'Opera…'.
    await page.setViewportSize({ width: 390, height: 844 });
    const cutBadges = await staff.locator('.mantine-Badge-label').evaluateAll((labels) => labels.filter((label) => label.scrollWidth > label.clientWidth).map((label) => label.textContent));
    expect(cutBadges).toEqual([]);
    await page.setViewportSize({ width: 1440, height: 900 });
    await staff.getByRole('button', { name: 'Quitar a Olga Operadora' }).click();
    const question = page.getByRole('dialog', { name: 'Quitar de la DSP' });
    await question.getByRole('button', { name: 'Quitar' }).click();
    await question.waitFor({ state: 'detached' });
    await expect.poll(() => staff.getByRole('row', { name: /Olga Operadora/ }).count()).toBe(0);

    // At a phone's width the configuration fills the screen and nothing sticks out.
    await page.setViewportSize({ width: 390, height: 844 });
    await configuration.getByRole('tab', { name: 'Clientes Api' }).click();
    await clientCard.waitFor();
    await motionless(page);
    await page.screenshot({ path: 'test-results/dsp-clients-phone.png' });
    expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);

    // Only the create answer carried the secret; no answer ever carried the connector's credential.
    const bodies = await Promise.all(answers);
    expect(bodies.filter((body) => body.includes(secret))).toHaveLength(1);
    expect(bodies.filter((body) => body.includes('clave-super-secreta-e2e'))).toHaveLength(0);
    await context.close();
  });
});
