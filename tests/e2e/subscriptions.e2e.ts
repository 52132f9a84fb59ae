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

describe('a customer’s subscriptions, in the browser', () => {
  it('suspends one with a reason and shows its history; a change the server refuses puts the previous status back', async () => {
    const context = await browser.newContext({ viewport: { width: 1440, height: 900 } });
    const page = await context.newPage();
    await signIn(page, server);

    const { colombia, sponsor, campaign } = await sponsorWithCampaign(page, server, { sponsor: 'Suscripciones E2E', campaign: 'Salud E2E' });
    const plan = await callApi<{ id: number }>(page, server, 'POST', `v1/campaigns/${campaign.id}/plans`, { name: 'Plan Salud E2E', description: 'Médico a domicilio' });
    const dsp = await createDsp(page, server, { name: 'Salud Directa E2E', type: 'SALE', countryId: colombia.id, sponsorId: sponsor.id, planIds: [plan.id] });
    const customer = await callApi<{ id: number; entitlements: { id: number }[] }>(page, server, 'POST', `v1/dsps/${dsp.id}/customers`, {
      dni: '52111222',
      name: 'Marta Gómez',
      email: 'marta.gomez@e2e.test',
      password: 'Cliente-2026!',
      password_confirmation: 'Cliente-2026!',
      plan_id: [plan.id],
    });

    await page.goto(`${server.url}/customers/${dsp.id}`);
    const card = page.getByRole('article', { name: 'Marta Gómez' });
    await card.getByRole('button', { name: /Subscripciones/ }).click();
    const modal = page.getByRole('dialog', { name: 'Suscripciones de Marta Gómez' });
    const subscription = modal.getByRole('region', { name: 'Plan Salud E2E' });
    const status = subscription.getByRole('combobox', { name: 'Estado' });
    await expect.poll(() => status.inputValue()).toBe('ACTIVE');

    // Suspended with a reason: the history gains its row, naming who did it.
    await status.selectOption({ label: 'Suspendido' });
    await subscription.getByRole('textbox', { name: 'Motivo (opcional)' }).fill('Pago rechazado por el banco');
    await subscription.getByRole('button', { name: 'Cambiar estado' }).click();
    await subscription.getByText('Pago rechazado por el banco').waitFor();
    await subscription.getByText(/Activo → Suspendido/).waitFor();
    expect(await status.inputValue()).toBe('SUSPENDED');
    await motionless(page);
    await page.screenshot({ path: 'test-results/subscriptions.png' });
    expect(await seriousA11yViolations(page)).toEqual([]);

    // Cancelling asks first, naming the customer and the plan; Volver has the focus, so Enter sends nothing.
    await status.selectOption({ label: 'Cancelado' });
    await subscription.getByRole('button', { name: 'Cambiar estado' }).click();
    const question = page.getByRole('dialog', { name: 'Cancelar la suscripción' });
    await question.getByText('¿Cancelar la suscripción de Marta Gómez al Plan Salud E2E? No se podrá reactivar.').waitFor();
    await expect.poll(() => page.evaluate(() => document.activeElement?.textContent)).toBe('Volver');
    await motionless(page);
    await page.screenshot({ path: 'test-results/subscriptions-final-status.png' });
    expect(await seriousA11yViolations(page)).toEqual([]);
    await page.setViewportSize({ width: 390, height: 844 });
    await motionless(page);
    await page.screenshot({ path: 'test-results/subscriptions-final-status-phone.png' });
    await page.setViewportSize({ width: 1440, height: 900 });
    await page.keyboard.press('Enter');
    await question.waitFor({ state: 'detached' });
    const kept = await callApi<{ status: string }>(page, server, 'GET', `v1/entitlements/${customer.entitlements[0]!.id}`);
    expect(kept.status).toBe('SUSPENDED');
    await status.selectOption({ label: 'Suspendido' });

    // Meanwhile someone cancels it elsewhere; this screen still shows Suspendido and offers Activo.
    await callApi(page, server, 'POST', `v1/entitlements/${customer.entitlements[0]!.id}/status`, { _method: 'PATCH', status: 'CANCELLED', reason: 'Baja pedida' });
    await status.selectOption({ label: 'Activo' });
    await subscription.getByRole('button', { name: 'Cambiar estado' }).click();
    // The server refuses (the screen sent the version it showed, and someone changed it since): the
    // error shows and the select does not keep 'Activo' but shows what the server holds.
    await subscription.getByRole('alert').filter({ hasText: 'Otra persona cambió este registro mientras lo editabas.' }).waitFor();
    await expect.poll(() => status.inputValue()).not.toBe('ACTIVE');
    await expect.poll(() => status.inputValue()).toBe('CANCELLED');
    await subscription.getByText(/Suspendido → Cancelado/).waitFor();

    // At a phone's width the modal fills the screen and nothing sticks out.
    await page.setViewportSize({ width: 390, height: 844 });
    await motionless(page);
    await page.screenshot({ path: 'test-results/subscriptions-phone.png' });
    expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
    await context.close();
  });
});
