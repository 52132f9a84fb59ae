import { mkdirSync } from 'node:fs';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seriousA11yViolations } from './support/a11y';
import { launchBrowser } from './support/browser';
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

describe('the change history, as staff use it', () => {
  let server: RunningServer;
  beforeAll(async () => {
    server = await startServer();
  });
  afterAll(async () => {
    await server?.stop();
  });

  it('shows a sponsor’s new name, before and after, in its Historial and in /auditoria', async () => {
    const context = await browser.newContext({ viewport: { width: 1440, height: 900 } });
    const page = await context.newPage();
    await signIn(page, server);
    await page.getByRole('heading', { level: 1, name: 'Sponsors' }).waitFor();

    // A sponsor to change.
    await page.getByRole('button', { name: 'Nuevo Sponsor' }).first().click();
    const form = page.getByRole('dialog', { name: 'Nuevo Sponsor' });
    await form.getByLabel('Nombre').fill('Brújula Asistencia');
    await choose(page, form, 'País', 'Colombia', 'Colom');
    await form.getByRole('button', { name: 'Crear Sponsor' }).click();
    await form.waitFor({ state: 'hidden' });
    await page.getByRole('article', { name: 'Brújula Asistencia' }).getByRole('link', { name: 'Ver Detalles' }).click();
    await page.waitForURL(/\/sponsor\/\d+$/);
    // The address changes before the detail's code arrives: until its heading shows, 'Editar' is still the grid's.
    await page.getByRole('heading', { level: 1, name: 'Brújula Asistencia' }).waitFor();

    // Rename it.
    await page.getByRole('button', { name: 'Editar' }).first().click();
    const edit = page.getByRole('dialog', { name: 'Editar Sponsor' });
    await edit.getByLabel('Nombre').fill('Brújula Global');
    await edit.getByRole('button', { name: 'Actualizar Sponsor' }).click();
    await edit.waitFor({ state: 'hidden' });
    await page.getByRole('heading', { level: 1, name: 'Brújula Global' }).waitFor();

    // Its history, newest first, and back to the button with Escape.
    const historyButton = page.getByRole('button', { name: 'Historial' });
    await historyButton.click();
    const drawer = page.getByRole('dialog', { name: 'Historial de Brújula Global' });
    await drawer.getByText('cambió el nombre de Brújula Asistencia a Brújula Global').waitFor();
    await drawer.getByText(/creó el sponsor Brújula Asistencia/).waitFor();
    const lines = await drawer.getByRole('listitem').allTextContents();
    expect(lines[0]).toContain('cambió el nombre de Brújula Asistencia a Brújula Global');
    await page.screenshot({ path: 'test-results/audit-drawer.png' });
    expect(await seriousA11yViolations(page)).toEqual([]);
    await page.keyboard.press('Escape');
    await drawer.waitFor({ state: 'hidden' });
    expect(await historyButton.evaluate((button) => button === document.activeElement)).toBe(true);

    // Every change, from the menu, filtered to sponsors.
    await page.getByRole('navigation', { name: 'Menú principal' }).getByRole('link', { name: 'Auditoría' }).click();
    await page.getByRole('heading', { level: 1, name: 'Auditoría' }).waitFor();
    await choose(page, page, 'Registro', 'Sponsor');
    await page.waitForURL(/resource=sponsor/);
    const row = page.getByRole('row').filter({ hasText: 'cambió el nombre de Brújula Asistencia a Brújula Global' });
    await row.waitFor();
    expect(await row.textContent()).toMatch(/Sponsor · Brújula/);
    expect(await page.title()).toBe('Auditoría · Panel de Control');
    await page.screenshot({ path: 'test-results/audit-page.png' });
    expect(await seriousA11yViolations(page)).toEqual([]);

    // The CSV of the same filter.
    const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Exportar CSV' }).click()]);
    const csv = await download.createReadStream().then(async (stream) => {
      let text = '';
      for await (const chunk of stream) text += chunk;
      return text;
    });
    expect(csv).toContain('Brújula');
    await context.close();
  });
});
