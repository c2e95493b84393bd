import AxeBuilder from '@axe-core/playwright';
import { expect, type Page } from '@playwright/test';

/**
 * No serious or critical WCAG A/AA violation on the page as it rests: a dialog or menu fading
 * in has text at partial opacity, which axe would report as low contrast, so running animations
 * are waited for first. Endless animations (spinners, skeletons) are not waited.
 */
export async function expectNoSeriousAxeViolations(
  page: Page,
  /** Rules that fail the audit whatever impact axe gives them (some are only 'moderate'). */
  { alsoRules = [] }: { alsoRules?: string[] } = {},
): Promise<void> {
  await expect
    .poll(() =>
      page.evaluate(() =>
        document
          .getAnimations()
          .filter((animation) => animation.effect?.getComputedTiming().endTime !== Infinity)
          .every((animation) => animation.playState !== 'running'),
      ),
    )
    .toBe(true);
  const results = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa']).analyze();
  const serious = results.violations.filter(
    (violation) =>
      violation.impact === 'serious' ||
      violation.impact === 'critical' ||
      alsoRules.includes(violation.id),
  );
  expect(
    serious.map(
      (violation) =>
        `${violation.id}: ${violation.nodes
          .map((node) => node.target.join(' '))
          .slice(0, 3)
          .join(', ')}`,
    ),
  ).toEqual([]);
}
