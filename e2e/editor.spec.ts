import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { APIRequestContext, Page, TestInfo } from '@playwright/test';
import sharp from 'sharp';
import { expect, test } from './support/test.ts';
import { detailTexts, organizationEditorTexts, urlFieldExamples, urlMessage } from '@si/contracts';
import { createOrganization, payThroughApi, uniqueName } from './fixtures.ts';
import { createVerifiedAccount, logIn, uniqueEmail } from './support/accounts.ts';
import { screenshot } from './support/screenshots.ts';

/*
 * The editor as an owner meets it in Chromium (ADR 019): URL fields judged on
 * leaving them by the server's rule, and a layout that stays compact at both widths.
 */

/** A verified owner, signed in on `page`, in the editor of a paid organization of theirs. */
async function openOwnEditor(page: Page, request: APIRequestContext, testInfo: TestInfo) {
  const { email, password } = await createVerifiedAccount(request, uniqueEmail(testInfo, 'editor'));
  const organization = await createOrganization(request, uniqueName(testInfo, 'Compact Co-op'));
  await payThroughApi(request, organization.id);
  await logIn(page, email, password);
  await page.goto(`/organizations/${organization.id}/edit`);
  await expect(
    page.getByRole('heading', { level: 1, name: organizationEditorTexts.editHeading }),
  ).toBeVisible();
  return organization;
}

test.describe('the editor', () => {
  test('judges a URL on leaving it as the server does, and drops the error once it is corrected', async ({
    page,
    request,
  }, testInfo) => {
    test.slow();
    await openOwnEditor(page, request, testInfo);
    const blog = page.getByLabel(organizationEditorTexts.blogLabel, { exact: true });
    const blogMessage = page.getByText(urlMessage(urlFieldExamples.blogUrl), { exact: true });

    // What the server refuses is refused on leaving the field, before any Save: a host with a
    // space, which Chromium's own URL parser would accept.
    for (const typed of ['not a url', 'https://exa mple.org']) {
      await blog.fill(typed);
      await blog.blur();
      await expect(blog).toHaveAttribute('aria-invalid', 'true');
      await expect(blogMessage).toBeVisible();
    }
    await blog.fill('');
    await blog.blur();
    await expect(blogMessage).toHaveCount(0);

    // Refused, and Save says why; corrected, 'https://' is put in front and the error goes.
    const website = page.getByLabel(organizationEditorTexts.websiteLabel, { exact: true });
    const websiteMessage = page.getByText(urlMessage(urlFieldExamples.websiteUrl), {
      exact: true,
    });
    await website.fill('javascript:alert(1)');
    await website.blur();
    await expect(websiteMessage).toBeVisible();
    await page.getByRole('button', { name: organizationEditorTexts.saveChanges }).click();
    await expect(page.getByTestId('editor-invalid')).toContainText(
      urlMessage(urlFieldExamples.websiteUrl),
    );
    await website.fill('example.org');
    await website.blur();
    await expect(website).toHaveValue('https://example.org');
    await expect(website).not.toHaveAttribute('aria-invalid', 'true');
    await expect(websiteMessage).toHaveCount(0);
    await expect(page.getByTestId('editor-invalid')).toHaveCount(0);
  });

  test('keeps its image picker readable and its Save bar to one row', async ({
    page,
    request,
  }, testInfo) => {
    test.slow();
    const folder = await mkdtemp(join(tmpdir(), 'si-e2e-'));
    try {
      await openOwnEditor(page, request, testInfo);

      // The Save/Cancel bar: one row, one button high (it was two stacked, 130 px, on phones).
      const bar = page.getByTestId('editor-actions');
      await expect(bar).toBeVisible();
      const { height } = (await bar.boundingBox())!;
      expect(height).toBeLessThanOrEqual(80);

      // Each image field: 'Choose image', its whole text shown, then the chosen file's name.
      const logoField = page.getByTestId('image-logo');
      for (const field of [logoField, page.getByTestId('image-banner')]) {
        const choose = field.getByTestId('choose-image');
        await expect(choose).toHaveText(organizationEditorTexts.chooseImage);
        await expect(choose).toBeVisible();
        const cut = await choose.evaluate(
          (element) =>
            element.scrollWidth > element.clientWidth ||
            element.getBoundingClientRect().right >
              element.parentElement!.parentElement!.getBoundingClientRect().right + 0.5,
        );
        expect(cut).toBe(false);
      }
      await expect(
        page.getByRole('region', { name: organizationEditorTexts.imagesHeading }),
      ).toContainText(organizationEditorTexts.imagesSavedAtOnce);

      const logo = join(folder, 'riverbank-logo.png');
      await sharp({
        create: { width: 300, height: 300, channels: 3, background: '#2a6f97' },
      })
        .png()
        .toFile(logo);
      await page.getByLabel(organizationEditorTexts.logoLabel, { exact: true }).setInputFiles(logo);
      await expect(logoField.getByText('riverbank-logo.png')).toBeVisible();
      await expect(
        logoField.getByAltText(organizationEditorTexts.previewAlt('logo')),
      ).toBeVisible();
      await screenshot(page, 'editor-compact');
    } finally {
      await rm(folder, { recursive: true, force: true });
    }
  });

  test('sets a donate link that the profile shows under Support, followed through the counted redirect', async ({
    page,
    request,
  }, testInfo) => {
    test.slow();
    const organization = await openOwnEditor(page, request, testInfo);
    const donate = page.getByLabel(organizationEditorTexts.donateLabel, { exact: true });
    await expect(
      page.getByLabel(organizationEditorTexts.volunteerLabel, { exact: true }),
    ).toBeVisible();
    // Judged as the other links are, and completed with https:// on leaving it.
    await donate.fill('javascript:alert(1)');
    await donate.blur();
    await expect(
      page.getByText(urlMessage(urlFieldExamples.donateUrl), { exact: true }),
    ).toBeVisible();
    await donate.fill('give.example.org/now');
    await donate.blur();
    await expect(donate).toHaveValue('https://give.example.org/now');
    await page
      .getByLabel(organizationEditorTexts.websiteLabel, { exact: true })
      .fill('https://riverside.example.org');
    await page.getByRole('button', { name: organizationEditorTexts.saveChanges }).click();

    // The profile opens after the save: Support, beside Connect, holds Donate alone (no
    // volunteer link was set).
    await expect(page).toHaveURL(new RegExp(`/organizations/${organization.id}$`));
    await expect(page.getByRole('region', { name: detailTexts.connect })).toBeVisible();
    const support = page.getByRole('region', { name: detailTexts.support });
    const link = support.getByRole('link', { name: new RegExp(detailTexts.donate) });
    await expect(link).toHaveAttribute('href', `/out/${organization.id}/donate`);
    await expect(link).toHaveAttribute('target', '_blank');
    await expect(link).toHaveAttribute('rel', 'noopener noreferrer');
    await expect(support.getByRole('link')).toHaveCount(1);
    await screenshot(page, 'profile-support-links');

    // Followed: the new tab asks the product's redirect, which sends it on to the link.
    const asked: string[] = [];
    page.context().on('request', (sent) => asked.push(sent.url()));
    await page
      .context()
      .route('https://give.example.org/**', (route) =>
        route.fulfill({ contentType: 'text/html', body: '<title>Give</title>' }),
      );
    const [tab] = await Promise.all([page.context().waitForEvent('page'), link.click()]);
    await tab.waitForURL('https://give.example.org/now');
    expect(asked).toContainEqual(expect.stringMatching(`/out/${organization.id}/donate$`));
  });
});
