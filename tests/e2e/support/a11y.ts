import AxeBuilder from '@axe-core/playwright';
import type { Page } from 'playwright-core';

/**
 * axe's serious and critical violations on the page once it is still, one line each. A
 * notification fading in or out is half transparent, and its contrast would be judged mid-fade
 * rather than as the person reads it. So running transitions are awaited first (a fade can start a
 * frame or a stagger delay after its notification mounts: the page is still once two frames pass
 * with nothing left to finish), and a check during which something started to move (a
 * notification's auto-close, say) is run again.
 */
export async function seriousA11yViolations(page: Page, options: { targetSize?: boolean } = {}): Promise<string[]> {
  // `targetSize`: also 24×24 px targets (WCAG 2.5.8), a rule axe leaves off by default.
  const axe = new AxeBuilder({ page }).options(options.targetSize ? { rules: { 'target-size': { enabled: true } } } : {});
  for (let attempt = 1; ; attempt += 1) {
    await settled(page);
    const results = await axe.analyze();
    const moved = await page.evaluate(() => (window as { movedDuringCheck?: boolean }).movedDuringCheck === true);
    if (moved && attempt < 3) continue;
    return results.violations
      .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
      .map((violation) => `${violation.id}: ${violation.help} (${violation.nodes.map((node) => node.target.join(' ')).join(', ')})`);
  }
}

/** Resolves once no transition or finite animation runs, and watches for the next one to start. */
function settled(page: Page) {
  return page.evaluate(async () => {
    const nextFrame = () => new Promise((resolve) => requestAnimationFrame(resolve));
    // A spinner runs for ever: only what ends is awaited.
    const ending = () => document.getAnimations().filter((animation) => animation.effect?.getComputedTiming().endTime !== Infinity);
    for (let round = 0; round < 20; round += 1) {
      await Promise.all(ending().map((animation) => animation.finished.catch(() => undefined)));
      await nextFrame();
      await nextFrame();
      if (ending().length === 0) break;
    }
    const flags = window as { movedDuringCheck?: boolean; watchingMoves?: boolean };
    flags.movedDuringCheck = false;
    if (!flags.watchingMoves) {
      flags.watchingMoves = true;
      document.addEventListener('transitionstart', () => (flags.movedDuringCheck = true), true);
    }
  });
}
