import type { Page } from '@playwright/test';
import { adminTexts, consoleTexts, errorCodes, organizationStateNames } from '@si/contracts';
import { createOrganization, payThroughApi, uniqueName } from './fixtures.ts';
import {
  createVerifiedAccount,
  logIn,
  site,
  uniqueEmail,
  waitForEmail,
} from './support/accounts.ts';
import { expectNoSeriousAxeViolations } from './support/axe-audit.ts';
import { grantOperator } from './support/operators.ts';
import { reportDetailsFor } from './support/reports.ts';
import { screenshot } from './support/screenshots.ts';
import { expect, test } from './support/test.ts';

/** An operator, signed in on the page: signed up, verified, granted by the CLI. */
async function signInAsOperator(
  page: Page,
  request: Parameters<typeof createVerifiedAccount>[0],
  email: string,
) {
  const { password } = await createVerifiedAccount(request, email);
  await grantOperator(email);
  await logIn(page, email, password);
}

/** Fills the open dialog's reason and presses its confirm button. */
async function confirmWithReason(page: Page, confirm: string, reason: string) {
  const dialog = page.getByRole('dialog');
  await dialog.getByLabel(consoleTexts.reasonLabel, { exact: true }).fill(reason);
  await dialog.getByRole('button', { name: confirm, exact: true }).click();
  await expect(dialog).toBeHidden();
}

test.describe('the operator console', () => {
  test('an operator finds an organization by its owner, holds and releases it, and reads both in the audit log', async ({
    page,
    request,
    playwright,
  }, testInfo) => {
    test.slow();
    // The owner, in a context of their own, with a published profile.
    const owner = await playwright.request.newContext({ baseURL: site });
    const ownerEmail = uniqueEmail(testInfo, 'console-owner');
    await createVerifiedAccount(owner, ownerEmail);
    const name = uniqueName(testInfo, 'Console Commons');
    const organization = await createOrganization(owner, name);
    await payThroughApi(owner, organization.id);
    await owner.dispose();

    await signInAsOperator(page, request, uniqueEmail(testInfo, 'operator'));
    await page.goto('/admin');
    await expect(page).toHaveTitle(new RegExp(consoleTexts.titles.overview));
    await expect(page.getByRole('heading', { level: 1, name: consoleTexts.heading })).toBeVisible();
    await screenshot(page, 'console-overview');
    await expectNoSeriousAxeViolations(page);

    const nav = page.getByRole('navigation', { name: consoleTexts.navLabel });
    await nav.getByRole('link', { name: consoleTexts.navOrganizations }).click();
    await expect(page).toHaveURL(/\/admin\/organizations$/);
    await page
      .getByRole('searchbox', { name: consoleTexts.searchLabel })
      .fill('no such thing 0000');
    await page.getByRole('button', { name: consoleTexts.searchButton, exact: true }).click();
    await expect(page.getByText(consoleTexts.noOrganizations)).toBeVisible();
    await screenshot(page, 'console-organizations-empty');
    await page.getByRole('searchbox', { name: consoleTexts.searchLabel }).fill(ownerEmail);
    await page.getByRole('button', { name: consoleTexts.searchButton, exact: true }).click();
    await expect(page.getByText(consoleTexts.resultCount(1))).toBeVisible();
    await expect(page.getByText(ownerEmail)).toBeVisible();
    await screenshot(page, 'console-organizations');
    await expectNoSeriousAxeViolations(page);

    await page.getByRole('link', { name }).click();
    await expect(page.getByRole('heading', { level: 2, name })).toBeVisible();
    await expect(page).toHaveTitle(new RegExp(consoleTexts.titles.organization(name)));
    await expect(page.getByText(organizationStateNames.published, { exact: true })).toBeVisible();
    await screenshot(page, 'console-organization');
    await expectNoSeriousAxeViolations(page);

    // Hold, saying why: the owner is emailed the reason.
    const holdReason = `Misleading claims (${testInfo.project.name})`;
    await page.getByRole('button', { name: consoleTexts.hold, exact: true }).click();
    await expect(page.getByRole('dialog')).toBeVisible();
    await page
      .getByRole('dialog')
      .getByLabel(consoleTexts.reasonLabel, { exact: true })
      .fill(holdReason);
    // The axe check first: it waits for the dialog's fade-in to end.
    await expectNoSeriousAxeViolations(page);
    await screenshot(page, 'console-hold-dialog', { viewport: true });
    await page
      .getByRole('dialog')
      .getByRole('button', { name: consoleTexts.hold, exact: true })
      .click();
    await expect(page.getByRole('dialog')).toBeHidden();
    await expect(page.getByText(consoleTexts.held)).toBeVisible();
    await expect(page.getByText(organizationStateNames.held, { exact: true })).toBeVisible();
    const held = await waitForEmail(ownerEmail, /is on hold/);
    expect(held.text).toContain(holdReason);

    // Release.
    const releaseReason = `Claims corrected (${testInfo.project.name})`;
    await page.getByRole('button', { name: consoleTexts.release, exact: true }).click();
    await confirmWithReason(page, consoleTexts.release, releaseReason);
    await expect(page.getByText(consoleTexts.released)).toBeVisible();
    await expect(page.getByText(organizationStateNames.published, { exact: true })).toBeVisible();
    await waitForEmail(ownerEmail, /no longer on hold/);

    // Both, newest first, in the audit log.
    await nav.getByRole('link', { name: consoleTexts.navAudit }).click();
    await page.getByRole('searchbox', { name: consoleTexts.searchLabel }).fill(name);
    await page.getByRole('button', { name: consoleTexts.searchButton, exact: true }).click();
    await expect(page.getByText(consoleTexts.resultCount(2))).toBeVisible();
    const actions = page.getByText(/^organization\.(hold|release)$/);
    await expect(actions).toHaveText(['organization.release', 'organization.hold']);
    await expect(page.getByText(holdReason)).toBeVisible();
    await expect(page.getByText(releaseReason)).toBeVisible();
    // The page as it rests, once the release's toast has gone.
    await expect(page.locator('[data-sonner-toast]')).toHaveCount(0);
    await screenshot(page, 'console-audit');
    await expectNoSeriousAxeViolations(page);
  });

  test("a visitor's report is in the queue, shown as text, and dismissed", async ({
    page,
    request,
  }, testInfo) => {
    test.slow();
    const details = reportDetailsFor(testInfo.project.name);
    await signInAsOperator(page, request, uniqueEmail(testInfo, 'operator-reports'));
    await page.goto('/admin/reports');
    await expect(page).toHaveTitle(new RegExp(consoleTexts.titles.reports));
    const report = page.getByTestId('report').filter({ hasText: details });
    // The visitor's markup as they typed it, never as HTML.
    await expect(report.getByText(details)).toBeVisible();
    await expect(report.locator('b')).toHaveCount(0);
    await screenshot(page, 'console-reports');
    await expectNoSeriousAxeViolations(page);

    const reason = `Not spam (${testInfo.project.name})`;
    await report.getByRole('button', { name: consoleTexts.resolve }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByLabel(consoleTexts.resolutions.dismiss).check();
    await expectNoSeriousAxeViolations(page);
    await screenshot(page, 'console-resolve-dialog', { viewport: true });
    await confirmWithReason(page, consoleTexts.resolve, reason);
    await expect(page.getByText(consoleTexts.resolvedToast)).toBeVisible();
    await expect(report).toHaveCount(0);

    await page.getByRole('button', { name: consoleTexts.resolvedList }).click();
    const resolved = page.getByTestId('report').filter({ hasText: details });
    await expect(resolved.getByText(consoleTexts.reportStatus.dismissed)).toBeVisible();
    await expect(resolved.getByText(reason)).toBeVisible();
    await expectNoSeriousAxeViolations(page);
  });

  test('an operator asked to sign in again signs out, signs in and is back on the same page', async ({
    page,
    request,
  }, testInfo) => {
    const email = uniqueEmail(testInfo, 'operator-again');
    const { password } = await createVerifiedAccount(request, email);
    await grantOperator(email);
    await logIn(page, email, password);
    // The server's answer 12 hours after signing in (the API tests hold the clock to it).
    await page.route(
      '**/api/admin/me',
      (route) =>
        route.fulfill({
          status: 401,
          json: { error: { code: errorCodes.signInAgain, message: adminTexts.signInAgain } },
        }),
      { times: 1 },
    );
    await page.goto('/admin/audit');
    await expect(page.getByText(adminTexts.signInAgain)).toBeVisible();
    await expect(page.getByRole('navigation', { name: consoleTexts.navLabel })).toHaveCount(0);
    await screenshot(page, 'console-sign-in-again');
    await expectNoSeriousAxeViolations(page);

    await page.getByRole('button', { name: consoleTexts.signInAgain }).click();
    await expect(page).toHaveURL(/\/login$/);
    await page.getByLabel('Email', { exact: true }).fill(email);
    await page.getByLabel('Password', { exact: true }).fill(password);
    await page.getByRole('button', { name: 'Log In', exact: true }).click();
    await expect(page).toHaveURL(/\/admin\/audit$/);
    await expect(
      page.getByRole('heading', { level: 2, name: consoleTexts.navAudit }),
    ).toBeVisible();
  });

  test('a signed-in account that is not an operator gets a plain refusal; a visitor is sent to sign in', async ({
    page,
    request,
  }, testInfo) => {
    await page.goto('/admin/reports');
    await expect(page).toHaveURL(/\/login$/);

    const { email, password } = await createVerifiedAccount(
      request,
      uniqueEmail(testInfo, 'not-operator'),
    );
    await logIn(page, email, password);
    await page.goto('/admin/organizations');
    await expect(
      page.getByRole('heading', { level: 1, name: adminTexts.operatorsOnly }),
    ).toBeVisible();
    await expect(page.getByRole('navigation', { name: consoleTexts.navLabel })).toHaveCount(0);
    await screenshot(page, 'console-operators-only');
    await expectNoSeriousAxeViolations(page);
  });
});
