import type { Page } from '@playwright/test';
import { findOrganization } from './fixtures.ts';
import { expect, test } from './support/test.ts';

/**
 * ADR 005: a public page's first load stays within 120 KB of JavaScript over the wire, counted
 * as Lighthouse counts it on its phone: every script the browser fetched (brotli, headers
 * included) by the time the page has hydrated and the network is quiet. The build's report
 * (apps/web/scripts/report-bundle-size.mjs) counts the chunks a page names; this counts what a
 * browser downloads, imports made at run time included.
 */
const BUDGET_KB = 120;

// Lighthouse's phone, at whichever width the project runs: the budget is a phone's.
test.use({ viewport: { width: 412, height: 823 }, isMobile: true, hasTouch: true });

async function scriptKilobytes(page: Page): Promise<{ total: number; scripts: string[] }> {
  await page.waitForLoadState('networkidle');
  return page.evaluate(() => {
    const scripts = performance
      .getEntriesByType('resource')
      .filter((entry) => new URL(entry.name).pathname.endsWith('.js'))
      .map((entry) => entry as PerformanceResourceTiming);
    return {
      total: scripts.reduce((sum, entry) => sum + entry.transferSize, 0) / 1024,
      scripts: scripts.map((entry) => `${new URL(entry.name).pathname} ${entry.transferSize}`),
    };
  });
}

test.describe('first load', () => {
  test('the home page loads at most 120 KB of JavaScript', async ({ page }) => {
    await page.goto('/');
    const { total, scripts } = await scriptKilobytes(page);
    // What a page must fetch before anything: at least the entry, the app's start and its route.
    expect(scripts.length).toBeGreaterThanOrEqual(3);
    expect(total, scripts.join('\n')).toBeLessThanOrEqual(BUDGET_KB);
  });

  test('a profile loads at most 120 KB of JavaScript', async ({ page, request }) => {
    // A demo profile with its links, categories and images, as visitors share them.
    const profile = await findOrganization(request, 'q=Aguas%20del%20Valle');
    await page.goto(`/organizations/${profile.id}`);
    const { total, scripts } = await scriptKilobytes(page);
    expect(scripts.length).toBeGreaterThanOrEqual(3);
    expect(total, scripts.join('\n')).toBeLessThanOrEqual(BUDGET_KB);
  });

  test('a role’s page loads at most 120 KB of JavaScript', async ({ page, request }) => {
    // A demo role with its pay, place and apply link (ADR 043).
    const organization = await findOrganization(request, 'q=Mvua%20Water%20Works');
    const roles = await request.get(`/api/organizations/${organization.id}/roles`);
    const [role] = ((await roles.json()) as { data: { id: string }[] }).data;
    await page.goto(`/organizations/${organization.id}/roles/${role!.id}`);
    const { total, scripts } = await scriptKilobytes(page);
    expect(scripts.length).toBeGreaterThanOrEqual(3);
    expect(total, scripts.join('\n')).toBeLessThanOrEqual(BUDGET_KB);
  });
});
