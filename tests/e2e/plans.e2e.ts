import { mkdirSync } from 'node:fs';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { demoPdf } from '../../server/db/seed/demo-documents';
import { bannerPng, logoPng } from '../../server/db/seed/demo-images';
import { seriousA11yViolations } from './support/a11y';
import { imagesLoaded, launchBrowser } from './support/browser';
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
  await browser?.close();
  await server?.stop();
});

const plansTab = (page: Page) => page.getByRole('tab', { name: /Planes de Asistencia/ });

describe('a campaign’s plans, as staff manage them', () => {
  it('creates a plan through the three steps with an image and a PDF, views it, and builds an upgrade on it', async () => {
    const context = await browser.newContext({ viewport: { width: 1440, height: 900 } });
    const page = await context.newPage();
    await signIn(page, server);

    const countries = await callApi<{ data: { id: number }[] }>(page, server, 'GET', 'v1/countries?q=Colombia&limit=1');
    const countryId = countries.data[0]!.id;
    const sponsor = await callApi<{ id: number }>(page, server, 'POST', 'v1/sponsors', { name: 'Planes E2E', country_id: countryId });
    const campaign = await callApi<{ id: number }>(page, server, 'POST', 'v1/campaigns', {
      name: 'Campaña Planes E2E',
      sponsor_id: sponsor.id,
      country_id: countryId,
    });

    await page.goto(`${server.url}/sponsor/${sponsor.id}/campaign/${campaign.id}`);
    await page.getByRole('heading', { level: 1, name: 'Campaña Planes E2E' }).waitFor();
    await page.getByRole('heading', { name: 'No hay planes de asistencia' }).waitFor();
    expect(await plansTab(page).textContent()).toBe('Planes de Asistencia0');

    // Step 1: the basics; Siguiente refuses an empty name first.
    await page.getByRole('button', { name: 'Nuevo Plan' }).first().click();
    const wizard = page.getByRole('dialog', { name: 'Nuevo Plan' });
    await wizard.getByRole('button', { name: 'Siguiente' }).click();
    await wizard.getByText('El nombre es requerido').waitFor();
    await wizard.getByLabel('Nombre').fill('Plan Oro E2E');
    await wizard.getByLabel('Descripción').fill('Grúa, cerrajería y asistencia médica las 24 horas.');
    await wizard.getByLabel('Precio').fill('$ 45.900');
    await choose(page, wizard, 'Estado', 'Activo');
    await page.screenshot({ path: 'test-results/plans-wizard-basic.png' });
    // Enter moves on, never saves early.
    await wizard.getByLabel('Nombre').press('Enter');
    await wizard.getByText('Paso 2 de 3').waitFor();

    // Step 2: a real PNG and a real PDF.
    await wizard.locator('input[type=file][accept*="image"]').setInputFiles({ name: 'oro.png', mimeType: 'image/png', buffer: bannerPng([180, 140, 20], [120, 80, 10], 'Plan Oro') });
    await wizard.getByRole('img', { name: 'Vista previa: Imagen' }).waitFor();
    await wizard.locator('input[type=file][accept="application/pdf"]').setInputFiles({
      name: 'condiciones.pdf',
      mimeType: 'application/pdf',
      buffer: demoPdf('Plan Oro E2E', ['Condiciones generales del plan.']),
    });
    await wizard.getByText('Archivo elegido: condiciones.pdf').waitFor();
    await page.screenshot({ path: 'test-results/plans-wizard-media.png' });
    await wizard.getByRole('button', { name: 'Siguiente' }).click();

    // Step 3: the details; no other plan yet, so no upgrade box.
    await wizard.getByText('Paso 3 de 3').waitFor();
    expect(await wizard.getByLabel('Es una mejora de otro plan').count()).toBe(0);
    await wizard.getByLabel('Inclusiones').fill('Grúa\nCerrajería\nAsistencia médica');
    await wizard.getByLabel('Exclusiones').fill('Daños previos');
    await choose(page, wizard, 'Permanencia', '12 meses');
    await wizard.getByLabel('Renovación automática').check();
    await page.screenshot({ path: 'test-results/plans-wizard-details.png' });
    expect(await seriousA11yViolations(page)).toEqual([]);
    await wizard.getByRole('button', { name: 'Crear Plan' }).click();
    await wizard.waitFor({ state: 'hidden' });

    // Its card: the image loads, the PDF and the price show, the tab counts it.
    const card = page.getByRole('article', { name: 'Plan Oro E2E' });
    await card.waitFor();
    await expect.poll(() => plansTab(page).textContent()).toBe('Planes de Asistencia1');
    await expect.poll(() => imagesLoaded(page, 'article[aria-label="Plan Oro E2E"] img')).toBe(true);
    await card.getByText('PDF Disponible').waitFor();
    expect((await card.getByText(/45/).first().textContent())?.replace(/\s/g, ' ')).toBe('COP 45.900');

    // Its detail, with the PDF that really opens.
    await card.getByRole('button', { name: 'Ver Plan Oro E2E' }).click();
    const detail = page.getByRole('dialog', { name: 'Plan Oro E2E' });
    await detail.getByText('12 meses').waitFor();
    expect(await detail.getByText('Sí', { exact: true }).isVisible()).toBe(true);
    expect(await detail.getByRole('listitem').filter({ hasText: 'Cerrajería' }).count()).toBe(1);
    const pdfHref = await detail.getByRole('link', { name: 'Ver PDF' }).getAttribute('href');
    const pdf = await fetch(new URL(pdfHref!, server.url));
    expect(pdf.status).toBe(200);
    expect((await pdf.arrayBuffer()).byteLength).toBeGreaterThan(100);
    expect(await seriousA11yViolations(page)).toEqual([]);
    await page.screenshot({ path: 'test-results/plans-detail.png' });
    await detail.getByRole('button', { name: 'Cerrar' }).last().click();
    await detail.waitFor({ state: 'hidden' });

    // A second plan, an upgrade of the first.
    await page.getByRole('button', { name: 'Nuevo Plan' }).first().click();
    const second = page.getByRole('dialog', { name: 'Nuevo Plan' });
    await second.getByLabel('Nombre').fill('Plan Platino E2E');
    await second.getByLabel('Descripción').fill('Todo lo del Oro, sin límites.');
    await second.getByRole('button', { name: 'Siguiente' }).click();
    await second.getByText('Paso 2 de 3').waitFor();
    await second.locator('input[type=file][accept*="image"]').setInputFiles({ name: 'platino.png', mimeType: 'image/png', buffer: logoPng('Platino', [90, 90, 110]) });
    await second.getByRole('button', { name: 'Siguiente' }).click();
    await second.getByText('Paso 3 de 3').waitFor();
    await second.getByLabel('Es una mejora de otro plan').check();
    await choose(page, second, 'Plan base', 'Plan Oro E2E');
    await second.getByRole('button', { name: 'Crear Plan' }).click();
    await second.waitFor({ state: 'hidden' });

    const upgrade = page.getByRole('article', { name: 'Plan Platino E2E' });
    await upgrade.getByText('Mejora de Plan Oro E2E').waitFor();
    await expect.poll(() => plansTab(page).textContent()).toBe('Planes de Asistencia2');
    await expect.poll(() => imagesLoaded(page, 'article img')).toBe(true);
    expect(await seriousA11yViolations(page)).toEqual([]);
    await page.screenshot({ path: 'test-results/plans-tab.png' });

    // The base plan cannot go while the upgrade builds on it.
    await card.getByRole('button', { name: 'Eliminar Plan Oro E2E' }).click();
    const remove = page.getByRole('dialog', { name: 'Eliminar plan' });
    await remove.getByText('No se puede eliminar: tiene 1 plan de mejora').waitFor();
    await page.keyboard.press('Escape');
    await remove.waitFor({ state: 'hidden' });

    // On a phone the cards stack.
    await page.setViewportSize({ width: 390, height: 844 });
    await upgrade.waitFor();
    // One column: the same left edge, the second below the first (once the layout has settled).
    const stacked = async () => {
      const [first, last] = await Promise.all([card.boundingBox(), upgrade.boundingBox()]);
      return Math.abs(first!.x - last!.x) < 2 && last!.y >= first!.y + first!.height;
    };
    await expect.poll(stacked).toBe(true);
    await page.screenshot({ path: 'test-results/plans-tab-phone.png', fullPage: true });
    await page.getByRole('button', { name: 'Nuevo Plan' }).first().click();
    await page.getByRole('dialog', { name: 'Nuevo Plan' }).getByLabel('Nombre').waitFor();
    await page.waitForTimeout(300);
    await page.screenshot({ path: 'test-results/plans-wizard-phone.png' });
    await context.close();
  });
});
