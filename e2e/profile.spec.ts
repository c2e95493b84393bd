import { randomUUID } from 'node:crypto';
import { expect, test } from './support/test.ts';
import { detailTexts, organizationEditorTexts } from '@si/contracts';
import {
  createOrganization,
  findOrganization,
  getOrganization,
  payThroughApi,
  uniqueName,
} from './fixtures.ts';
import { createVerifiedAccount, logIn, uniqueEmail } from './support/accounts.ts';

test.describe('organization profile', () => {
  test('shows every section of a profile with safe outbound links', async ({ page, request }) => {
    // A demo profile with a website and written category details.
    const summary = await findOrganization(request, 'q=Aguas%20del%20Valle');
    const organization = await getOrganization(request, summary.id);
    await page.goto(`/organizations/${organization.id}`);
    await expect(page).toHaveTitle(detailTexts.title(organization.name));
    await expect(page.getByRole('heading', { level: 1, name: organization.name })).toBeVisible();
    for (const heading of [
      detailTexts.about,
      detailTexts.details,
      detailTexts.categories,
      detailTexts.companyProperties,
      detailTexts.info,
    ]) {
      await expect(page.getByRole('heading', { name: heading, exact: true })).toBeVisible();
    }
    await expect(page.getByText(detailTexts.jumpTo)).toBeVisible();
    const external = page.locator('a[target="_blank"]');
    await expect.poll(() => external.count()).toBeGreaterThan(0);
    for (const link of await external.all()) {
      await expect(link).toHaveAttribute('rel', 'noopener noreferrer');
      // Through the product's redirect, which counts the click (ADR 031): it answers with the
      // profile's own link of that kind.
      const href = (await link.getAttribute('href'))!;
      expect(href).toMatch(
        new RegExp(`^/out/${organization.id}/(website|linkedin|twitter|blog|donate|volunteer)$`),
      );
      const followed = await request.get(href, { maxRedirects: 0 });
      expect(followed.status()).toBe(302);
      expect(followed.headers()['location']).toMatch(/^https?:\/\//);
    }
    await expect(page.getByRole('link', { name: detailTexts.backToResults })).toBeVisible();
  });

  test('offers scroll-to-top after scrolling beyond 500 px', async ({ page, request }) => {
    const summary = await findOrganization(request, 'q=Aguas%20del%20Valle');
    await page.goto(`/organizations/${summary.id}`);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    const toTop = page.getByRole('button', { name: 'Scroll to top' });
    await expect(toTop).toHaveCount(0);
    // Scrolls again until the page is scrolled that far: a scroll made while the page was still
    // laying out (or before the scroll listener was attached) must not decide the test.
    await expect
      .poll(async () => {
        await page.evaluate(() => window.scrollTo(0, 900));
        return page.evaluate(() => window.scrollY);
      })
      .toBeGreaterThan(500);
    await expect(toTop).toBeVisible();
    await toTop.click();
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBeLessThan(50);
  });

  test('shows its owner Edit and Delete as soon as it has loaded, without a tap or a scroll', async ({
    page,
    request,
  }, testInfo) => {
    const { email, password } = await createVerifiedAccount(
      request,
      uniqueEmail(testInfo, 'profile-owner'),
    );
    const organization = await createOrganization(request, uniqueName(testInfo, 'Owned'));
    await payThroughApi(request, organization.id);
    await logIn(page, email, password);

    // A new page load: whatever the sign-in form started is gone; nothing is touched from here.
    await page.goto(`/organizations/${organization.id}`);
    const actions = page.getByTestId('owner-actions');
    await expect(
      actions.getByRole('link', { name: organizationEditorTexts.editAction, exact: true }),
    ).toBeVisible();
    await expect(
      actions.getByRole('button', { name: organizationEditorTexts.deleteAction, exact: true }),
    ).toBeVisible();
    expect(await page.evaluate(() => window.scrollY)).toBe(0);
  });

  test('says Organization Not Found for an unknown id', async ({ page }) => {
    const id = randomUUID();
    const response = await page.goto(`/organizations/${id}`);
    expect(response?.status()).toBe(404);
    await expect(page.getByRole('heading', { name: detailTexts.notFoundHeading })).toBeVisible();
    await expect(page.getByText(detailTexts.notFoundBody(id))).toBeVisible();
    await expect(page).toHaveTitle(detailTexts.notFoundTitle);
  });

  test('sends link previews the profile name and image without JavaScript', async ({ request }) => {
    const summary = await findOrganization(request, 'q=Aguas%20del%20Valle');
    const html = await (await request.get(`/organizations/${summary.id}`)).text();
    expect(html).toContain(`<meta property="og:title" content="${summary.name} - Scaling Impact">`);
    // The profile's own share card (ADR 015), drawn by the server.
    const image = new RegExp(
      `<meta property="og:image" content="http://127\\.0\\.0\\.1:\\d+(/og/organizations/${summary.id}\\.png\\?v=\\d+)"`,
    ).exec(html);
    expect(image).not.toBeNull();
    expect(html).toContain('<meta name="twitter:card" content="summary_large_image">');
    const card = await request.get(image![1]!);
    expect(card.status()).toBe(200);
    expect(card.headers()['content-type']).toBe('image/png');
    expect(html).toContain('"@type":"Organization"');
  });
});
