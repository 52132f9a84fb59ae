import { mkdirSync } from 'node:fs';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { logoPng } from '../../server/db/seed/demo-images';
import { seriousA11yViolations } from './support/a11y';
import { imageLoaded, launchBrowser, motionless } from './support/browser';
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

const DSP = 'Tienda Andes E2E';

describe('the DSP screen, as a super admin uses it', () => {
  it('creates a DSP from the template, configures it at once, edits it and deletes it by its name', async () => {
    const context = await browser.newContext({ viewport: { width: 1440, height: 900 } });
    const page = await context.newPage();
    await signIn(page, server);

    // What a DSP sells: a sponsor's campaign and its plans.
    const { campaign } = await sponsorWithCampaign(page, server, { sponsor: 'Andes E2E', campaign: 'Hogar Seguro E2E' });
    await callApi(page, server, 'POST', `v1/campaigns/${campaign.id}/plans`, { name: 'Plan Oro', description: 'Asistencia completa' });
    await callApi(page, server, 'POST', `v1/campaigns/${campaign.id}/plans`, { name: 'Plan Plata', description: 'Asistencia básica' });

    await page.goto(`${server.url}/dsp-config`);
    await page.getByRole('heading', { level: 1, name: 'DSP' }).waitFor();
    await page.getByRole('heading', { name: 'No hay DSP' }).waitFor();

    // The form: Guardar waits for every required field and the settings.
    await page.getByRole('button', { name: 'Nueva DSP' }).first().click();
    const form = page.getByRole('dialog', { name: 'Nueva DSP' });
    const save = form.getByRole('button', { name: 'Guardar' });
    await form.getByLabel('Nombre').fill(`  ${DSP}  `);
    await choose(page, form, 'País', 'Colombia', 'Colom');
    await choose(page, form, 'Sponsor', 'Andes E2E');
    await choose(page, form, 'Campaña', 'Hogar Seguro E2E');
    await choose(page, form, 'Planes', 'Plan Oro');
    // Leaving the field closes its list.
    await page.keyboard.press('Tab');
    await form.getByLabel('Sitio web').fill('tienda-andes.example.com');
    await form.getByLabel('Email').fill('  hola@tienda-andes.example.com ');
    await form.locator('input[type=file]').setInputFiles({ name: 'tienda.png', mimeType: 'image/png', buffer: logoPng('Tienda', [30, 94, 168]) });
    expect(await save.isDisabled()).toBe(true);
    await form.getByText('El JSON de settings es obligatorio.').waitFor();
    await form.getByRole('button', { name: 'Usar plantilla' }).click();
    expect(await form.getByRole('textbox', { name: 'Settings' }).inputValue()).toContain('"phoneCountryCode": "+57"');
    await expect.poll(() => save.isEnabled()).toBe(true);
    await motionless(page);
    await page.screenshot({ path: 'test-results/dsp-form.png' });
    expect(await seriousA11yViolations(page)).toEqual([]);
    await save.click();

    // Created: configure it now.
    const question = page.getByRole('dialog', { name: 'DSP creada' });
    await question.getByText('DSP creada correctamente, ¿Deseas proceder a la configuración ahora?').waitFor();
    await question.getByRole('button', { name: 'Sí, configurar' }).click();
    const configuration = page.getByRole('dialog', { name: `Configuración de ${DSP}` });
    await configuration.getByRole('tab', { name: 'Conectores', selected: true }).waitFor();
    expect(page.url()).toMatch(/\/dsp-config\?config=\d+$/);
    await motionless(page);
    await page.screenshot({ path: 'test-results/dsp-configuration.png' });
    await configuration.getByRole('tab', { name: 'Usuarios' }).click();
    await page.waitForURL(/tab=usuarios/);
    // A reload reopens the same DSP on the same tab.
    await page.reload();
    await configuration.getByRole('tab', { name: 'Usuarios', selected: true }).waitFor();
    await configuration.getByRole('button', { name: 'Cerrar' }).click();
    await configuration.waitFor({ state: 'detached' });
    expect(new URL(page.url()).search).toBe('');

    // The card shows what was saved.
    const card = page.getByRole('article', { name: DSP });
    await card.getByText('Activo', { exact: true }).waitFor();
    await card.getByText('Venta', { exact: true }).waitFor();
    await card.getByText('hola@tienda-andes.example.com').waitFor();
    await card.getByRole('link', { name: 'https://tienda-andes.example.com' }).waitFor();
    await card.getByText('Sponsor: Andes E2E').waitFor();
    await expect.poll(() => imageLoaded(card.getByRole('img', { name: `Imagen de ${DSP}` }))).toBe(true);
    await page.screenshot({ path: 'test-results/dsp-grid.png' });
    expect(await seriousA11yViolations(page)).toEqual([]);

    // Edited: sponsor and campaign stay; a second plan, a phone, Reserva, the e-mail cleared.
    await card.getByRole('button', { name: 'Editar' }).click();
    const edit = page.getByRole('dialog', { name: 'Editar DSP' });
    expect(await edit.getByRole('combobox', { name: 'Sponsor' }).isDisabled()).toBe(true);
    // The campaign's name arrives with the sponsor's campaigns.
    await expect.poll(() => edit.getByRole('combobox', { name: 'Campaña' }).inputValue()).toBe('Hogar Seguro E2E');
    await choose(page, edit, 'Planes', 'Plan Plata');
    await page.keyboard.press('Tab');
    await choose(page, edit, 'Tipo', 'Reserva');
    await edit.getByLabel('Teléfono principal').fill('+57 300 111 2233');
    await edit.getByLabel('Email').fill('');
    await edit.getByRole('button', { name: 'Guardar' }).click();
    await edit.waitFor({ state: 'detached' });
    await card.getByText('Reserva', { exact: true }).waitFor();
    await card.getByText('+57 300 111 2233').waitFor();
    expect(await card.getByText('hola@tienda-andes.example.com').count()).toBe(0);

    // At phone width: the grid, the form and the configuration full screen.
    await page.setViewportSize({ width: 390, height: 844 });
    await page.reload();
    await card.waitFor();
    await page.screenshot({ path: 'test-results/dsp-grid-phone.png', fullPage: true });
    await card.getByRole('button', { name: 'Editar' }).click();
    await motionless(page);
    await page.screenshot({ path: 'test-results/dsp-form-phone.png' });
    expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
    await page.keyboard.press('Escape');
    await edit.waitFor({ state: 'detached' });
    await card.getByRole('button', { name: 'Configuración' }).click();
    await configuration.getByRole('tab', { name: 'Conectores', selected: true }).waitFor();
    await motionless(page);
    const box = await configuration.boundingBox();
    expect(box?.width).toBeGreaterThanOrEqual(389);
    await page.screenshot({ path: 'test-results/dsp-configuration-phone.png' });
    await page.goBack();
    await configuration.waitFor({ state: 'detached' });
    await page.setViewportSize({ width: 1440, height: 900 });

    // Deleted by typing its name.
    await card.getByRole('button', { name: 'Eliminar' }).click();
    const remove = page.getByRole('dialog', { name: 'Eliminar DSP' });
    const keyword = remove.getByLabel(/Escribe/);
    await keyword.fill('confirmar');
    expect(await remove.getByRole('button', { name: 'Eliminar' }).isDisabled()).toBe(true);
    await keyword.fill(DSP);
    await remove.getByRole('button', { name: 'Eliminar' }).click();
    await remove.waitFor({ state: 'detached' });
    await page.getByRole('heading', { name: 'No hay DSP' }).waitFor();
    await context.close();
  }, 180_000);
});
