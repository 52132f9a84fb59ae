import { BOOKING_PAGE_SIZE } from '../../contract/booking.constants';
import { mkdirSync } from 'node:fs';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser } from './support/browser';
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

/** A DSP that takes bookings, with a page of pending bookings of one customer, plus one consumed. */
async function pageOfBookings(page: Page) {
  const { colombia, sponsor, campaign } = await sponsorWithCampaign(page, server, { sponsor: 'Lote E2E', campaign: 'Hogar Lote E2E' });
  const plan = await callApi<{ id: number }>(page, server, 'POST', `v1/campaigns/${campaign.id}/plans`, { name: 'Plan Lote E2E', description: 'Asistencia en casa' });
  const service = await callApi<{ id: number }>(page, server, 'POST', `v1/plans/${plan.id}/services`, { name: 'Plomería Lote E2E', unlimited_coverage: true, unlimited_events: true });
  const dsp = await createDsp(page, server, { name: 'Reservas Lote E2E', type: 'BOOKING', countryId: colombia.id, sponsorId: sponsor.id, planIds: [plan.id] });
  const customer = await callApi<{ id: number; entitlements: { id: number }[] }>(page, server, 'POST', `v1/dsps/${dsp.id}/customers`, {
    dni: '1032456700',
    name: 'Marta Lote',
    email: 'marta.lote@e2e.test',
    phone: '+57 310 555 0199',
    password: 'Cliente-2026!',
    password_confirmation: 'Cliente-2026!',
    plan_id: [plan.id],
  });
  const book = (hours: number) =>
    callApi<{ id: number }>(page, server, 'POST', `v1/dsps/${dsp.id}/bookings`, {
      customer_id: customer.id,
      entitlement_id: customer.entitlements[0]!.id,
      plan_service_id: service.id,
      scheduled_at: new Date(Date.now() + hours * 60 * 60 * 1000).toISOString(),
      notes: 'Lote',
      meta: { city: 'Medellín', address: 'Calle 10 # 43-12', latitude: 6.2088, longitude: -75.5673 },
    });
  for (let index = 0; index < BOOKING_PAGE_SIZE; index += 1) await book(index + 1);
  return dsp;
}

describe('acting on many bookings, in the browser', () => {
  it('confirms a page of bookings in one action and sees them all Confirmado', async () => {
    const context = await browser.newContext({ viewport: { width: 1440, height: 900 } });
    const page = await context.newPage();
    await signIn(page, server);
    const dsp = await pageOfBookings(page);

    await page.goto(`${server.url}/agendamientos?dsp=${dsp.id}`);
    const rows = page.locator('tbody tr');
    await expect.poll(() => rows.count()).toBe(BOOKING_PAGE_SIZE);
    await page.getByRole('checkbox', { name: 'Seleccionar esta página' }).check();
    const bar = page.getByRole('region', { name: 'Selección' });
    await bar.getByText(`${BOOKING_PAGE_SIZE} seleccionados`).waitFor();
    await bar.getByRole('button', { name: 'Cambiar estado' }).click();

    const dialog = page.getByRole('dialog', { name: 'Cambiar estado' });
    await dialog.getByText(`Se cambiará el estado de ${BOOKING_PAGE_SIZE} agendamientos.`).waitFor();
    await dialog.getByRole('combobox', { name: 'Nuevo estado' }).selectOption('CONFIRMED');
    await dialog.getByRole('button', { name: 'Cambiar estado' }).click();

    await page.getByText(`${BOOKING_PAGE_SIZE} hechos`).waitFor();
    await expect.poll(() => rows.filter({ hasText: 'Confirmado' }).count()).toBe(BOOKING_PAGE_SIZE);
    // The selection is empty again once the list has been read anew.
    expect(await page.getByRole('checkbox', { name: 'Seleccionar esta página' }).isChecked()).toBe(false);
    await page.screenshot({ path: 'test-results/bulk-actions-confirmed.png' });
    await context.close();
  });
});
