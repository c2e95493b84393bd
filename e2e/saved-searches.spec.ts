import { expect, test } from './support/test.ts';
import { saveSearchButtonTexts, savedSearchTexts, unsubscribeTexts } from '@si/contracts';
import { createOrganization, payThroughApi, uniqueName } from './fixtures.ts';
import {
  createVerifiedAccount,
  linkPath,
  logIn,
  uniqueEmail,
  waitForEmail,
} from './support/accounts.ts';
import { expectNoSeriousAxeViolations as audit } from './support/axe-audit.ts';
import { emailHtml, sendAlertsAsOf } from './support/saved-search-alerts.ts';
import { screenshot } from './support/screenshots.ts';

/*
 * Saved searches with alerts (ADR 034): a signed-in user saves the directory's search, finds it
 * in the dashboard, is emailed the organization published since, and stops the alert from the
 * email in one click; the link used again changes nothing and says so.
 */

const DAY = 24 * 60 * 60 * 1000;

test(
  'a user saves a search, gets what is new for it by email and unsubscribes from the email',
  { tag: '@desktop-only' },
  async ({ page, request }, testInfo) => {
    test.slow();
    const { email, password } = await createVerifiedAccount(
      request,
      uniqueEmail(testInfo, 'saved'),
    );
    // One word that only this test's organization will have.
    const word = uniqueName(testInfo, 'x').split(' ').at(-1)!;
    await logIn(page, email, password);

    await page.goto(`/?categories=climate_action&q=${word}`);
    await expect(page.getByText(savedSearchTexts.everything)).toHaveCount(0);
    const save = page.getByRole('button', { name: saveSearchButtonTexts.save });
    await expect(save).toBeVisible();
    await screenshot(page, 'saved-search-control');
    await save.click();
    const dialog = page.getByRole('dialog', { name: savedSearchTexts.dialogTitle });
    await expect(dialog).toBeVisible();
    const name = dialog.getByLabel(savedSearchTexts.nameLabel);
    await expect(name).toHaveValue(`“${word}”, Climate Action`);
    await audit(page);
    await screenshot(page, 'saved-search-dialog', { viewport: true });
    // A name of blanks is refused where it was typed.
    await name.fill('   ');
    await dialog.getByRole('button', { name: savedSearchTexts.submit }).click();
    await expect(dialog.getByText(savedSearchTexts.nameRequired)).toBeVisible();
    const searchName = `Climate ${word}`;
    await name.fill(searchName);
    await dialog.getByLabel(savedSearchTexts.frequency.monthly).check();
    await dialog.getByRole('button', { name: savedSearchTexts.submit }).click();
    await expect(dialog).toBeHidden();
    await expect(page.getByText(savedSearchTexts.saved(searchName))).toBeVisible();

    await page.goto('/dashboard/saved-searches');
    const item = page.getByRole('listitem').filter({ hasText: searchName });
    await expect(item).toBeVisible();
    await expect(item).toContainText(savedSearchTexts.frequency.monthly);
    await expect(item).toContainText(savedSearchTexts.lastAlert(null));
    await expect(item.getByRole('link', { name: savedSearchTexts.open })).toHaveAttribute(
      'href',
      `/?categories=climate_action&q=${word}`,
    );
    await audit(page);
    await screenshot(page, 'saved-searches-dashboard');

    // Published after the search was saved: new for it.
    const organizationName = `Alert Orchard ${word}`;
    const organization = await createOrganization(request, organizationName);
    await payThroughApi(request, organization.id);
    await sendAlertsAsOf(new Date(Date.now() + 32 * DAY), email);
    const subject = new RegExp(`new organization for “${searchName}”`);
    const alert = await waitForEmail(email, subject);
    expect(alert.subject).toBe(savedSearchTexts.emailSubject(1, searchName));
    expect(alert.text).toContain(organizationName);
    await page.setContent(await emailHtml(email, subject));
    await screenshot(page, 'saved-search-alert-email');

    await page.goto(linkPath(alert, '/api/saved-searches/unsubscribe'));
    await expect(page).toHaveURL(/\/unsubscribed\?list=saved-search$/);
    await expect(
      page.getByRole('heading', { name: savedSearchTexts.unsubscribedTitle }),
    ).toBeVisible();
    await expect(page.getByText(savedSearchTexts.unsubscribed)).toBeVisible();
    await screenshot(page, 'saved-search-unsubscribed');

    // The same link again: nothing else changes, and the page says why.
    await page.goto(linkPath(alert, '/api/saved-searches/unsubscribe'));
    await expect(
      page.getByRole('heading', { name: unsubscribeTexts['saved-search'].usedTitle }),
    ).toBeVisible();
    await expect(page.getByText(savedSearchTexts.unsubscribeFailed.used)).toBeVisible();

    await page.getByRole('link', { name: savedSearchTexts.toDashboard }).click();
    await expect(page.getByText(savedSearchTexts.empty)).toBeVisible();
    await screenshot(page, 'saved-searches-dashboard-empty');
  },
);

test('a guest is asked to sign in to save a search', async ({ page }) => {
  await page.goto('/?q=river');
  // A link once the header has read the guest's session; before that (phones), the button asks.
  await page
    .getByRole('link', { name: saveSearchButtonTexts.signInToSave })
    .or(page.getByRole('button', { name: saveSearchButtonTexts.save }))
    .click();
  await expect(page).toHaveURL(/\/login$/);
  await expect(page.getByText(saveSearchButtonTexts.signInToSave)).toBeVisible();
});
