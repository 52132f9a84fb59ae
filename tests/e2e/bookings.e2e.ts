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

const OPERATOR = { email: 'olga.operadora@e2e.test', password: 'Operadora-2026!' };

interface Booking {
  id: number;
  code_ref: string;
}

/** A DSP that takes bookings, with one customer holding a plan with one service, and an operator assigned to it. */
async function bookingDsp(page: Page) {
  const { colombia, sponsor, campaign } = await sponsorWithCampaign(page, server, { sponsor: 'Agenda E2E', campaign: 'Hogar E2E' });
  const plan = await callApi<{ id: number }>(page, server, 'POST', `v1/campaigns/${campaign.id}/plans`, { name: 'Plan Hogar E2E', description: 'Asistencia en casa' });
  const service = await callApi<{ id: number }>(page, server, 'POST', `v1/plans/${plan.id}/services`, {
    name: 'Plomería E2E',
    unlimited_coverage: true,
    unlimited_events: true,
  });
  const dsp = await createDsp(page, server, { name: 'Reservas Andinas E2E', type: 'BOOKING', countryId: colombia.id, sponsorId: sponsor.id, planIds: [plan.id] });
  const customer = await callApi<{ id: number; entitlements: { id: number }[] }>(page, server, 'POST', `v1/dsps/${dsp.id}/customers`, {
    dni: '1032456789',
    name: 'Lucía Restrepo',
    email: 'lucia.restrepo@e2e.test',
    phone: '+57 310 555 0101',
    password: 'Cliente-2026!',
    password_confirmation: 'Cliente-2026!',
    plan_id: [plan.id],
  });
  const operator = await callApi<{ id: number }>(page, server, 'POST', 'v1/users', {
    dni: '52000111',
    name: 'Olga Operadora',
    email: OPERATOR.email,
    phone: '+57 300 555 0111',
    password: OPERATOR.password,
    roles: ['OPERATOR'],
  });
  await callApi(page, server, 'POST', `v1/dsps/${dsp.id}/users`, { users: [operator.id] });
  const book = (scheduledAt: Date, notes: string) =>
    callApi<Booking>(page, server, 'POST', `v1/dsps/${dsp.id}/bookings`, {
      customer_id: customer.id,
      entitlement_id: customer.entitlements[0]!.id,
      plan_service_id: service.id,
      scheduled_at: scheduledAt.toISOString(),
      notes,
      meta: { city: 'Medellín', address: 'Calle 10 # 43-12', latitude: 6.2088, longitude: -75.5673 },
    });
  return { dsp, book };
}

const setStatus = (page: Page, booking: Booking, status: string) =>
  callApi(page, server, 'POST', `v1/bookings/${booking.id}/status`, { _method: 'PATCH', status });

describe('the bookings screen, in the browser', () => {
  it('an operator opens a deep link, confirms a booking and sees counters, detail and history follow; a second browser sees it live; a consumed booking is locked', async () => {
    const adminContext = await browser.newContext({ viewport: { width: 1440, height: 900 } });
    const admin = await adminContext.newPage();
    await signIn(admin, server);
    const { dsp, book } = await bookingDsp(admin);
    const inAnHour = new Date(Date.now() + 60 * 60 * 1000);
    const pending = await book(inAnHour, 'Fuga en el lavaplatos');
    const consumed = await book(new Date(Date.now() - 24 * 60 * 60 * 1000), 'Cambio de grifería');
    await setStatus(admin, consumed, 'CONFIRMED');
    await setStatus(admin, consumed, 'CONSUMED');

    // The second browser: a super admin watching the same DSP's list.
    await admin.goto(`${server.url}/agendamientos?dsp=${dsp.id}`);
    const adminRow = admin.getByRole('row', { name: new RegExp(pending.code_ref) });
    await adminRow.getByText('Pendiente').waitFor();

    // The operator opens a deep link to the filtered list.
    const operatorContext = await browser.newContext({ viewport: { width: 1440, height: 900 } });
    const operator = await operatorContext.newPage();
    await signIn(operator, server, OPERATOR.email, OPERATOR.password);
    await operator.goto(`${server.url}/agendamientos?dsp=${dsp.id}&q=${pending.code_ref}`);
    const row = operator.getByRole('row', { name: new RegExp(pending.code_ref) });
    await row.getByText('Lucía Restrepo').waitFor();
    expect(await operator.getByRole('row', { name: new RegExp(consumed.code_ref) }).count()).toBe(0);
    await expect.poll(() => operator.getByTestId('bookings-total').textContent()).toBe('1');
    expect(await operator.getByRole('combobox', { name: 'DSP' }).inputValue()).toBe('Reservas Andinas E2E');

    // Confirms it.
    await row.getByRole('button', { name: `Cambiar estado de ${pending.code_ref}` }).click();
    const dialog = operator.getByRole('dialog', { name: 'Cambiar estado' });
    await dialog.getByRole('combobox', { name: 'Estado' }).selectOption({ label: 'Confirmado' });
    await dialog.getByRole('button', { name: 'Guardar' }).click();
    await dialog.waitFor({ state: 'detached' });
    await row.getByText('Confirmado').waitFor();
    const changedAt = Date.now();

    // The other browser sees it within 2 s, without a reload.
    await adminRow.getByText('Confirmado').waitFor({ timeout: 2_000 });
    expect(Date.now() - changedAt).toBeLessThan(2_000);
    expect(admin.url()).toBe(`${server.url}/agendamientos?dsp=${dsp.id}`);

    // The detail: the confirmation time and the history row naming the operator.
    await row.getByRole('button', { name: `Ver detalle de ${pending.code_ref}` }).click();
    const detail = operator.getByRole('dialog', { name: 'Detalle de Reservación' });
    await detail.getByText('Fuga en el lavaplatos').waitFor();
    await detail.getByText(/Pendiente → Confirmado/).waitFor();
    await detail.getByText(/Olga Operadora ·/).first().waitFor();
    await motionless(operator);
    await operator.screenshot({ path: 'test-results/booking-detail.png' });
    expect(await seriousA11yViolations(operator)).toEqual([]);
    await operator.keyboard.press('Escape');
    await detail.waitFor({ state: 'detached' });

    // The counters, without the search: two bookings, one of them today (in an hour, unless that is tomorrow).
    await operator.goto(`${server.url}/agendamientos?dsp=${dsp.id}`);
    await expect.poll(() => operator.getByTestId('bookings-total').textContent()).toBe('2');
    // 'Hoy' counts the one due in an hour, unless that is already tomorrow where the browser is.
    const today = Number(await operator.getByTestId('bookings-today').textContent());
    expect(today).toBe(new Date(Date.now() + 60 * 60 * 1000).getDate() === new Date().getDate() ? 1 : 0);

    // A consumed booking cannot be changed.
    const consumedRow = operator.getByRole('row', { name: new RegExp(consumed.code_ref) });
    await consumedRow.getByText('Completado').waitFor();
    const locked = consumedRow.getByRole('button', { name: 'Cambiar estado' });
    expect(await locked.getAttribute('aria-disabled')).toBe('true');
    expect(await locked.evaluate((button) => document.getElementById(button.getAttribute('aria-describedby') ?? '')?.textContent)).toBe(
      'No puedes cambiar el estado de una reservación CONSUMED',
    );
    await locked.click({ force: true });
    expect(await operator.getByRole('dialog', { name: 'Cambiar estado' }).count()).toBe(0);

    // A booking made meanwhile appears in the watching list within 2 s.
    const created = await book(new Date(Date.now() + 2 * 60 * 60 * 1000), 'Revisión de calentador');
    const createdAt = Date.now();
    await admin.getByRole('row', { name: new RegExp(created.code_ref) }).waitFor({ timeout: 2_000 });
    expect(Date.now() - createdAt).toBeLessThan(2_000);
    await admin.screenshot({ path: 'test-results/bookings.png' });

    // At a phone's width nothing sticks out and the actions stay reachable.
    await operator.setViewportSize({ width: 390, height: 844 });
    await operator.getByText(pending.code_ref).first().waitFor();
    // The sidebar slides away after the resize: judged once its transition has ended.
    await expect.poll(() => operator.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth), { timeout: 5_000 }).toBe(true);
    await motionless(operator);
    await operator.screenshot({ path: 'test-results/bookings-phone.png' });

    await operatorContext.close();
    await adminContext.close();
  });
});
