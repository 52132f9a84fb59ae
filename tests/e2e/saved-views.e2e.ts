import { mkdirSync } from 'node:fs';
import { SAVED_VIEW_NOT_FOUND } from '../../contract/saved-view.constants';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seriousA11yViolations } from './support/a11y';
import { launchBrowser, motionless } from './support/browser';
import { startServer, type RunningServer } from './support/server';
import { callApi, choose, createDsp, signIn, sponsorWithCampaign } from './support/session';

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

/** Who saves the view, the colleague it is shared with (an operator), and one without that role. */
const OWNER = { dni: '52000201', name: 'Bruno Líder', email: 'bruno.lider@e2e.test', password: 'Lider-2026-Vistas!', roles: ['BUSINESS_LEADER'] };
const OPERATOR = { dni: '52000202', name: 'Olga Operadora', email: 'olga.vistas@e2e.test', password: 'Operadora-2026-Vistas!', roles: ['OPERATOR'] };
const OTHER = { dni: '52000203', name: 'Berta Líder', email: 'berta.lider@e2e.test', password: 'Lider-2026-Otra!', roles: ['BUSINESS_LEADER'] };

/** A DSP that takes bookings with two customers' bookings, and the three people assigned to it. */
async function bookingDsp(page: Page) {
  const { colombia, sponsor, campaign } = await sponsorWithCampaign(page, server, { sponsor: 'Vistas E2E', campaign: 'Hogar Vistas E2E' });
  const plan = await callApi<{ id: number }>(page, server, 'POST', `v1/campaigns/${campaign.id}/plans`, { name: 'Plan Vistas E2E', description: 'Asistencia en casa' });
  const service = await callApi<{ id: number }>(page, server, 'POST', `v1/plans/${plan.id}/services`, {
    name: 'Cerrajería E2E',
    unlimited_coverage: true,
    unlimited_events: true,
  });
  const dsp = await createDsp(page, server, { name: 'Reservas Vistas E2E', type: 'BOOKING', countryId: colombia.id, sponsorId: sponsor.id, planIds: [plan.id] });
  const customer = (dni: string, name: string, email: string) =>
    callApi<{ id: number; entitlements: { id: number }[] }>(page, server, 'POST', `v1/dsps/${dsp.id}/customers`, {
      dni,
      name,
      email,
      phone: '+57 310 555 0202',
      password: 'Cliente-2026!',
      password_confirmation: 'Cliente-2026!',
      plan_id: [plan.id],
    });
  const book = (holder: { id: number; entitlements: { id: number }[] }, notes: string) =>
    callApi(page, server, 'POST', `v1/dsps/${dsp.id}/bookings`, {
      customer_id: holder.id,
      entitlement_id: holder.entitlements[0]!.id,
      plan_service_id: service.id,
      scheduled_at: new Date(Date.now() + 2 * 60 * 60 * 1000).toISOString(),
      notes,
      meta: { city: 'Bogotá', address: 'Carrera 7 # 72-41', latitude: 4.6584, longitude: -74.0548 },
    });
  await book(await customer('1032000301', 'Lucía Restrepo', 'lucia.vistas@e2e.test'), 'Puerta trabada');
  await book(await customer('1032000302', 'Mateo Gómez', 'mateo.vistas@e2e.test'), 'Llave perdida');
  const staff = [];
  for (const person of [OWNER, OPERATOR, OTHER]) {
    const { password, ...rest } = person;
    staff.push((await callApi<{ id: number }>(page, server, 'POST', 'v1/users', { ...rest, phone: '+57 300 555 0201', password })).id);
  }
  await callApi(page, server, 'POST', `v1/dsps/${dsp.id}/users`, { users: staff });
  return dsp;
}

const WIDE = { width: 1440, height: 900 };
const PHONE = { width: 390, height: 844 };

/** A browser of its own, signed in as `person`. */
async function signedIn(person: { email: string; password: string }, viewport = WIDE) {
  const context = await browser.newContext({ viewport });
  const page = await context.newPage();
  await signIn(page, server, person.email, person.password);
  return page;
}

const viewsButton = (page: Page) => page.getByRole('button', { name: /^Vistas/ });
/** A customer's booking on the list, a table row or, on a phone, a card. */
const bookingOf = (page: Page, customer: string) => page.getByRole('main').getByText(customer, { exact: true });

describe('saved views, in the browser', () => {
  it('a bookings view shared with the operators opens for an operator, by its link and from the menu, and not for someone without the role', async () => {
    const adminContext = await browser.newContext({ viewport: { width: 1440, height: 900 } });
    const admin = await adminContext.newPage();
    await signIn(admin, server);
    const dsp = await bookingDsp(admin);

    // The owner filters the DSP's bookings and saves them as a view shared with the operators.
    const owner = await signedIn(OWNER);
    await owner.goto(`${server.url}/agendamientos?dsp=${dsp.id}&q=Restrepo`);
    await owner.getByRole('row', { name: /Lucía Restrepo/ }).waitFor();
    await viewsButton(owner).click();
    await owner.getByRole('button', { name: 'Guardar vista actual…' }).click();
    const form = owner.getByRole('dialog', { name: 'Guardar vista' });
    await form.getByLabel('Nombre').fill('Clientes Restrepo');
    await choose(owner, form, 'Compartir con roles', 'Operador');
    await form.getByLabel('Nombre').click();
    await motionless(owner);
    await owner.screenshot({ path: 'test-results/saved-views-form-wide.png' });
    expect(await seriousA11yViolations(owner)).toEqual([]);
    await form.getByRole('button', { name: 'Guardar vista' }).click();
    await form.waitFor({ state: 'detached' });
    await owner.waitForURL(/[?&]view=\d+/);
    const viewId = Number(new URL(owner.url()).searchParams.get('view'));
    expect(new URL(owner.url()).searchParams.get('q')).toBe('Restrepo');
    await viewsButton(owner).filter({ hasText: 'Vistas: Clientes Restrepo' }).waitFor();
    await viewsButton(owner).click();
    await owner.getByRole('link', { name: 'Clientes Restrepo' }).waitFor();
    await motionless(owner);
    await owner.screenshot({ path: 'test-results/saved-views-menu-wide.png' });
    expect(await seriousA11yViolations(owner)).toEqual([]);

    // The operator, on a phone, opens the copied link: the list as the view shows it, with their own access.
    const operator = await signedIn(OPERATOR, PHONE);
    await operator.goto(`${server.url}/agendamientos?view=${viewId}`);
    await operator.waitForURL((url) => url.searchParams.get('q') === 'Restrepo' && url.searchParams.get('view') === String(viewId));
    await bookingOf(operator, 'Lucía Restrepo').waitFor();
    // The link opens the list first, then the view's query replaces it: the unfiltered rows go once its answer arrives.
    await expect.poll(() => bookingOf(operator, 'Mateo Gómez').count()).toBe(0);
    expect(await operator.getByRole('searchbox', { name: 'Buscar agendamientos' }).inputValue()).toBe('Restrepo');

    // And from the menu, where it is shared with them, its owner named, with nothing to edit.
    await operator.goto(`${server.url}/agendamientos?dsp=${dsp.id}`);
    await bookingOf(operator, 'Mateo Gómez').waitFor();
    await viewsButton(operator).click();
    const shared = operator.getByRole('list', { name: 'Compartidas conmigo' });
    await shared.getByText('de Bruno Líder').waitFor();
    await motionless(operator);
    await operator.screenshot({ path: 'test-results/saved-views-menu-phone.png' });
    await operator.getByRole('button', { name: 'Acciones de la vista Clientes Restrepo' }).click();
    expect(await operator.getByRole('menuitem').allTextContents()).toEqual(['Copiar enlace']);
    await operator.keyboard.press('Escape');
    await viewsButton(operator).click();
    await shared.getByRole('link', { name: /Clientes Restrepo/ }).click();
    await operator.waitForURL((url) => url.searchParams.get('view') === String(viewId));
    await bookingOf(operator, 'Lucía Restrepo').waitFor();
    await expect.poll(() => bookingOf(operator, 'Mateo Gómez').count()).toBe(0);
    // The save form fits a phone too.
    await viewsButton(operator).click();
    await operator.getByRole('button', { name: 'Guardar vista actual…' }).click();
    const phoneForm = operator.getByRole('dialog', { name: 'Guardar vista' });
    await phoneForm.getByLabel('Nombre').waitFor();
    await motionless(operator);
    await operator.screenshot({ path: 'test-results/saved-views-form-phone.png' });
    await operator.keyboard.press('Escape');
    await phoneForm.waitFor({ state: 'detached' });

    // Someone without the role gets the list without the view, and a notice.
    const other = await signedIn(OTHER);
    await other.goto(`${server.url}/agendamientos?view=${viewId}`);
    await other.getByText(SAVED_VIEW_NOT_FOUND).waitFor();
    await other.waitForURL((url) => !url.searchParams.has('view'));
    await other.getByRole('row', { name: /Mateo Gómez/ }).waitFor();
    await viewsButton(other).click();
    await other.getByText('Aún no has guardado vistas de esta lista.').waitFor();
    expect(await other.getByRole('link', { name: /Clientes Restrepo/ }).count()).toBe(0);
    // Nor can they read it from the API.
    const answer = await callApi<{ id: number }[]>(other, server, 'GET', 'v1/saved-views?filter[list]=bookings');
    expect(answer.map((view) => view.id)).not.toContain(viewId);
  });
});
