import type { APIRequestContext } from '@playwright/test';
import { hiringTexts as texts } from '@si/contracts';
import { createOrganization, payThroughApi, uniqueName } from './fixtures.ts';
import { createVerifiedAccount, site, uniqueEmail } from './support/accounts.ts';
import { screenshot } from './support/screenshots.ts';
import { expect, test } from './support/test.ts';

/*
 * The directory's "Hiring" filter and each card's count of open roles (ADR 042): visitors
 * narrow the directory to organizations with an open role, with and without JavaScript, and a
 * card says how many it has. The roles are posted by their owner through the roles API.
 */

/** A published organization of the owner signed in on `request`, with `roles` open roles. */
async function organizationWithRoles(request: APIRequestContext, name: string, roles: number) {
  const organization = await createOrganization(request, name);
  await payThroughApi(request, organization.id);
  for (let n = 1; n <= roles; n += 1) {
    const posted = await request.post(`/api/organizations/${organization.id}/roles`, {
      data: {
        title: `Field coordinator ${n}`,
        kind: 'full_time',
        workplace: 'remote',
        description: 'Coordinates the reading clubs along the river.',
        apply: `https://example.org/jobs/${n}`,
      },
      headers: { origin: site },
    });
    expect(posted.ok(), await posted.text()).toBe(true);
  }
  return organization;
}

/** Three organizations under one searchable name: three open roles, one, and none. */
async function threeOrganizations(request: APIRequestContext, base: string) {
  await organizationWithRoles(request, `${base} Alder`, 3);
  await organizationWithRoles(request, `${base} Birch`, 1);
  await organizationWithRoles(request, `${base} Cedar`, 0);
}

test.describe('hiring organizations', () => {
  test('a visitor filters the directory to hiring organizations, and cards count their open roles', async ({
    page,
    request,
  }, testInfo) => {
    test.slow();
    await createVerifiedAccount(request, uniqueEmail(testInfo, 'hiring'));
    const base = uniqueName(testInfo, 'Orchard Works');
    await threeOrganizations(request, base);

    await page.goto(`/?q=${encodeURIComponent(base)}`);
    const cards = page.getByTestId('organization-card');
    await expect(cards).toHaveCount(3);
    await expect(cards.filter({ hasText: `${base} Alder` })).toContainText(texts.openRoles(3));
    await expect(cards.filter({ hasText: `${base} Birch` })).toContainText(texts.openRoles(1));
    await expect(cards.filter({ hasText: `${base} Cedar` })).not.toContainText('open role');
    expect(texts.openRoles(1)).toBe('1 open role');

    const toggle = page.getByRole('button', { name: /^Hiring/ });
    await expect(toggle).toHaveAccessibleName(`${texts.filterLabel}, ${texts.filterCount(2)}`);
    await expect(toggle).toHaveAttribute('data-count', '2');
    await expect(toggle).toHaveAttribute('aria-pressed', 'false');
    await screenshot(page, 'hiring-filter', { viewport: true });

    await toggle.click();
    await expect(page).toHaveURL(/hiring=true/);
    await expect(toggle).toHaveAttribute('aria-pressed', 'true');
    await expect(cards).toHaveCount(2);
    await expect(cards.filter({ hasText: `${base} Cedar` })).toHaveCount(0);
    const chips = page.getByRole('group', { name: 'Active filters' });
    await expect(chips.getByText(texts.filterChip, { exact: true })).toBeVisible();
    await screenshot(page, 'hiring-filter-on', { viewport: true });

    await chips.getByRole('button', { name: `Remove filter ${texts.filterChip}` }).click();
    await expect(page).not.toHaveURL(/hiring=/);
    await expect(toggle).toHaveAttribute('aria-pressed', 'false');
    await expect(cards).toHaveCount(3);
  });

  test.describe('without JavaScript', () => {
    test.use({ javaScriptEnabled: false });

    test('a visitor turns the filter on and off through the filter form', async ({
      page,
      request,
    }, testInfo) => {
      test.slow();
      await createVerifiedAccount(request, uniqueEmail(testInfo, 'hiring-nojs'));
      const base = uniqueName(testInfo, 'Linden Works');
      await threeOrganizations(request, base);

      await page.goto(`/?q=${encodeURIComponent(base)}`);
      const cards = page.getByTestId('organization-card');
      await expect(cards).toHaveCount(3);
      await expect(cards.filter({ hasText: `${base} Alder` })).toContainText(texts.openRoles(3));
      const toggle = page.getByRole('button', { name: /^Hiring/ });
      await expect(toggle).toHaveAccessibleName(`${texts.filterLabel}, ${texts.filterCount(2)}`);
      await toggle.click();
      await expect(page).toHaveURL(/hiring=true/);
      expect(new URL(page.url()).searchParams.get('q')).toBe(base);
      await expect(cards).toHaveCount(2);
      await expect(toggle).toHaveAttribute('aria-pressed', 'true');

      // Searching again keeps it: the form carries hiring=true.
      await page.getByRole('searchbox').fill(`${base} Birch`);
      await page.getByRole('searchbox').press('Enter');
      await expect(page).toHaveURL(/hiring=true/);
      await expect(cards).toHaveCount(1);

      await page
        .getByRole('group', { name: 'Active filters' })
        .getByRole('button', { name: `Remove filter ${texts.filterChip}` })
        .click();
      await expect(page).not.toHaveURL(/hiring=/);
      await expect(cards).toHaveCount(1);
    });
  });
});
