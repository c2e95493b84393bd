import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Page } from '@playwright/test';
import { expect, test } from './support/test.ts';
import sharp from 'sharp';
import {
  COMPANY_PROPERTIES_GROUP_ID,
  dashboardTexts,
  formatAmount,
  imageMessages,
  organizationEditorTexts,
  organizationFormMessages,
  paymentTexts,
  plans,
} from '@si/contracts';
import { createOrganization, findOrganization, isPhone, onePerGroup } from './fixtures.ts';
import { createVerifiedAccount, logIn, site, uniqueEmail } from './support/accounts.ts';
import { expectNoSeriousAxeViolations } from './support/axe-audit.ts';
import { screenshot } from './support/screenshots.ts';

const audit = expectNoSeriousAxeViolations;

/** Chooses a category in the picker (its checkbox is inside the visible pill). */
async function choose(page: Page, name: string) {
  await page
    .locator('label')
    .filter({ has: page.getByRole('checkbox', { name, exact: true }) })
    .click();
  await expect(page.getByRole('checkbox', { name, exact: true })).toBeChecked();
}

/** A PNG of the given size, drawn by sharp into a temporary folder. */
async function makePng(folder: string, name: string, width: number, height: number) {
  const path = join(folder, name);
  await sharp({
    create: { width, height, channels: 3, background: { r: 15, g: 94, b: 87 } },
  })
    .composite([
      {
        input: Buffer.from(
          `<svg width="${width}" height="${height}"><circle cx="${width / 2}" cy="${height / 2}" r="${Math.min(width, height) / 3}" fill="#f5c26b"/></svg>`,
        ),
      },
    ])
    .png()
    .toFile(path);
  return path;
}

/** The chosen categories' names, in their profile order, as the editor lists them. */
async function chosenOrder(page: Page) {
  return page.getByTestId('chosen-category-name').allTextContents();
}

test.describe('organizations', () => {
  test('a verified user creates an organization, completes every field, and sees it on the profile', async ({
    page,
    request,
  }, testInfo) => {
    // An emailed account, two forms, four uploads and two audits.
    test.slow();
    const folder = await mkdtemp(join(tmpdir(), 'si-e2e-'));
    try {
      const { email, password } = await createVerifiedAccount(
        request,
        uniqueEmail(testInfo, 'owner'),
      );
      const picks = await onePerGroup(request);
      await logIn(page, email, password);

      // The create form: the three required-field messages first.
      await page.goto('/submit-organization');
      await expect(
        page.getByRole('heading', { level: 1, name: organizationEditorTexts.submitHeading }),
      ).toBeVisible();
      await page.getByRole('button', { name: organizationEditorTexts.createButton }).click();
      await expect(page.getByText(organizationFormMessages.nameRequired)).toBeVisible();
      await expect(page.getByText(organizationFormMessages.descriptionRequired)).toBeVisible();
      await expect(page.getByText(organizationFormMessages.countryRequired)).toBeVisible();
      const name = page.getByLabel(organizationEditorTexts.nameLabel, { exact: true });
      await expect(name).toBeFocused();
      await expect(name).toHaveAttribute('aria-invalid', 'true');
      await audit(page);
      await screenshot(page, 'submit');

      const orgName = `Riverbank Learning ${testInfo.project.name}`;
      await name.fill(orgName);
      await page
        .getByLabel(organizationEditorTexts.descriptionLabel, { exact: true })
        .fill('We run reading clubs along the river.');
      await page
        .getByLabel(organizationEditorTexts.countryLabel, { exact: true })
        .selectOption('KE');
      for (const category of picks) await choose(page, category.name);
      await expect(page.getByText(organizationEditorTexts.categoryLimitWarning)).toBeVisible();
      await page.getByRole('button', { name: organizationEditorTexts.createButton }).click();

      // Plan selection: the organization is saved; the editor opens once it is paid for.
      await expect(page).toHaveURL(/\/payments\/select\/[0-9a-f-]{36}\?new=1$/);
      const id = /\/payments\/select\/([0-9a-f-]{36})/.exec(page.url())![1]!;
      await expect(
        page.getByRole('heading', { level: 1, name: paymentTexts.selectPlanTitle }),
      ).toBeVisible();
      await expect(page.getByText(paymentTexts.selectPlanIntro)).toBeVisible();
      await page.getByRole('button', { name: paymentTexts.choosePlan(plans.monthly.name) }).click();
      await expect(page).toHaveURL(/\/payments\/test-checkout\/[^/?#]+$/);
      await page
        .getByRole('button', {
          name: paymentTexts.testCheckoutPay(formatAmount(plans.monthly.amountCents)),
        })
        .click();

      // The gate verifies the payment and opens the editor, greeting the new organization.
      await expect(page).toHaveURL(
        new RegExp(`/organizations/${id}/edit\\?success=true&new=1&session_id=[^&]+$`),
      );
      await expect(page.getByText(paymentTexts.paymentConfirmed)).toBeVisible();
      await expect(page.getByText(organizationEditorTexts.createdBanner)).toBeVisible();
      await expect(
        page.getByRole('heading', { level: 1, name: organizationEditorTexts.completeHeading }),
      ).toBeVisible();
      await audit(page);

      await name.fill(`${orgName} Trust`);
      await page
        .getByLabel(organizationEditorTexts.descriptionLabel, { exact: true })
        .fill('We run reading clubs along the river.\nEvery child reads.');
      await page
        .getByLabel(organizationEditorTexts.countryLabel, { exact: true })
        .selectOption('PE');
      await page
        .getByLabel(organizationEditorTexts.locationLabel, { exact: true })
        .fill('Arequipa');
      await page.getByLabel(organizationEditorTexts.foundedYearLabel, { exact: true }).fill('2014');
      const website = page.getByLabel(organizationEditorTexts.websiteLabel, { exact: true });
      await website.fill('riverbank.example.org');
      await website.blur();
      await expect(website).toHaveValue('https://riverbank.example.org');
      await page
        .getByLabel(organizationEditorTexts.linkedinLabel, { exact: true })
        .fill('https://www.linkedin.com/company/riverbank');
      await page
        .getByLabel(organizationEditorTexts.twitterLabel, { exact: true })
        .fill('twitter.com/riverbank');
      await page
        .getByLabel(organizationEditorTexts.blogLabel, { exact: true })
        .fill('https://blog.riverbank.example.org');

      // Every chosen category outside Company Properties gets its own words.
      const sections = picks.filter((category) => category.groupId !== COMPANY_PROPERTIES_GROUP_ID);
      for (const category of sections) {
        await page
          .getByLabel(organizationEditorTexts.categoryDescriptionLabel(category.name), {
            exact: true,
          })
          .fill(`How ${category.name} shapes our clubs.`);
      }

      // Reorder with the keyboard: the last section category to the top.
      const last = sections.at(-1)!;
      const before = await chosenOrder(page);
      const moves = before.indexOf(last.name);
      const up = page.getByRole('button', { name: organizationEditorTexts.moveUp(last.name) });
      await up.focus();
      for (let step = 0; step < moves; step += 1) await page.keyboard.press('Enter');
      await expect
        .poll(() => chosenOrder(page))
        .toEqual([last.name, ...before.filter((entry) => entry !== last.name)]);
      if (!isPhone(page)) {
        // And by dragging: the second one back below the third.
        const items = page.getByTestId('chosen-category');
        const second = (await chosenOrder(page))[1]!;
        const handle = items.nth(1).getByTestId('drag-handle');
        // Both ends in view first: a drag that has to scroll on its way is dropped by the browser.
        await handle.evaluate((element) => {
          element.scrollIntoView({ block: 'start' });
          window.scrollBy(0, -120);
        });
        await handle.dragTo(items.nth(2).getByTestId('chosen-category-name'));
        await expect.poll(async () => (await chosenOrder(page))[2]).toBe(second);
      }
      const order = await chosenOrder(page);

      // Logo, banner and one category image: choose, preview, upload.
      const logo = await makePng(folder, 'logo.png', 600, 600);
      const banner = await makePng(folder, 'banner.png', 1600, 450);
      const logoField = page.getByTestId('image-logo');
      await page.getByLabel(organizationEditorTexts.logoLabel, { exact: true }).setInputFiles(logo);
      await expect(
        logoField.getByAltText(organizationEditorTexts.previewAlt('logo')),
      ).toBeVisible();
      await page.getByRole('button', { name: `${organizationEditorTexts.upload}: Logo` }).click();
      await expect(page.getByText(imageMessages.uploaded('logo'))).toBeVisible();
      await expect(
        logoField.getByAltText(organizationEditorTexts.currentImageAlt('logo')),
      ).toBeVisible();
      await page
        .getByLabel(organizationEditorTexts.bannerLabel, { exact: true })
        .setInputFiles(banner);
      await page.getByRole('button', { name: `${organizationEditorTexts.upload}: Banner` }).click();
      await expect(page.getByText(imageMessages.uploaded('banner'))).toBeVisible();
      const pictured = sections[0]!;
      const categoryImage = await makePng(folder, 'category.png', 1280, 720);
      await page
        .getByLabel(organizationEditorTexts.categoryImageLabel(pictured.name), { exact: true })
        .setInputFiles(categoryImage);
      await page
        .getByRole('button', {
          name: `${organizationEditorTexts.upload}: ${organizationEditorTexts.categoryImageLabel(pictured.name)}`,
        })
        .click();
      await expect(page.getByText(imageMessages.uploaded('category image'))).toBeVisible();
      await screenshot(page, 'editor');

      await page.getByRole('button', { name: organizationEditorTexts.saveChanges }).click();
      await expect(page.getByText(organizationEditorTexts.updated).first()).toBeVisible();
      await expect(page).toHaveURL(`/organizations/${id}`);

      // The profile shows it all, and its owner's tools.
      await expect(page.getByRole('heading', { level: 1, name: `${orgName} Trust` })).toBeVisible();
      await expect(page.getByText('Every child reads.')).toBeVisible();
      // Paid for: public, so no notice says otherwise.
      await expect(page.getByTestId('publication-notice')).toHaveCount(0);
      await expect(page.getByText('Arequipa, Peru').first()).toBeVisible();
      await expect(page.getByText('2014').first()).toBeVisible();
      for (const host of ['riverbank.example.org']) {
        await expect(page.getByRole('link', { name: new RegExp(host) }).first()).toBeVisible();
      }
      const logoImage = page.getByRole('img', { name: `${orgName} Trust` }).first();
      await expect(logoImage).toHaveAttribute('srcset', /128w.*256w.*512w/);
      await expect(page.locator('img[srcset*="1280w"]').first()).toBeVisible();
      const sectionTitles = await page
        .getByTestId('category-section')
        .locator('h3')
        .allTextContents();
      expect(sectionTitles.map((title) => title.trim())).toEqual(
        order
          .filter((entry) => sections.some((category) => category.name === entry))
          .map((entry) => `${sections.find((category) => category.name === entry)!.emoji}${entry}`),
      );
      await expect(page.getByText(`How ${pictured.name} shapes our clubs.`)).toBeVisible();
      await expect(page.getByTestId('category-section').locator('img[srcset*="960w"]')).toHaveCount(
        1,
      );
      await expect(page.getByTestId('owner-actions')).toBeVisible();
      await screenshot(page, 'profile-owner');
    } finally {
      await rm(folder, { recursive: true, force: true });
    }
  });

  test(
    'someone else cannot open the editor',
    { tag: '@desktop-only' },
    async ({ page, request, playwright }, testInfo) => {
      test.slow();
      // An organization of another user, not public yet: it does not exist for anyone else.
      const ownerRequest = await playwright.request.newContext({ baseURL: site });
      await createVerifiedAccount(ownerRequest, uniqueEmail(testInfo, 'owner2'));
      const hidden = await createOrganization(
        ownerRequest,
        `Hidden Orchard ${testInfo.project.name}`,
        'Fruit trees for every school.',
      );
      await ownerRequest.dispose();

      const { email, password } = await createVerifiedAccount(
        request,
        uniqueEmail(testInfo, 'other'),
      );
      await logIn(page, email, password);

      // A published profile of someone else: sent away with the message.
      const published = await findOrganization(request, 'q=Aguas%20del%20Valle');
      await page.goto(`/organizations/${published.id}/edit`);
      await expect(page).toHaveURL(/\/$/);
      await expect(page.getByText(organizationFormMessages.notOwner)).toBeVisible();

      // Someone else's unpublished organization: not found, and no form.
      await page.goto(`/organizations/${hidden.id}/edit`);
      await expect(page.getByRole('heading', { name: 'Organization Not Found' })).toBeVisible();
      await expect(
        page.getByRole('button', { name: organizationEditorTexts.saveChanges }),
      ).toHaveCount(0);
      // Nor does its profile show any owner tools.
      await page.goto(`/organizations/${published.id}`);
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
      await expect(page.getByTestId('owner-actions')).toHaveCount(0);
    },
  );

  test('the owner deletes an organization from its profile', async ({
    page,
    request,
  }, testInfo) => {
    test.slow();
    const { email, password } = await createVerifiedAccount(
      request,
      uniqueEmail(testInfo, 'deleter'),
    );
    const organization = await createOrganization(
      request,
      `Short-Lived Co-op ${testInfo.project.name}`,
      'Here today.',
    );
    await logIn(page, email, password);

    await page.goto(`/organizations/${organization.id}`);
    await expect(page.getByRole('heading', { level: 1, name: organization.name })).toBeVisible();
    await page
      .getByTestId('owner-actions')
      .getByRole('button', { name: organizationEditorTexts.deleteAction, exact: true })
      .click();
    const dialog = page.getByRole('alertdialog');
    await expect(
      dialog.getByRole('heading', { name: organizationEditorTexts.deleteTitle }),
    ).toBeVisible();
    await expect(dialog.getByText(organizationEditorTexts.deleteBody)).toBeVisible();
    await audit(page);
    await dialog.getByRole('button', { name: organizationEditorTexts.deleteAction }).click();

    // The product's address, showing My Organizations (ADR 019).
    await expect(page).toHaveURL(/\/profile$/);
    await expect(page.getByText(organizationEditorTexts.deleted)).toBeVisible();
    await expect(
      page.getByRole('heading', { level: 2, name: dashboardTexts.myOrganizations }),
    ).toBeVisible();
    await expect(page.getByText(organization.name)).toHaveCount(0);
    const gone = await request.get(`/api/organizations/${organization.id}`);
    expect(gone.status()).toBe(404);
  });
});
