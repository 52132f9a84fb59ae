import { mkdirSync } from 'node:fs';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { logoPng } from '../../server/db/seed/demo-images';
import { seriousA11yViolations } from './support/a11y';
import { imageLoaded, launchBrowser } from './support/browser';
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

const PARENT = 'Asistencia Hogar E2E';
const CHILD = 'Plomería E2E';

/** Deletes the category whose card is shown by typing its name in the dialog. */
async function deleteByName(page: Page, name: string) {
  await page.getByRole('article', { name }).getByRole('button', { name: 'Eliminar' }).click();
  const dialog = page.getByRole('dialog', { name: 'Eliminar categoría' });
  await dialog.getByLabel(/Escribe/).fill(name);
  await dialog.getByRole('button', { name: 'Eliminar' }).click();
  await dialog.waitFor({ state: 'hidden' });
  await page.getByRole('article', { name }).waitFor({ state: 'detached' });
}

describe('the category catalogue, as a super admin uses it', () => {
  let server: RunningServer;
  beforeAll(async () => {
    server = await startServer();
  });
  afterAll(async () => {
    await server?.stop();
  });

  it('creates a root with an image and a subcategory, finds them by link, and deletes the child before the parent', async () => {
    const context = await browser.newContext({ viewport: { width: 1440, height: 900 } });
    const page = await context.newPage();
    await signIn(page, server);
    await page.goto(`${server.url}/categorias`);
    await page.getByRole('heading', { level: 1, name: 'Categorías' }).waitFor();

    // A root ('Padre') with an image.
    await page.getByRole('button', { name: 'Nueva Categoría' }).first().click();
    const form = page.getByRole('dialog', { name: 'Nueva Categoría' });
    await form.getByLabel('Nombre').fill(`  ${PARENT}  `);
    await form.getByLabel('Descripción').fill('Plomería, cerrajería y electricidad.');
    await form.locator('input[type=file]').setInputFiles({ name: 'hogar.png', mimeType: 'image/png', buffer: logoPng('Hogar', [16, 185, 129]) });
    await form.getByRole('img', { name: 'Vista previa: Imagen' }).waitFor();
    await form.getByRole('button', { name: 'Crear Categoría' }).click();
    await form.waitFor({ state: 'hidden' });
    const parentCard = page.getByRole('article', { name: PARENT });
    await parentCard.waitFor();
    await expect.poll(() => imageLoaded(parentCard.locator('img'))).toBe(true);

    // A subcategory under it.
    await page.getByRole('button', { name: 'Nueva Categoría' }).first().click();
    const child = page.getByRole('dialog', { name: 'Nueva Categoría' });
    await child.getByLabel('Nombre').fill(CHILD);
    await choose(page, child, 'Categoría padre', PARENT, 'Hogar E2E');
    await page.screenshot({ path: 'test-results/catalogue-form.png' });
    await child.getByRole('button', { name: 'Crear Categoría' }).click();
    await child.waitFor({ state: 'hidden' });

    // Found again from a link, after a reload.
    await page.goto(`${server.url}/categorias?q=e2e`);
    await page.reload();
    const childCard = page.getByRole('article', { name: CHILD });
    await childCard.waitFor();
    expect(await page.getByRole('searchbox', { name: 'Buscar categorías' }).inputValue()).toBe('e2e');
    expect(await page.getByRole('article').evaluateAll((cards) => cards.map((card) => card.getAttribute('aria-label')))).toEqual([PARENT, CHILD]);
    await expect(parentCard.getByText('Padre', { exact: true }).isVisible()).resolves.toBe(true);
    await expect(parentCard.getByText(CHILD).isVisible()).resolves.toBe(true);
    await expect(childCard.getByText('Subcategoría', { exact: true }).isVisible()).resolves.toBe(true);
    await expect(childCard.getByText(`de ${PARENT}`).isVisible()).resolves.toBe(true);
    // A parent with subcategories offers no delete: they would be left without a parent.
    expect(await parentCard.getByRole('button', { name: 'Eliminar' }).count()).toBe(0);
    await page.screenshot({ path: 'test-results/catalogue-grid.png' });
    expect(await seriousA11yViolations(page)).toEqual([]);

    // Loaded afresh at phone width: a live resize would catch the sidebar mid-slide.
    await page.setViewportSize({ width: 390, height: 844 });
    await page.reload();
    await childCard.waitFor();
    await page.screenshot({ path: 'test-results/catalogue-grid-phone.png', fullPage: true });
    await page.setViewportSize({ width: 1440, height: 900 });

    // The child goes first (typing its own name), then the parent can go too.
    await deleteByName(page, CHILD);
    await parentCard.getByRole('button', { name: 'Eliminar' }).waitFor();
    await deleteByName(page, PARENT);
    await page.getByText('No se encontraron categorías con ese criterio de búsqueda.').waitFor();
    await context.close();
  });
});
