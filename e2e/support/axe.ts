import AxeBuilder from '@axe-core/playwright';
import { expect, type Page } from '@playwright/test';

// WCAG 2.2 A and AA: the level the product promises.
const WCAG_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'];

interface A11yOptions {
  /** CSS selectors to leave out, e.g. a third-party payment iframe the product cannot fix. */
  exclude?: string[];
}

/**
 * Fails the test when axe-core finds a serious or critical WCAG violation on the page as it is now.
 * Moderate and minor findings are reported by axe but do not fail a journey.
 */
export async function expectNoSeriousA11yViolations(page: Page, options: A11yOptions = {}): Promise<void> {
  // A dialog fading in blends its colours with the page beneath; axe would measure a contrast nobody
  // sees once it has settled. Finite transitions end first; spinners and skeletons loop forever.
  // Two frames first, so that a transition just triggered (a dialog starting to close) has begun and is seen.
  await page.evaluate(
    () => new Promise<void>((resolve) => requestAnimationFrame(() => requestAnimationFrame(() => resolve()))),
  );
  await page.waitForFunction(
    () =>
      document
        .getAnimations()
        .every(
          (animation) =>
            animation.playState !== 'running' || animation.effect?.getComputedTiming().endTime === Infinity,
        ) &&
      // A backdrop half-way through fading still tints the page beneath it.
      Array.from(document.querySelectorAll('.MuiBackdrop-root')).every((element) => {
        const opacity = Number(getComputedStyle(element).opacity);
        return opacity === 0 || opacity === 1;
      }),
  );
  // Legacy mode runs axe in the page itself: the pages hold no frames of their own (a payment provider's frames
  // are excluded), and the default mode opens a second page per check to merge frames' results, which cost a
  // second or more of a loaded machine for every check.
  let builder = new AxeBuilder({ page }).withTags(WCAG_TAGS).setLegacyMode(true);
  for (const selector of options.exclude ?? []) builder = builder.exclude(selector);
  // Held still while axe reads the page: a transition starting meanwhile (a snackbar hiding itself after its
  // few seconds) jumps to its end instead of showing axe a half-faded alert. A constructed style sheet, which
  // the page's Content-Security-Policy allows (an inline <style> it would not).
  await page.evaluate(() => {
    const still = new CSSStyleSheet();
    still.replaceSync('*, *::before, *::after { transition: none !important; }');
    document.adoptedStyleSheets = [...document.adoptedStyleSheets, still];
    (window as { axeStill?: CSSStyleSheet }).axeStill = still;
  });
  const { violations } = await builder.analyze().finally(() =>
    page.evaluate(() => {
      const still = (window as { axeStill?: CSSStyleSheet }).axeStill;
      document.adoptedStyleSheets = document.adoptedStyleSheets.filter((sheet) => sheet !== still);
    }),
  );

  const serious = violations
    .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
    // A readable summary rather than axe's full result, so that a failure says what to fix and where.
    .map((violation) => ({
      rule: violation.id,
      impact: violation.impact,
      help: violation.help,
      where: violation.nodes.map((node) => node.target.join(' ')),
    }));

  expect(serious, `accessibility violations on ${page.url()}`).toEqual([]);
}
