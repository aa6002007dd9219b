/**
 * WCAG 2.1 AA check of what a page shows now (axe-core through @axe-core/playwright, issue 15): a serious or
 * critical violation fails the test, with each offending rule, its help text and the elements it found.
 * Moderate and minor findings are left to review.
 */
import AxeBuilder from '@axe-core/playwright';
import type { Page } from 'playwright-core';

const WCAG_AA_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice'];

interface A11yFinding {
  rule: string;
  impact: string;
  help: string;
  targets: string[];
}

/**
 * Waits (up to 5 s) until no transition or animation with an end is running: a dialog fading in is judged as it
 * will be seen, not half transparent (its colours would fail contrast mid-fade). Spinners, which never end, do not
 * count.
 */
async function animationsSettled(page: Page): Promise<void> {
  await page
    .waitForFunction(
      () =>
        document
          .getAnimations()
          .every(
            (animation) =>
              animation.playState !== 'running' ||
              animation.effect?.getComputedTiming().endTime === Number.POSITIVE_INFINITY,
          ),
      undefined,
      { timeout: 5_000, polling: 50 },
    )
    .catch(() => undefined);
}

/** Serious and critical WCAG 2.1 AA violations on the page as it is now, once its transitions have finished. */
async function seriousA11yViolations(page: Page): Promise<A11yFinding[]> {
  await animationsSettled(page);
  const results = await new AxeBuilder({ page }).withTags(WCAG_AA_TAGS).analyze();
  return results.violations
    .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
    .map((violation) => ({
      rule: violation.id,
      impact: violation.impact ?? '',
      help: violation.help,
      targets: violation.nodes
        .slice(0, 5)
        .map((node) => `${node.target.join(' ')} (${node.failureSummary?.split('\n')[1]?.trim() ?? ''})`),
    }));
}

/** Throws, listing every finding, when the page has a serious or critical accessibility violation. */
export async function expectNoSeriousA11yViolations(page: Page, label = page.url()): Promise<void> {
  const findings = await seriousA11yViolations(page);
  if (findings.length === 0) return;
  const lines = findings.map((f) => `- ${f.impact} ${f.rule}: ${f.help}\n    ${f.targets.join('\n    ')}`);
  throw new Error(`accessibility violations on ${label}:\n${lines.join('\n')}`);
}
