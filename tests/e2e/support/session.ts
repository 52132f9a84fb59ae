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
  await page.keyboard.type(server.lastCode(email));
  await page.getByRole('button', { name: 'Verificar y continuar' }).click();
  await page.waitForURL(`${server.url}/`);
}

/** Picks an option of a Mantine Select or MultiSelect by its label, typing first to narrow a searchable one. */
export async function choose(page: Page, scope: Page | Locator, label: string, option: string, search?: string) {
  const box = scope.getByRole('combobox', { name: label });
  await box.click();
  if (search) await box.fill(search);
  await page.getByRole('option', { name: option, exact: true }).click();
}
