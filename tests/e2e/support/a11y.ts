import AxeBuilder from '@axe-core/playwright';
import type { Page } from 'playwright-core';
import { motionless } from './browser';

/**
 * axe's serious and critical violations on the page once it is still, one line each. A
 * notification fading in or out is half transparent, and its contrast would be judged mid-fade
 * rather than as the person reads it. So the page is first left to stop moving, and a check during
 * which something started to move (a notification's auto-close, say) is run again.
 */
export async function seriousA11yViolations(page: Page, options: { targetSize?: boolean } = {}): Promise<string[]> {
  // `targetSize`: also 24×24 px targets (WCAG 2.5.8), a rule axe leaves off by default.
  // Only violations are detailed (a CSS selector built and sent for each), not every element that
  // passed. Legacy mode runs axe in the page itself rather than on a blank page opened to merge the
  // frames' results: the panel has no frames. Together they make a check about twice as quick, and
  // the violations found are the same.
  const axe = new AxeBuilder({ page })
    .options({ resultTypes: ['violations'], ...(options.targetSize ? { rules: { 'target-size': { enabled: true } } } : {}) })
    .setLegacyMode(true);
  for (let attempt = 1; ; attempt += 1) {
    await motionless(page);
    await watchForMoves(page);
    const results = await axe.analyze();
    // Raised during the check, or still moving at its end (a fade that began as axe read the page).
    const moved = await page.evaluate(
      () =>
        (window as { movedDuringCheck?: boolean }).movedDuringCheck === true ||
        document.getAnimations().some((animation) => animation.effect?.getComputedTiming().endTime !== Infinity),
    );
    if (moved && attempt < 5) continue;
    return results.violations
      .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
      .map((violation) => `${violation.id}: ${violation.help} (${violation.nodes.map((node) => node.target.join(' ')).join(', ')})`);
  }
}

/**
 * Clears the page's flag, and raises it when a transition starts from now on. Something that began
 * to move after `motionless` returned (a notification mounted in between) raises it at once: its
 * start went unwatched.
 */
function watchForMoves(page: Page) {
  return page.evaluate(() => {
    const flags = window as { movedDuringCheck?: boolean; watchingMoves?: boolean };
    flags.movedDuringCheck = document.getAnimations().some((animation) => animation.effect?.getComputedTiming().endTime !== Infinity);
    if (!flags.watchingMoves) {
      flags.watchingMoves = true;
      document.addEventListener('transitionstart', () => (flags.movedDuringCheck = true), true);
    }
  });
}
