import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from '@playwright/test';
import { findOrganization } from './fixtures.ts';

test.describe('accessibility', () => {
  const audit = async (page: Page) => {
    const results = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa']).analyze();
    const serious = results.violations.filter(
      (v) => v.impact === 'serious' || v.impact === 'critical',
    );
    expect(
      serious.map(
        (v) =>
          `${v.id}: ${v.nodes
            .map((n) => n.target.join(' '))
            .slice(0, 3)
            .join(', ')}`,
      ),
    ).toEqual([]);
  };

  test('home has no serious WCAG A/AA violations', async ({ page }) => {
    await page.goto('/');
    await expect(page.getByTestId('organization-card').first()).toBeVisible();
    await audit(page);
  });

  test('a profile has no serious WCAG A/AA violations', async ({ page, request }) => {
    const summary = await findOrganization(request, 'q=Aguas%20del%20Valle');
    await page.goto(`/organizations/${summary.id}`);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await audit(page);
  });
});
