import { reportReasonLabels, reportTexts } from '@si/contracts';
import { createOrganization, payThroughApi, uniqueName } from './fixtures.ts';
import { createVerifiedAccount, uniqueEmail } from './support/accounts.ts';
import { expectNoSeriousAxeViolations } from './support/axe-audit.ts';
import { screenshot } from './support/screenshots.ts';
import { expect, test } from './support/test.ts';

/** ADR 029: anyone but the owner may report a published profile; the reporter is thanked. */
test.describe('reporting a profile', () => {
  /** A profile of its own, published through the test checkout, that no other test reports. */
  async function publishedProfile(
    request: Parameters<typeof createOrganization>[0],
    testInfo: Parameters<typeof uniqueName>[0],
  ) {
    await createVerifiedAccount(request, uniqueEmail(testInfo, 'reported-owner'));
    const organization = await createOrganization(request, uniqueName(testInfo, 'Reported'));
    await payThroughApi(request, organization.id);
    return organization;
  }

  test('a visitor reports a profile', async ({ page, request }, testInfo) => {
    const organization = await publishedProfile(request, testInfo);
    await page.goto(`/organizations/${organization.id}`);
    await expect(page.getByRole('heading', { level: 1, name: organization.name })).toBeVisible();

    await page.getByRole('button', { name: reportTexts.action }).click();
    const dialog = page.getByRole('dialog', { name: reportTexts.title });
    await expect(dialog).toBeVisible();
    await expect(dialog.getByText(reportTexts.intro)).toBeVisible();
    // Also waits for the dialog to have faded in before the picture.
    await expectNoSeriousAxeViolations(page);
    await screenshot(page, 'report-dialog-open', { viewport: true });

    // Sending without a reason asks for one.
    await dialog.getByRole('button', { name: reportTexts.submit }).click();
    await expect(dialog.getByText(reportTexts.reasonRequired)).toBeVisible();
    await expectNoSeriousAxeViolations(page);
    await screenshot(page, 'report-dialog-error', { viewport: true });

    await dialog.getByRole('radio', { name: reportReasonLabels.inaccurate }).check();
    await dialog
      .getByRole('textbox', { name: reportTexts.detailsLabel })
      .fill('This is not the real organization: <b>their</b> site is elsewhere.');
    await expect(dialog.getByText(reportTexts.reasonRequired)).toBeHidden();
    await screenshot(page, 'report-dialog-filled', { viewport: true });
    await dialog.getByRole('button', { name: reportTexts.submit }).click();

    await expect(page.getByText(reportTexts.thanks)).toBeVisible();
    await expect(dialog).toBeHidden();
    await screenshot(page, 'report-thanks', { viewport: true });
    // Focus is back where the visitor left it.
    await expect(page.getByRole('button', { name: reportTexts.action })).toBeFocused();
  });

  test('the button shows only once it works, and then the first tap opens the form', async ({
    page,
    request,
  }, testInfo) => {
    const organization = await publishedProfile(request, testInfo);
    // The app's start is held back: the page stays as the server sent it, as on a busy phone.
    let release = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route(/\/assets\/boot-[\w-]+\.js$/, async (route) => {
      await held;
      await route.continue();
    });
    const loading = page.goto(`/organizations/${organization.id}`);
    await expect(page.getByRole('heading', { level: 1, name: organization.name })).toBeVisible();
    await expect(page.locator('html[data-hydrated]')).toHaveCount(0);
    // Nothing that needs the app is offered yet: a tap on it would be lost.
    await expect(page.getByRole('button', { name: reportTexts.action })).toBeHidden();
    await expect(page.getByRole('button', { name: 'Open menu' })).toBeHidden();

    release();
    // Tapped the moment it shows, once.
    const button = page.getByRole('button', { name: reportTexts.action });
    if (testInfo.project.use.hasTouch) await button.tap();
    else await button.click();
    await expect(page.getByRole('dialog', { name: reportTexts.title })).toBeVisible();
    await loading;
  });

  test.describe('without JavaScript', () => {
    test.use({ javaScriptEnabled: false });

    test('the profile offers no report button that could not work', async ({
      page,
      request,
    }, testInfo) => {
      const organization = await publishedProfile(request, testInfo);
      await page.goto(`/organizations/${organization.id}`);
      await expect(page.getByRole('heading', { level: 1, name: organization.name })).toBeVisible();
      await expect(page.getByRole('button', { name: reportTexts.action })).toBeHidden();
    });
  });
});
