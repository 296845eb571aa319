// axe-core (@axe-core/playwright) over one page for the WCAG 2.0/2.1 A and AA rules, as the browser tests
// run it. Two settings make each run cheaper without changing what it checks:
// - legacy mode: axe.run in the page itself. By default @axe-core/playwright runs axe.runPartial in every
//   frame, then opens a blank page, injects axe-core (half a megabyte of script) there again and hands it every
//   frame's results to finish the run — a new page and renderer for each check. The product's pages have no
//   frames (no <iframe> anywhere under src/), so the one frame's run is the whole run; a page that gains a
//   frame makes `violations` throw, so that frame is never skipped silently.
// - only the violations are gathered (set before the tags: `options` replaces every option set before it) (axe's `resultTypes`): the same rules run over the same elements, but the
//   passes, incomplete and inapplicable results keep one element each instead of every element they looked
//   at, so far less is collected and carried back. The violations are reported in full.
import { AxeBuilder } from '@axe-core/playwright';
import type { Page } from 'playwright-core';

export const WCAG_AA = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'];

/** axe-core's violations of WCAG 2.0/2.1 A and AA on the page, as axe reports them. */
export async function wcagViolations(page: Page): Promise<Awaited<ReturnType<AxeBuilder['analyze']>>['violations']> {
  const frames = page.frames().length;
  if (frames !== 1) throw new Error(`${page.url()} has ${frames - 1} frame(s): axe's legacy mode would check only the page itself (test/adapters/web/support/axe.ts)`);
  const results = await new AxeBuilder({ page }).options({ resultTypes: ['violations'] }).withTags(WCAG_AA).setLegacyMode().analyze();
  return results.violations;
}
