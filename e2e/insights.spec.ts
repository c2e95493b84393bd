import { expect, test } from './support/test.ts';
import { insightsTexts, unsubscribeTexts } from '@si/contracts';
import { createOrganization, getOrganization, payThroughApi, uniqueName } from './fixtures.ts';
import { createVerifiedAccount, logIn, site, uniqueEmail } from './support/accounts.ts';
import { expectNoSeriousAxeViolations as audit } from './support/axe-audit.ts';
import { screenshot } from './support/screenshots.ts';

/*
 * An owner reads what their profile earned (ADR 031): a visitor's view and click, counted on
 * the server, show in the totals, the chart and the clicks by link; the period switches; the
 * monthly summary turns off.
 */

// Headless Chromium says so in its user agent, and is rightly counted as a bot.
const PERSON =
  'Mozilla/5.0 (Macintosh; Intel Mac OS X 14_5) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36';

test('an owner sees a visit and a click on their profile, by day and by link, and turns off the monthly email', async ({
  page,
  browser,
  request,
}, testInfo) => {
  test.slow();
  const { email, password } = await createVerifiedAccount(request, uniqueEmail(testInfo, 'ins'));
  const name = uniqueName(testInfo, 'Insight Orchard');
  const organization = await createOrganization(request, name);
  await payThroughApi(request, organization.id);
  // Links are added by an edit, as in the editor.
  const paid = await getOrganization(request, organization.id);
  const saved = await request.put(`/api/organizations/${organization.id}`, {
    data: {
      version: paid.version,
      name,
      description: paid.description,
      country: paid.country,
      foundedYear: null,
      websiteUrl: 'https://insight-orchard.example.org/',
      linkedinUrl: null,
      twitterUrl: null,
      blogUrl: null,
      categoryIds: paid.categoryIds,
    },
    headers: { origin: site },
  });
  expect(saved.status()).toBe(200);

  // A visitor on a device of their own: the profile page, then its website link.
  const visitor = await browser.newContext({ userAgent: PERSON, baseURL: site });
  const visit = await visitor.newPage();
  await visit.goto(`/organizations/${organization.id}`);
  const website = visit.getByRole('link', { name: /insight-orchard\.example\.org/ });
  await expect(website).toHaveAttribute('href', `/out/${organization.id}/website`);
  const followed = await visitor.request.get(`/out/${organization.id}/website`, {
    maxRedirects: 0,
  });
  expect(followed.status()).toBe(302);
  expect(followed.headers()['location']).toBe('https://insight-orchard.example.org/');
  await visitor.close();

  await logIn(page, email, password);
  await page.goto('/dashboard/organizations');
  await page.getByRole('link', { name: `${insightsTexts.open} ${name}` }).click();
  await expect(page).toHaveURL(new RegExp(`/dashboard/organizations/${organization.id}/insights`));
  await expect(page.getByRole('heading', { name: insightsTexts.title(name) })).toBeVisible();
  // The visit and the click were counted; the owner's own look at the dashboard was not.
  await expect(page.getByTestId('insights-total-views')).toContainText('1');
  await expect(page.getByTestId('insights-total-clicks')).toContainText('1');
  await expect(page.getByTestId('insights-clicks-website')).toHaveText('1');
  await expect(page.getByTestId('insights-total-views')).toContainText(insightsTexts.change(1, 0));
  await expect(page.getByTestId('insights-chart')).toBeVisible();
  await expect(
    page.getByRole('img', { name: insightsTexts.chartLabel(insightsTexts.metrics.views, 30) }),
  ).toBeVisible();
  await audit(page);
  await screenshot(page, 'dashboard-insights');

  // Seven days, kept in the address; the clicks' chart.
  await page.getByRole('button', { name: insightsTexts.lastDays(7) }).click();
  await expect(page).toHaveURL(/days=7/);
  await page.getByTestId('insights-total-clicks').click();
  await expect(
    page.getByRole('img', { name: insightsTexts.chartLabel(insightsTexts.metrics.clicks, 7) }),
  ).toBeVisible();
  await page.getByText(insightsTexts.showTable).click();
  await expect(page.getByRole('table')).toContainText(insightsTexts.metrics.clicks);

  // The CSV holds today's row with the view and the click.
  const csv = await page.request.get(`/api/organizations/${organization.id}/insights.csv?days=7`);
  expect(csv.ok()).toBe(true);
  const today = new Date().toISOString().slice(0, 10);
  expect(await csv.text()).toContain(`${today},people,1,0,1,0,0,0,0`);

  const monthly = page.getByRole('checkbox', { name: insightsTexts.monthlyEmail });
  await expect(monthly).toBeChecked();
  await monthly.uncheck();
  await expect(page.getByText(insightsTexts.monthlyEmailSaved(false))).toBeVisible();
  await page.reload();
  await expect(page.getByRole('checkbox', { name: insightsTexts.monthlyEmail })).not.toBeChecked();
});

test(
  "another owner's insights are not found",
  { tag: '@desktop-only' },
  async ({ page, request }, testInfo) => {
    await createVerifiedAccount(request, uniqueEmail(testInfo, 'ins-a'));
    const organization = await createOrganization(request, uniqueName(testInfo, 'Private Pear'));
    // Another owner, signed in by creating the account through the page's own request context.
    await createVerifiedAccount(page.request, uniqueEmail(testInfo, 'ins-b'));
    await page.goto(`/dashboard/organizations/${organization.id}/insights`);
    await expect(page.getByText(insightsTexts.notFoundTitle)).toBeVisible();
    await expect(page.getByText(insightsTexts.notFound)).toBeVisible();
    await screenshot(page, 'dashboard-insights-not-found');
  },
);

test('the unsubscribe link ends on a page that says what happened', async ({ page }) => {
  await page.goto('/api/insights/unsubscribe?organization=not-an-id&token=forged');
  await expect(page).toHaveURL(/\/unsubscribed\?list=insights&error=invalid/);
  await expect(
    page.getByRole('heading', { level: 1, name: unsubscribeTexts.insights.invalidTitle }),
  ).toBeVisible();
  await screenshot(page, 'insights-unsubscribe-invalid');
});
