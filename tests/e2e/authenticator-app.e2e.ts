import { Secret, TOTP } from 'otpauth';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { APP_CODE_PROMPT } from '../../contract/auth.constants';
import { seriousA11yViolations } from './support/a11y';
import { imageLoaded, launchBrowser, openPage } from './support/browser';
import { ADMIN_EMAIL, ADMIN_PASSWORD, startServer, type RunningServer } from './support/server';
import { signIn } from './support/session';

let server: RunningServer;
let browser: Browser;

beforeAll(async () => {
  server = await startServer();
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

/** What the person's phone shows `steps` periods from now for the key they typed in. */
const appCode = (key: string, steps = 0) =>
  new TOTP({ secret: Secret.fromBase32(key), algorithm: 'SHA1', digits: 6, period: 30 }).generate({ timestamp: Date.now() + steps * 30_000 });

describe('an authenticator app in the browser', () => {
  it("is enrolled from 'Mi cuenta' with the key on screen, and then signs the person in without a mail", async () => {
    const page = await openPage(browser);
    await signIn(page, server);
    await page.goto(`${server.url}/mi-cuenta`);
    const section = page.getByRole('region', { name: 'Aplicación de autenticación' });
    await section.getByRole('button', { name: 'Activar aplicación de autenticación' }).click();

    const dialog = page.getByRole('dialog', { name: 'Activar aplicación de autenticación' });
    const qr = dialog.getByRole('img', { name: /Código QR/ });
    await qr.waitFor();
    expect(await imageLoaded(qr)).toBe(true);
    const key = (await dialog.getByLabel('Clave').textContent())!.replace(/\s/g, '');
    expect(key).toMatch(/^[A-Z2-7]{32}$/);
    expect(await seriousA11yViolations(page)).toEqual([]);

    await dialog.getByLabel('Dígito 1 del código').click();
    await page.keyboard.type(appCode(key));
    const codesDialog = page.getByRole('dialog', { name: 'Guarda tus códigos de recuperación' });
    const codes = codesDialog.getByRole('list', { name: 'Códigos de recuperación' }).getByRole('listitem');
    await codes.first().waitFor();
    expect(await codes.count()).toBe(10);
    const download = page.waitForEvent('download');
    await codesDialog.getByRole('button', { name: 'Descargar (.txt)' }).click();
    expect((await download).suggestedFilename()).toBe('codigos-recuperacion-panel.txt');
    await codesDialog.getByRole('button', { name: 'Ya los guardé' }).click();
    await section.getByText('Activada').waitFor();

    await page.getByRole('button', { name: 'Menú de usuario' }).click();
    await page.getByRole('menuitem', { name: 'Cerrar sesión' }).click();
    await page.waitForURL(`${server.url}/login`);

    const mailedBefore = server.lastCode(ADMIN_EMAIL);
    await page.getByLabel('Correo electrónico').fill(ADMIN_EMAIL);
    await page.getByLabel('Contraseña').fill(ADMIN_PASSWORD);
    await page.getByRole('button', { name: 'Continuar' }).click();
    await page.waitForURL(/\/otp\?.*method=app/);
    await page.getByText(`${APP_CODE_PROMPT}.`).waitFor();
    expect(await page.getByRole('button', { name: 'Reenviar código' }).count()).toBe(0);
    expect(await seriousA11yViolations(page)).toEqual([]);

    // The code of the enrolment's step is spent; the phone's next one is accepted (±1 step) at once.
    await page.getByLabel('Dígito 1 del código').click();
    await page.keyboard.type(appCode(key, 1));
    await page.waitForURL(`${server.url}/`);
    // Nothing was mailed for this sign-in: the last mailed code is still the first sign-in's.
    expect(server.lastCode(ADMIN_EMAIL)).toBe(mailedBefore);
    await page.close();
  });
});
