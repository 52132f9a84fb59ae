import type { Locator, Page } from 'playwright-core';
import { ADMIN_EMAIL, ADMIN_PASSWORD, type RunningServer } from './server';

/** Signs in through the real screens, with the code from the server's MAIL_LOG; lands on '/'. */
export async function signIn(page: Page, server: RunningServer, email = ADMIN_EMAIL, password = ADMIN_PASSWORD) {
  await page.goto(`${server.url}/login`);
  await page.getByLabel('Correo electrónico').fill(email);
  await page.getByLabel('Contraseña').fill(password);
  await page.getByRole('button', { name: 'Continuar' }).click();
  await page.waitForURL(/\/otp\?email=/);
  await page.getByLabel('Dígito 1 del código').click();
  // The sixth digit sends the code by itself.
  await page.keyboard.type(server.lastCode(email));
  await page.waitForURL(`${server.url}/`);
}

/** Picks an option of a Mantine Select or MultiSelect by its label, typing first to narrow a searchable one. */
export async function choose(page: Page, scope: Page | Locator, label: string, option: string, search?: string) {
  const box = scope.getByRole('combobox', { name: label });
  await box.click();
  if (search) await box.fill(search);
  await page.getByRole('option', { name: option, exact: true }).click();
}

/** The bearer token of the session the page signed in with. */
export const sessionToken = (page: Page) =>
  page.evaluate(() => JSON.parse(localStorage.getItem('panel-de-control.session') ?? '{}').state?.token as string);

/**
 * Calls the API as the person signed in on `page` and answers the envelope's `data`, throwing on an
 * error answer: for the records a test stands on, not for what it checks.
 */
export async function callApi<T>(page: Page, server: RunningServer, method: 'GET' | 'POST', path: string, body?: unknown): Promise<T> {
  const response = await fetch(`${server.url}/api/${path}`, {
    method,
    headers: { authorization: `Bearer ${await sessionToken(page)}`, 'content-type': 'application/json', accept: 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const envelope = (await response.json()) as { data: T; message: string };
  if (!response.ok) throw new Error(`${method} ${path}: ${response.status} ${envelope.message}`);
  return envelope.data;
}

/** A sponsor in Colombia with one campaign, made through the API: where most journeys start. */
export async function sponsorWithCampaign(page: Page, server: RunningServer, names: { sponsor: string; campaign: string }) {
  const countries = await callApi<{ data: { id: number; name: string }[] }>(page, server, 'GET', 'v1/countries?limit=300');
  const colombia = countries.data.find((country) => country.name === 'Colombia')!;
  const sponsor = await callApi<{ id: number }>(page, server, 'POST', 'v1/sponsors', { name: names.sponsor, country_id: colombia.id });
  const campaign = await callApi<{ id: number }>(page, server, 'POST', 'v1/campaigns', { name: names.campaign, sponsor_id: sponsor.id, country_id: colombia.id });
  return { colombia, sponsor, campaign };
}

/** A DSP of `type` (SALE or BOOKING) selling `planIds`, named the same in its settings, made through the API. */
export const createDsp = (
  page: Page,
  server: RunningServer,
  dsp: { name: string; type: 'SALE' | 'BOOKING'; countryId: number; sponsorId: number; planIds: number[] },
) =>
  callApi<{ id: number }>(page, server, 'POST', 'v1/dsps', {
    name: dsp.name,
    type: dsp.type,
    country_id: dsp.countryId,
    sponsor_id: dsp.sponsorId,
    plans: dsp.planIds,
    settings: { name: dsp.name },
  });

