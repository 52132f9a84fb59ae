import AxeBuilder from '@axe-core/playwright';
import type { Page } from 'playwright-core';

/**
 * axe's serious and critical violations on the page once it is still, one line each. Running
 * transitions are awaited first: a notification fading in is half transparent, and its contrast
 * would be judged mid-fade rather than as the person reads it.
 */
export async function seriousA11yViolations(page: Page, options: { targetSize?: boolean } = {}): Promise<string[]> {
  await page.evaluate(() =>
    Promise.all(
      document
        .getAnimations()
        // A spinner runs for ever: only what ends is awaited.
        .filter((animation) => animation.effect?.getComputedTiming().endTime !== Infinity)
        .map((animation) => animation.finished.catch(() => undefined)),
    ),
  );
  // `targetSize`: also 24×24 px targets (WCAG 2.5.8), a rule axe leaves off by default.
  const results = await new AxeBuilder({ page }).options(options.targetSize ? { rules: { 'target-size': { enabled: true } } } : {}).analyze();
  return results.violations
    .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
    .map((violation) => `${violation.id}: ${violation.help} (${violation.nodes.map((node) => node.target.join(' ')).join(', ')})`);
}
