import { mkdirSync } from 'node:fs';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { logoPng } from '../../server/db/seed/demo-images';
import { seriousA11yViolations } from './support/a11y';
import { imagesLoaded, launchBrowser } from './support/browser';
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

/** Creates a sponsor with a logo from the sponsors grid. */
async function createSponsor(page: Page, name: string) {
  await page.getByRole('button', { name: 'Nuevo Sponsor' }).first().click();
  const form = page.getByRole('dialog', { name: 'Nuevo Sponsor' });
  await form.getByLabel('Nombre').fill(name);
  await form.locator('input[type=file]').setInputFiles({ name: 'logo.png', mimeType: 'image/png', buffer: logoPng(name, [22, 101, 52]) });
  await choose(page, form, 'País', 'Colombia', 'Colom');
  await form.getByRole('button', { name: 'Crear Sponsor' }).click();
  await form.waitFor({ state: 'hidden' });
  await page.getByRole('article', { name }).waitFor();
}

/** Deletes the sponsor's card with 'confirmar'. */
async function deleteSponsor(page: Page, name: string) {
  await page.getByRole('article', { name }).getByRole('button', { name: 'Eliminar' }).click();
  const confirm = page.getByRole('dialog', { name: 'Eliminar sponsor' });
  await confirm.getByLabel(/Escribe/).fill('confirmar');
  await confirm.getByRole('button', { name: 'Eliminar' }).click();
  await confirm.waitFor({ state: 'hidden' });
  await page.getByRole('article', { name }).waitFor({ state: 'detached' });
}

describe('undoing a delete, as staff do it', () => {
  let server: RunningServer;
  beforeAll(async () => {
    server = await startServer({ SEED_DEMO: 'false' });
  });
  afterAll(async () => {
    await server?.stop();
  });

  for (const viewport of [
    { width: 1440, height: 900 },
    { width: 390, height: 844 },
  ]) {
    it(`deletes a sponsor and brings it back, logo included, with 'Deshacer' (${viewport.width} px)`, async () => {
      const context = await browser.newContext({ viewport });
      const page = await context.newPage();
      await signIn(page, server);
      await page.getByRole('heading', { level: 1, name: 'Sponsors' }).waitFor();
      const name = `Deshacer ${viewport.width}`;
      await createSponsor(page, name);

      await deleteSponsor(page, name);
      const undo = page.getByRole('button', { name: 'Deshacer' });
      await undo.waitFor();
      await page.getByText('Sponsor eliminado.').waitFor();
      await page.screenshot({ path: `test-results/undo-delete-${viewport.width}.png` });
      expect(await seriousA11yViolations(page)).toEqual([]);

      await undo.click();
      await page.getByText('Registro restaurado.').waitFor();
      const card = page.getByRole('article', { name });
      await card.waitFor();
      await expect.poll(() => imagesLoaded(page, `article[aria-label="${name}"] img`)).toBe(true);
      await context.close();
    });
  }

  it("restores a deleted sponsor from /auditoria with 'Restaurar'", async () => {
    for (const viewport of [
      { width: 1440, height: 900 },
      { width: 390, height: 844 },
    ]) {
      const context = await browser.newContext({ viewport });
      const page = await context.newPage();
      await signIn(page, server);
      await page.getByRole('heading', { level: 1, name: 'Sponsors' }).waitFor();
      const name = `Restaurar ${viewport.width}`;
      await createSponsor(page, name);
      await deleteSponsor(page, name);

      await page.goto(`${server.url}/auditoria`);
      await page.getByRole('heading', { level: 1, name: 'Auditoría' }).waitFor();
      const restore = page.getByRole('button', { name: `Restaurar ${name}` });
      await restore.waitFor();
      await restore.scrollIntoViewIfNeeded();
      await page.screenshot({ path: `test-results/audit-restore-${viewport.width}.png` });
      await restore.click();
      await page.getByText('Registro restaurado.').waitFor();
      // Restored once: the delete's entry offers it no more.
      await restore.waitFor({ state: 'detached' });

      await page.goto(`${server.url}/`);
      await page.getByRole('article', { name }).waitFor();
      await context.close();
    }
  });
});
