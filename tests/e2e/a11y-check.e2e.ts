// The accessibility check every browser test relies on still finds what it must: it is tuned for
// speed (violations only, run in the page), so a page with known faults proves it is not blind.
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seriousA11yViolations } from './support/a11y';
import { launchBrowser, openPage } from './support/browser';

/** Two 10 px buttons side by side: too small, and too close to each other (WCAG 2.5.8). */
const tiny = 'display:inline-block;width:10px;height:10px;margin:0;padding:0;border:0;vertical-align:top';

const page = (body: string) => `<!doctype html><html lang="es"><head><title>Prueba</title></head><body><main><h1>Prueba</h1>${body}</main></body></html>`;

describe('the accessibility check', () => {
  let browser: Browser;
  let on: Page;
  beforeAll(async () => {
    browser = await launchBrowser();
    on = await openPage(browser, { width: 390, height: 844 });
  });
  afterAll(async () => {
    await browser?.close();
  });

  it('names each serious fault with the element it is on', async () => {
    await on.setContent(
      page(`
        <button id="sin-nombre"></button>
        <p id="gris" style="color:#bbb;background:#fff">Texto que casi no se lee</p>
        <label>Correo <input id="correo"></label><input id="sin-etiqueta">
        <div><button id="diminuto" style="${tiny}" aria-label="Cerrar"></button><button style="${tiny}" aria-label="Abrir"></button></div>`),
    );
    const found = await seriousA11yViolations(on, { targetSize: true });
    expect(found.find((line) => line.startsWith('button-name:'))).toContain('#sin-nombre');
    expect(found.find((line) => line.startsWith('color-contrast:'))).toContain('#gris');
    expect(found.find((line) => line.startsWith('label:'))).toContain('#sin-etiqueta');
    expect(found.find((line) => line.startsWith('target-size:'))).toContain('#diminuto');
  });

  it('finds nothing on a page without faults', async () => {
    await on.setContent(page('<label>Correo <input></label><button style="min-width:44px;min-height:44px">Guardar</button>'));
    expect(await seriousA11yViolations(on, { targetSize: true })).toEqual([]);
  });
});
