import type { APIRequestContext, Page } from '@playwright/test';
import { roleListTexts as texts } from '@si/contracts';
import {
  createOrganization,
  isPhone,
  openRoleFilters,
  payThroughApi,
  uniqueName,
} from './fixtures.ts';
import { createVerifiedAccount, site, uniqueEmail } from './support/accounts.ts';
import { screenshot } from './support/screenshots.ts';
import { expect, test } from './support/test.ts';

/*
 * /roles (ADR 044): every open role of published organizations, filtered by kind and country
 * with and without JavaScript, paged, each role linking to its page. The roles are posted by
 * their owner through the roles API, under one organization with a unique name: a search for
 * it lists them alone.
 */

const roles = [
  { title: 'Policy analyst', kind: 'contract', workplace: 'on_site', country: 'FR', city: 'Paris' },
  {
    title: 'Reading teacher',
    kind: 'full_time',
    workplace: 'on_site',
    country: 'KE',
    city: 'Nairobi',
  },
  { title: 'Remote researcher', kind: 'internship', workplace: 'remote', remoteCountries: ['FR'] },
];

/** A published organization named `name` with the three roles; their ids by title. */
async function organizationHiring(request: APIRequestContext, name: string) {
  const organization = await createOrganization(request, name);
  await payThroughApi(request, organization.id);
  const ids: Record<string, string> = {};
  for (const role of roles) {
    const posted = await request.post(`/api/organizations/${organization.id}/roles`, {
      data: {
        ...role,
        description: 'Work along the river with the reading clubs.',
        apply: 'https://example.org/jobs',
      },
      headers: { origin: site },
    });
    expect(posted.ok(), await posted.text()).toBe(true);
    ids[role.title] = ((await posted.json()) as { data: { id: string } }).data.id;
  }
  return { organizationId: organization.id, ids };
}

const rows = (page: Page) => page.getByTestId('role-list').getByRole('listitem');

/**
 * Sends the filter form without JavaScript: the sheet's 'Show N roles' on a phone (the page
 * comes back with it closed), the sidebar's 'Show roles' on a wide screen.
 */
async function sendFilters(page: Page) {
  await page
    .getByRole('button', { name: isPhone(page) ? /^Show \d+ roles?$/ : texts.apply })
    .click();
}

test.describe('the list of open roles', () => {
  test('a visitor filters by kind and country, loads more, and opens a role', async ({
    page,
    request,
  }, testInfo) => {
    test.slow();
    await createVerifiedAccount(request, uniqueEmail(testInfo, 'roles-list'));
    const name = uniqueName(testInfo, 'Tidewater Trust');
    const { organizationId, ids } = await organizationHiring(request, name);

    await page.goto('/');
    await page.getByRole('contentinfo').getByRole('link', { name: texts.navLink }).click();
    await expect(page).toHaveURL(/\/roles$/);
    await expect(rows(page)).toHaveCount(24);
    await page.getByRole('link', { name: texts.loadMore }).click();
    await expect(rows(page)).toHaveCount(48);
    await screenshot(page, 'roles-list');

    await page.goto(`/roles?q=${encodeURIComponent(name)}`);
    await expect(page.getByText(texts.count(3))).toBeVisible();
    await expect(rows(page).first()).toContainText('Remote researcher');
    await expect(rows(page).first()).toContainText(name);
    await expect(rows(page).first()).toContainText('Internship');
    await expect(rows(page).first()).toContainText(texts.remoteIn('France'));

    await openRoleFilters(page);
    await page.getByRole('checkbox', { name: 'Contract' }).check();
    await expect(page).toHaveURL(/kind=contract/);
    await expect(rows(page)).toHaveCount(1);
    await expect(rows(page)).toContainText('Policy analyst');
    await expect(rows(page)).toContainText('Paris, France');

    await page.getByRole('checkbox', { name: 'Contract' }).uncheck();
    await page.getByLabel(texts.countryLabel).selectOption('FR');
    await expect(page).toHaveURL(/country=FR/);
    await expect(page.getByText(texts.count(2))).toBeVisible();
    await expect(rows(page)).toHaveText([/Remote researcher/, /Policy analyst/]);

    await page.getByRole('checkbox', { name: 'Full-time' }).check();
    await expect(page.getByText(texts.emptyTitle)).toBeVisible();
    await expect(page.getByText(texts.count(0))).toBeVisible();

    await page.getByRole('checkbox', { name: 'Full-time' }).uncheck();
    // On a phone the sheet covers the list until 'Show N roles' closes it onto it.
    if (isPhone(page)) await page.getByRole('button', { name: texts.showResults(2) }).click();
    await page.getByRole('link', { name: 'Policy analyst' }).click();
    await expect(page).toHaveURL(`/organizations/${organizationId}/roles/${ids['Policy analyst']}`);
  });

  test.describe('without JavaScript', () => {
    test.use({ javaScriptEnabled: false });

    test('the filter form and the next-page link work as plain HTML', async ({
      page,
      request,
    }, testInfo) => {
      test.slow();
      await createVerifiedAccount(request, uniqueEmail(testInfo, 'roles-list-nojs'));
      const name = uniqueName(testInfo, 'Saltmarsh Trust');
      await organizationHiring(request, name);

      await page.goto('/roles');
      await expect(rows(page)).toHaveCount(24);
      const first = await rows(page).first().textContent();
      await page.getByRole('link', { name: texts.nextPage }).click();
      await expect(page).toHaveURL(/cursor=/);
      await expect(rows(page)).toHaveCount(24);
      await expect(rows(page).first()).not.toHaveText(first!);

      await page.goto(`/roles?q=${encodeURIComponent(name)}`);
      await expect(rows(page)).toHaveCount(3);
      await openRoleFilters(page);
      await page.getByRole('checkbox', { name: 'Contract' }).check();
      await page.getByRole('checkbox', { name: 'Internship' }).check();
      await sendFilters(page);
      await expect(page).toHaveURL(/kind=contract/);
      await expect(page.getByText(texts.count(2))).toBeVisible();

      await openRoleFilters(page);
      await page.getByRole('checkbox', { name: 'Internship' }).uncheck();
      await page.getByRole('checkbox', { name: 'Contract' }).uncheck();
      await page.getByLabel(texts.countryLabel).selectOption('KE');
      await sendFilters(page);
      await expect(page).toHaveURL(/country=KE/);
      await expect(rows(page)).toHaveCount(1);
      await expect(rows(page)).toContainText('Reading teacher');
      await expect(rows(page)).toContainText('Nairobi, Kenya');
      await screenshot(page, 'roles-list-filtered');
    });
  });
});
