import { chromium, type Browser, type Locator, type Page } from 'playwright-core';

/**
 * Debian's Chromium, headless, with the flags that keep it off the closed network.
 * playwright-core gives every launch a fresh, empty profile directory of its own.
 */
export async function launchBrowser(): Promise<Browser> {
  return chromium.launch({
    executablePath: process.env.CHROME_PATH ?? '/usr/bin/chromium',
    headless: true,
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
    ],
  });
}

/** A page in its own context (own storage), as axe requires. */
export async function openPage(browser: Browser, viewport = { width: 1440, height: 900 }): Promise<Page> {
  const context = await browser.newContext({ viewport });
  return context.newPage();
}

/** Whether the image `image` locates has loaded real pixels (a lazy one only once near the screen). */
export const imageLoaded = (image: Locator) => image.evaluate((element) => (element as HTMLImageElement).naturalWidth > 0);

/** Whether every image matched by `selector` has loaded real pixels. */
export const imagesLoaded = (page: Page, selector: string) =>
  page.$$eval(selector, (images) => images.length > 0 && images.every((image) => (image as HTMLImageElement).naturalWidth > 0));

/**
 * Waits until nothing on the page moves: no transition or finite animation left once two frames
 * have passed (a fade can start a frame after its element mounts), so a screenshot or axe sees an
 * opening dialog as the person does. A spinner runs for ever and is not waited for.
 */
export const motionless = (page: Page) =>
  page.evaluate(async () => {
    const nextFrame = () => new Promise((resolve) => requestAnimationFrame(resolve));
    const ending = () => document.getAnimations().filter((animation) => animation.effect?.getComputedTiming().endTime !== Infinity);
    for (let round = 0; round < 20; round += 1) {
      await Promise.all(ending().map((animation) => animation.finished.catch(() => undefined)));
      await nextFrame();
      await nextFrame();
      if (ending().length === 0) return;
    }
  });
