import { mkdirSync } from 'node:fs';
import type { Browser, Page } from 'playwright-core';
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

/** As Excel saves it in es-CO: a byte-order mark, ';' between cells; the second customer's e-mail is wrong. */
const BAD = '\ufeffDNI;Nombre;Correo electrónico;Teléfono;Ciudad;Planes\r\n7001;Laura Ríos;laura.import@correo.test;3001112233;Bogotá;Plan Hogar Importa\r\n7002;Iván Núñez;ivan-sin-arroba;;Medellín;Plan Hogar Importa\r\n';
const FIXED = BAD.replace('ivan-sin-arroba', 'ivan.import@correo.test');
const csvFile = (text: string, name: string) => ({ name, mimeType: 'text/csv', buffer: Buffer.from(text, 'utf8') });

/** A screenshot at the phone's width and back at the desktop's. */
async function bothWidths(page: Page, name: string) {
  await motionless(page);
  await page.screenshot({ path: `test-results/customers-import-${name}-1440.png` });
  await page.setViewportSize({ width: 390, height: 844 });
  await motionless(page);
  await page.screenshot({ path: `test-results/customers-import-${name}-390.png`, fullPage: true });
  await page.setViewportSize({ width: 1440, height: 900 });
}

describe('importing a DSP’s customers, in the browser', () => {
  it('reads the error of a bad row, takes the corrected file and shows the new customers in the list', async () => {
    const context = await browser.newContext({ viewport: { width: 1440, height: 900 } });
    const page = await context.newPage();
    await signIn(page, server);
    const { colombia, sponsor, campaign } = await sponsorWithCampaign(page, server, { sponsor: 'Importa E2E', campaign: 'Hogar Importa E2E' });
    const plan = await callApi<{ id: number }>(page, server, 'POST', `v1/campaigns/${campaign.id}/plans`, { name: 'Plan Hogar Importa', description: 'Hogar' });
    const dsp = await createDsp(page, server, { name: 'Andes Importa E2E', type: 'SALE', countryId: colombia.id, sponsorId: sponsor.id, planIds: [plan.id] });

    await page.goto(`${server.url}/customers/${dsp.id}`);
    await page.getByRole('heading', { name: 'No hay clientes' }).waitFor();
    await bothWidths(page, 'page');
    await page.getByRole('button', { name: 'Importar clientes' }).click();
    const wizard = page.getByRole('dialog', { name: /Importar clientes/ });
    await wizard.locator('input[type="file"]').setInputFiles(csvFile(BAD, 'clientes.csv'));
    await wizard.getByRole('cell', { name: 'ivan-sin-arroba' }).waitFor();
    await bothWidths(page, 'file');
    expect(await seriousA11yViolations(page)).toEqual([]);

    await wizard.getByRole('button', { name: 'Siguiente' }).click();
    await expect.poll(() => wizard.getByRole('combobox', { name: 'Columna Correo electrónico' }).inputValue()).toBe('Email');
    await bothWidths(page, 'columns');

    await wizard.getByRole('button', { name: 'Validar' }).click();
    const errors = wizard.getByRole('list', { name: 'Errores por fila' });
    await errors.waitFor();
    expect(await errors.getByRole('listitem').allTextContents()).toEqual(['Fila 3, email: El email no es válido']);
    expect(await wizard.getByRole('button', { name: 'Importar' }).isDisabled()).toBe(true);
    await bothWidths(page, 'errors');
    expect(await seriousA11yViolations(page)).toEqual([]);

    // The refused rows, to correct in a spreadsheet.
    const [download] = await Promise.all([page.waitForEvent('download'), wizard.getByRole('button', { name: 'Descargar filas rechazadas (CSV)' }).click()]);
    const rejected = await download.createReadStream().then(async (stream) => {
      const chunks: Buffer[] = [];
      for await (const chunk of stream) chunks.push(chunk as Buffer);
      return Buffer.concat(chunks).toString('utf8');
    });
    expect(rejected).toContain('7002;Iván Núñez;ivan-sin-arroba;;Medellín;Plan Hogar Importa;email: El email no es válido');

    await wizard.getByRole('button', { name: 'Subir archivo corregido' }).click();
    await wizard.locator('input[type="file"]').setInputFiles(csvFile(FIXED, 'clientes-corregido.csv'));
    await wizard.getByRole('cell', { name: 'ivan.import@correo.test' }).waitFor();
    await wizard.getByRole('button', { name: 'Siguiente' }).click();
    await wizard.getByRole('button', { name: 'Validar' }).click();
    await wizard.getByText('Todas las filas son válidas').waitFor();
    await wizard.getByRole('button', { name: 'Importar' }).click();
    await wizard.getByText('2 creados, 0 actualizados.').waitFor();
    await bothWidths(page, 'done');
    await wizard.getByRole('button', { name: 'Ver los clientes' }).click();

    await page.getByRole('article', { name: 'Iván Núñez' }).waitFor();
    await page.getByRole('article', { name: 'Laura Ríos' }).waitFor();
    await context.close();
  });
});
