import { mkdirSync } from 'node:fs';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seriousA11yViolations } from './support/a11y';
import { launchBrowser, motionless } from './support/browser';
import { startServer, type RunningServer } from './support/server';
import { callApi, signIn } from './support/session';

let browser: Browser;
let server: RunningServer;
const contexts: BrowserContext[] = [];

beforeAll(async () => {
  mkdirSync('test-results', { recursive: true });
  browser = await launchBrowser();
  server = await startServer();
});
afterAll(async () => {
  for (const context of contexts) await context.close();
  await browser?.close();
  await server?.stop();
});

/** A second person: their own browser context, signed in, on the sponsors grid. */
async function staffMember(viewport = { width: 1440, height: 900 }): Promise<Page> {
  const context = await browser.newContext({ viewport });
  contexts.push(context);
  const page = await context.newPage();
  await signIn(page, server);
  await page.getByRole('heading', { level: 1, name: 'Sponsors' }).waitFor();
  return page;
}

async function openEdit(page: Page, name: string) {
  await page.reload();
  await page.getByRole('article', { name }).getByRole('button', { name: 'Editar' }).click();
  const form = page.getByRole('dialog', { name: 'Editar Sponsor' });
  await form.getByLabel('Nombre').waitFor();
  return form;
}

describe('two staff members edit the same sponsor', () => {
  it('the second one sees what the first changed, and keeps both changes', async () => {
    const first = await staffMember();
    const second = await staffMember({ width: 390, height: 844 });
    const countries = await callApi<{ data: { id: number }[] }>(first, server, 'GET', 'v1/countries?limit=1');
    await callApi(first, server, 'POST', 'v1/sponsors', { name: 'Cóndor Conflicto', country_id: countries.data[0]!.id, website_url: 'https://condor.example' });

    const firstForm = await openEdit(first, 'Cóndor Conflicto');
    const secondForm = await openEdit(second, 'Cóndor Conflicto');

    await firstForm.getByLabel('Nombre').fill('Cóndor Asistencia');
    await firstForm.getByRole('button', { name: 'Actualizar Sponsor' }).click();
    await firstForm.waitFor({ state: 'hidden' });

    await secondForm.getByLabel('Sitio web').fill('https://condor-asistencia.example');
    await secondForm.getByRole('button', { name: 'Actualizar Sponsor' }).click();
    const conflict = second.getByRole('dialog', { name: 'Este registro cambió' });
    await conflict.waitFor();
    await expect.poll(() => conflict.getByRole('definition').allTextContents()).toEqual([
      'Ahora: Cóndor Asistencia',
      'Tuyo: Cóndor Conflicto (no lo cambiaste: se queda el de ahora)',
      'Ahora: https://condor.example',
      'Tuyo: https://condor-asistencia.example',
    ]);
    await expect.poll(() => second.evaluate(() => document.activeElement?.textContent)).toBe('Guardar mis cambios');
    await motionless(second);
    await second.screenshot({ path: 'test-results/edit-conflict-390.png' });
    expect(await seriousA11yViolations(second)).toEqual([]);

    await conflict.getByRole('button', { name: 'Guardar mis cambios' }).click();
    await secondForm.waitFor({ state: 'hidden' });
    const card = second.getByRole('article', { name: 'Cóndor Asistencia' });
    await card.waitFor();
    await card.getByText('https://condor-asistencia.example').waitFor();

    // And the first person, reloading, sees both changes too.
    await first.reload();
    const firstCard = first.getByRole('article', { name: 'Cóndor Asistencia' });
    await firstCard.getByText('https://condor-asistencia.example').waitFor();
  });

  it('shows the dialog at 1440 px, and Escape goes back to the form with the edits', async () => {
    const first = await staffMember();
    const second = await staffMember();
    const countries = await callApi<{ data: { id: number }[] }>(first, server, 'GET', 'v1/countries?limit=1');
    await callApi(first, server, 'POST', 'v1/sponsors', { name: 'Puma Conflicto', country_id: countries.data[0]!.id, website_url: '' });
    const firstForm = await openEdit(first, 'Puma Conflicto');
    const secondForm = await openEdit(second, 'Puma Conflicto');
    await firstForm.getByLabel('Nombre').fill('Puma Seguros');
    await firstForm.getByRole('button', { name: 'Actualizar Sponsor' }).click();
    await firstForm.waitFor({ state: 'hidden' });

    await secondForm.getByLabel('Nombre').fill('Puma Asistencia');
    await secondForm.getByRole('button', { name: 'Actualizar Sponsor' }).click();
    const conflict = second.getByRole('dialog', { name: 'Este registro cambió' });
    await conflict.getByText('Ahora: Puma Seguros').waitFor();
    await motionless(second);
    await second.screenshot({ path: 'test-results/edit-conflict-1440.png' });
    expect(await seriousA11yViolations(second)).toEqual([]);
    await second.keyboard.press('Escape');
    await conflict.waitFor({ state: 'hidden' });
    await expect(secondForm.getByLabel('Nombre').inputValue()).resolves.toBe('Puma Asistencia');
    await expect.poll(() => secondForm.evaluate((dialog) => dialog.contains(document.activeElement))).toBe(true);

    // Recargar: the form shows the record as it is now.
    await secondForm.getByRole('button', { name: 'Actualizar Sponsor' }).click();
    await conflict.getByRole('button', { name: 'Recargar' }).click();
    await conflict.waitFor({ state: 'hidden' });
    await expect(secondForm.getByLabel('Nombre').inputValue()).resolves.toBe('Puma Seguros');
  });
});
