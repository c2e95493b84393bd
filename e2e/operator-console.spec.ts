import { readFile } from 'node:fs/promises';
import type { APIRequestContext, Page, TestInfo } from '@playwright/test';
import {
  adminTexts,
  authFormTexts,
  consoleTexts,
  errorCodes,
  organizationStateNames,
  reportReasonLabels,
  reportTexts,
  sessionMessages,
  signInMessages,
} from '@si/contracts';
import { createOrganization, payThroughApi, uniqueName } from './fixtures.ts';
import {
  createVerifiedAccount,
  linkPath,
  logIn,
  site,
  uniqueEmail,
  waitForEmail,
} from './support/accounts.ts';
import { expectNoSeriousAxeViolations } from './support/axe-audit.ts';
import { grantOperator } from './support/operators.ts';
import { failedEmailFor, reportDetailsFor } from './support/reports.ts';
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

/** The audit log searched for `text`: its entries' actions, newest first. */
async function auditActions(page: Page, text: string, actions: RegExp) {
  await page.goto(`/admin/audit?q=${encodeURIComponent(text)}`);
  await expect(page.getByRole('heading', { level: 2, name: consoleTexts.navAudit })).toBeVisible();
  return page.getByText(actions);
}

/**
 * An owner, signed up and verified in a request context of their own (the test's own is the
 * operator's), with a profile published through the test checkout.
 */
async function publishedOrganization(
  playwright: {
    request: { newContext: (options: { baseURL: string }) => Promise<APIRequestContext> };
  },
  testInfo: TestInfo,
  label: string,
  nameBase: string,
) {
  const owner = await playwright.request.newContext({ baseURL: site });
  const email = uniqueEmail(testInfo, label);
  const { password } = await createVerifiedAccount(owner, email);
  const name = uniqueName(testInfo, nameBase);
  const organization = await createOrganization(owner, name);
  await payThroughApi(owner, organization.id);
  await owner.dispose();
  return { email, password, name, organization };
}

/** Searches the console list on the page. */
async function searchFor(page: Page, text: string) {
  await page.getByRole('searchbox', { name: consoleTexts.searchLabel }).fill(text);
  await page.getByRole('button', { name: consoleTexts.searchButton, exact: true }).click();
}

/**
 * Opens an action's dialog, gives the reason, checks and pictures the dialog (axe first: it waits
 * for the fade-in to end) and confirms it.
 */
async function actWithReasonPictured(page: Page, action: string, reason: string, shot: string) {
  await page.getByRole('button', { name: action, exact: true }).click();
  const dialog = page.getByRole('dialog');
  await expect(dialog).toBeVisible();
  await dialog.getByLabel(consoleTexts.reasonLabel, { exact: true }).fill(reason);
  await expectNoSeriousAxeViolations(page);
  await screenshot(page, shot, { viewport: true });
  await dialog.getByRole('button', { name: action, exact: true }).click();
  await expect(dialog).toBeHidden();
}

/** Fills the open dialog's reason and presses its confirm button. */
async function confirmWithReason(page: Page, confirm: string, reason: string) {
  const dialog = page.getByRole('dialog');
  await dialog.getByLabel(consoleTexts.reasonLabel, { exact: true }).fill(reason);
  await dialog.getByRole('button', { name: confirm, exact: true }).click();
  await expect(dialog).toBeHidden();
}

test.describe('the operator console', () => {
  test(
    'an operator finds an organization by its owner, holds and releases it, and reads both in the audit log',
    { tag: '@desktop-only' },
    async ({ page, request, playwright }, testInfo) => {
      test.slow();
      const { email: ownerEmail, name } = await publishedOrganization(
        playwright,
        testInfo,
        'console-owner',
        'Console Commons',
      );

      await signInAsOperator(page, request, uniqueEmail(testInfo, 'operator'));
      await page.goto('/admin');
      await expect(page).toHaveTitle(new RegExp(consoleTexts.titles.overview));
      await expect(
        page.getByRole('heading', { level: 1, name: consoleTexts.heading }),
      ).toBeVisible();

      const nav = page.getByRole('navigation', { name: consoleTexts.navLabel });
      await nav.getByRole('link', { name: consoleTexts.navOrganizations }).click();
      await expect(page).toHaveURL(/\/admin\/organizations$/);
      await searchFor(page, 'no such thing 0000');
      await expect(page.getByText(consoleTexts.noOrganizations)).toBeVisible();
      await screenshot(page, 'console-organizations-empty');
      await searchFor(page, ownerEmail);
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
      await actWithReasonPictured(page, consoleTexts.hold, holdReason, 'console-hold-dialog');
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
      await searchFor(page, name);
      await expect(page.getByText(consoleTexts.resultCount(2))).toBeVisible();
      const actions = page.getByText(/^organization\.(hold|release)$/);
      await expect(actions).toHaveText(['organization.release', 'organization.hold']);
      await expect(page.getByText(holdReason)).toBeVisible();
      await expect(page.getByText(releaseReason)).toBeVisible();
      // The page as it rests, once the release's toast has gone.
      await expect(page.locator('[data-sonner-toast]')).toHaveCount(0);
      await screenshot(page, 'console-audit');
      await expectNoSeriousAxeViolations(page);
    },
  );

  test(
    'a visitor reports a profile; the operator holds it from the queue, releases it, refunds it and reads it all in the log',
    { tag: '@desktop-only' },
    async ({ page, request, browser, playwright }, testInfo) => {
      test.slow();
      const {
        email: ownerEmail,
        name,
        organization,
      } = await publishedOrganization(playwright, testInfo, 'journey-owner', 'Journey Trust');

      // A visitor, in a browser of their own, reports the profile.
      const visitor = await browser.newContext();
      const visitorPage = await visitor.newPage();
      await visitorPage.goto(`/organizations/${organization.id}`);
      // This page is not the fixture's: wait for the app as its goto does (support/test.ts).
      await visitorPage.locator('html[data-hydrated="true"]').waitFor({ state: 'attached' });
      await visitorPage.getByRole('button', { name: reportTexts.action }).click();
      const reportDialog = visitorPage.getByRole('dialog', { name: reportTexts.title });
      await reportDialog.getByRole('radio', { name: reportReasonLabels.offensive }).check();
      const details = `Insults in the mission of ${name}`;
      await reportDialog.getByRole('textbox', { name: reportTexts.detailsLabel }).fill(details);
      await reportDialog.getByRole('button', { name: reportTexts.submit }).click();
      await expect(visitorPage.getByText(reportTexts.thanks)).toBeVisible();
      await visitor.close();

      // The operator resolves it by holding the profile: the owner is emailed the reason.
      await signInAsOperator(page, request, uniqueEmail(testInfo, 'operator-journey'));
      await page.goto('/admin/reports');
      const report = page.getByTestId('report').filter({ hasText: details });
      await report.getByRole('button', { name: consoleTexts.resolve }).click();
      await page.getByRole('dialog').getByLabel(consoleTexts.resolutions.hold).check();
      const holdReason = `Offensive wording (${testInfo.project.name})`;
      await confirmWithReason(page, consoleTexts.resolve, holdReason);
      await expect(page.getByText(consoleTexts.resolvedToast)).toBeVisible();
      const held = await waitForEmail(ownerEmail, /is on hold/);
      expect(held.text).toContain(holdReason);
      expect((await page.request.get(`/api/organizations/${organization.id}`)).status()).toBe(404);

      // Found by its owner's email, released, then refunded in the test checkout at once.
      await page.goto('/admin/organizations');
      await searchFor(page, ownerEmail);
      await page.getByRole('link', { name }).click();
      // The state beside the name (the report below says Held too).
      const state = (name: string) => page.getByText(name, { exact: true }).first();
      await expect(state(organizationStateNames.held)).toBeVisible();
      await page.getByRole('button', { name: consoleTexts.release, exact: true }).click();
      await confirmWithReason(page, consoleTexts.release, 'Wording fixed');
      await expect(state(organizationStateNames.published)).toBeVisible();
      // The release's toast gone, so the dialog's picture shows the dialog alone.
      await expect(page.locator('[data-sonner-toast]')).toHaveCount(0);
      await page.getByRole('button', { name: consoleTexts.refund, exact: true }).click();
      const refundDialog = page.getByRole('dialog');
      await refundDialog.getByLabel(consoleTexts.refundWhen.now).check();
      await expectNoSeriousAxeViolations(page);
      await screenshot(page, 'console-refund-dialog', { viewport: true });
      await confirmWithReason(page, consoleTexts.refund, 'Asked for a refund by email');
      await expect(page.getByText(consoleTexts.refunded)).toBeVisible();
      await expect(state(organizationStateNames.lapsed)).toBeVisible();
      await expect(
        page.getByRole('button', { name: consoleTexts.refund, exact: true }),
      ).toHaveCount(0);
      expect((await page.request.get(`/api/organizations/${organization.id}`)).status()).toBe(404);

      // All of it, newest first, in the audit log.
      const actions = await auditActions(
        page,
        name,
        /^(report\.hold|organization\.(hold|release|refund))$/,
      );
      await expect(actions).toHaveText([
        'organization.refund',
        'organization.release',
        'organization.hold',
        'report.hold',
      ]);
    },
  );

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

  test(
    'an operator asked to sign in again signs out, signs in and is back on the same page',
    { tag: '@desktop-only' },
    async ({ page, request }, testInfo) => {
      // A CLI run to grant the role, two sign-ins and an accessibility audit: about 26 s alone.
      test.slow();
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
      // Signed out, the visitor is a guest again before the form is used, as e2e/support's logIn waits.
      await expect(page.getByText(authFormTexts.loginGuestSubtitle)).toBeVisible();
      // Leaving on purpose is no lost session (the console is not asked again once signed out).
      await expect(page.getByText(sessionMessages.loginRequired)).toHaveCount(0);
      await page.getByLabel('Email', { exact: true }).fill(email);
      await page.getByLabel('Password', { exact: true }).fill(password);
      await page.getByRole('button', { name: 'Log In', exact: true }).click();
      await expect(page).toHaveURL(/\/admin\/audit$/);
      await expect(
        page.getByRole('heading', { level: 2, name: consoleTexts.navAudit }),
      ).toBeVisible();
    },
  );

  test(
    'a signed-in account that is not an operator gets a plain refusal; a visitor is sent to sign in',
    { tag: '@desktop-only' },
    async ({ page, request }, testInfo) => {
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
    },
  );

  test('the overview shows the figures and the 90 days; the newsletter downloads as CSV, which the audit log records', async ({
    page,
    request,
  }, testInfo) => {
    test.slow();
    // A visitor subscribes to the newsletter from the footer's box (here, its API).
    const subscriber = uniqueEmail(testInfo, 'newsletter-reader');
    const subscribed = await request.post('/api/newsletter', {
      data: { email: subscriber },
      headers: { origin: site },
    });
    expect(subscribed.ok()).toBe(true);
    // Only a confirmed address is a subscriber: the visitor opens the emailed link.
    const confirmation = await waitForEmail(subscriber, /Confirm your subscription/);
    const token = new URL(linkPath(confirmation, '/newsletter/confirm'), site).searchParams.get(
      'token',
    );
    const confirmed = await request.post('/api/newsletter/confirm', {
      data: { token },
      headers: { origin: site },
    });
    expect(confirmed.ok()).toBe(true);
    await signInAsOperator(page, request, uniqueEmail(testInfo, 'operator-overview'));
    await page.goto('/admin');
    await expect(page).toHaveTitle(new RegExp(consoleTexts.titles.overview));
    const figures = page.getByRole('region', { name: consoleTexts.organizationsHeading });
    const published = figures.locator('div').filter({ hasText: consoleTexts.figures.published });
    // The e2e directory: the demo's and the bulk profiles, published.
    await expect(published.getByText(/^\d[\d,]*$/)).toBeVisible();
    await expect(page.getByText(consoleTexts.figures.monthlyRecurring)).toBeVisible();
    await expect(page.getByText(/^\$[\d,]+(\.\d\d)?$/).first()).toBeVisible();
    await expect(
      page.getByRole('img', { name: new RegExp(consoleTexts.chartCountsTitle) }),
    ).toBeVisible();
    await expect(
      page.getByRole('img', { name: new RegExp(consoleTexts.chartRevenueTitle) }),
    ).toBeVisible();
    await page.getByText(consoleTexts.showFigures).click();
    await expect(page.getByRole('row')).toHaveCount(91);
    await page.getByText(consoleTexts.showFigures).click();
    await screenshot(page, 'console-overview');
    await expectNoSeriousAxeViolations(page);
    await page.getByRole('link', { name: consoleTexts.reviewReports }).click();
    await expect(page).toHaveURL(/\/admin\/reports$/);

    const nav = page.getByRole('navigation', { name: consoleTexts.navLabel });
    await nav.getByRole('link', { name: consoleTexts.navNewsletter }).click();
    await expect(page).toHaveTitle(new RegExp(consoleTexts.titles.newsletter));
    await expect(page.getByText(consoleTexts.confirmedSubscribers)).toBeVisible();
    await expect(page.getByText(/^[1-9][\d,]*$/).first()).toBeVisible();
    await expect(page.getByTestId('subscriber').first()).toBeVisible();
    await screenshot(page, 'console-newsletter');
    await expectNoSeriousAxeViolations(page);
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('link', { name: consoleTexts.downloadCsv }).click(),
    ]);
    expect(download.suggestedFilename()).toBe('newsletter-subscribers.csv');
    const csv = await readFile((await download.path())!, 'utf8');
    expect(csv.split('\n')[0]).toMatch(/^email,subscribed_at/);
    expect(csv).toContain(subscriber);

    const exports = await auditActions(page, 'newsletter.export', /^newsletter\.export$/);
    await expect(exports.first()).toBeVisible();
  });

  test(
    'an operator finds a user by email and disables them, who then cannot sign in, and re-enables them',
    { tag: '@desktop-only' },
    async ({ page, request, browser, playwright }, testInfo) => {
      test.slow();
      const {
        email: userEmail,
        password,
        name: organizationName,
      } = await publishedOrganization(playwright, testInfo, 'console-user', 'Disabled Owner Trust');
      await signInAsOperator(page, request, uniqueEmail(testInfo, 'operator-users'));

      await page.goto('/admin');
      const nav = page.getByRole('navigation', { name: consoleTexts.navLabel });
      await nav.getByRole('link', { name: consoleTexts.navUsers }).click();
      await expect(page).toHaveTitle(new RegExp(consoleTexts.titles.users));
      await searchFor(page, userEmail);
      await expect(page.getByText(consoleTexts.resultCount(1))).toBeVisible();
      await screenshot(page, 'console-users');
      await expectNoSeriousAxeViolations(page);

      await page.getByRole('link', { name: userEmail }).click();
      await expect(page.getByRole('heading', { level: 2, name: userEmail })).toBeVisible();
      await expect(page).toHaveTitle(new RegExp(consoleTexts.titles.user(userEmail)));
      const owned = page.getByRole('region', { name: consoleTexts.userOrganizations });
      await expect(owned.getByRole('link', { name: organizationName })).toBeVisible();
      await expect(
        owned.getByText(organizationStateNames.published, { exact: true }),
      ).toBeVisible();
      await screenshot(page, 'console-user');
      await expectNoSeriousAxeViolations(page);

      const disableReason = `Abuse (${testInfo.project.name})`;
      await actWithReasonPictured(
        page,
        consoleTexts.disable,
        disableReason,
        'console-disable-dialog',
      );
      await expect(page.getByText(consoleTexts.disabledToast)).toBeVisible();
      await expect(
        page.getByRole('button', { name: consoleTexts.enable, exact: true }),
      ).toBeVisible();

      // The disabled account, in a browser of its own, cannot sign in.
      const elsewhere = await browser.newContext({ baseURL: site });
      const theirs = await elsewhere.newPage();
      await theirs.goto('/login');
      await theirs.getByLabel('Email', { exact: true }).fill(userEmail);
      await theirs.getByLabel('Password', { exact: true }).fill(password);
      await theirs.getByRole('button', { name: 'Log In', exact: true }).click();
      await expect(theirs.getByText(signInMessages.userDisabled)).toBeVisible();

      await page.getByRole('button', { name: consoleTexts.enable, exact: true }).click();
      await confirmWithReason(page, consoleTexts.enable, `Resolved (${testInfo.project.name})`);
      await expect(page.getByText(consoleTexts.enabledToast)).toBeVisible();
      await expect(
        page.getByRole('button', { name: consoleTexts.disable, exact: true }),
      ).toBeVisible();
      await theirs.getByRole('button', { name: 'Log In', exact: true }).click();
      await expect(theirs).not.toHaveURL(/\/login/);
      await elsewhere.close();
      // The hold their disabling made is lifted.
      await expect(
        owned.getByText(organizationStateNames.published, { exact: true }),
      ).toBeVisible();

      const actions = await auditActions(page, userEmail, /^user\.(disable|enable)$/);
      await expect(actions).toHaveText(['user.enable', 'user.disable']);
      await expect(page.getByText(disableReason)).toBeVisible();
    },
  );

  test(
    'an operator reads the subscriptions, creates a guest code and disables it, and resends a failed email',
    { tag: '@desktop-only' },
    async ({ page, request, playwright }, testInfo) => {
      test.slow();
      const { name: organizationName, organization } = await publishedOrganization(
        playwright,
        testInfo,
        'payments-owner',
        'Paying Orchard',
      );
      await signInAsOperator(page, request, uniqueEmail(testInfo, 'operator-payments'));
      await page.goto('/admin');
      const nav = page.getByRole('navigation', { name: consoleTexts.navLabel });
      await nav.getByRole('link', { name: consoleTexts.navPayments }).click();
      await expect(page).toHaveTitle(new RegExp(consoleTexts.titles.payments));
      await expect(
        page.getByRole('heading', { level: 3, name: consoleTexts.guestCodesHeading }),
      ).toBeVisible();
      await expect(page.getByRole('button', { name: /refund/i })).toHaveCount(0);
      const paid = page
        .getByRole('region', { name: consoleTexts.subscriptionsHeading })
        .locator('tr, li')
        .filter({ hasText: organizationName });
      await expect(paid.getByText('$12 a month')).toBeVisible();
      await expect(paid.getByRole('link', { name: organizationName })).toHaveAttribute(
        'href',
        `/admin/organizations/${organization.id}`,
      );

      const code = `E2E-CONSOLE-${testInfo.project.name.toUpperCase()}-${Date.now().toString(36)}`;
      const lastDay = new Date(Date.now() + 30 * 24 * 60 * 60 * 1000).toISOString().slice(0, 10);
      await page.getByLabel(consoleTexts.code, { exact: true }).fill(code);
      await page.getByLabel(consoleTexts.uses, { exact: true }).fill('5');
      await page.getByLabel(consoleTexts.months, { exact: true }).fill('3');
      await page.getByLabel(consoleTexts.lastDay, { exact: true }).fill(lastDay);
      await page.getByRole('button', { name: consoleTexts.createGuestCode }).click();
      await expect(page.getByText(consoleTexts.guestCodeCreated(code))).toBeVisible();
      const row = page.getByTestId('guest-code').filter({ hasText: code });
      await expect(row.getByText(consoleTexts.guestCodeStateNames.active)).toBeVisible();
      await expect(row.getByText(consoleTexts.usesOf(0, 5))).toBeVisible();
      await expect(page.locator('[data-sonner-toast]')).toHaveCount(0);
      await screenshot(page, 'console-payments');
      await expectNoSeriousAxeViolations(page);

      // The same code again: the server's refusal.
      await page.getByLabel(consoleTexts.code, { exact: true }).fill(code.toLowerCase());
      await page.getByLabel(consoleTexts.uses, { exact: true }).fill('5');
      await page.getByLabel(consoleTexts.months, { exact: true }).fill('3');
      await page.getByLabel(consoleTexts.lastDay, { exact: true }).fill(lastDay);
      await page.getByRole('button', { name: consoleTexts.createGuestCode }).click();
      await expect(page.getByRole('alert').filter({ hasText: /exists already/ })).toBeVisible();

      await row.getByRole('button', { name: consoleTexts.disableCode }).click();
      await confirmWithReason(page, consoleTexts.disableCode, `Leaked (${testInfo.project.name})`);
      await expect(page.getByText(consoleTexts.codeDisabled(code))).toBeVisible();
      await expect(row.getByText(consoleTexts.guestCodeStateNames.disabled)).toBeVisible();

      // The seeded failed email, sent again: the mail server receives it.
      const failed = failedEmailFor(testInfo.project.name);
      await nav.getByRole('link', { name: consoleTexts.navEmail }).click();
      await expect(page).toHaveTitle(new RegExp(consoleTexts.titles.email));
      await page.getByRole('button', { name: consoleTexts.failedEmails, exact: true }).click();
      await expect(page).toHaveURL(/status=failed/);
      const email = page.getByTestId('email').filter({ hasText: failed.subject });
      await expect(
        email.getByText(consoleTexts.emailStateNames.failed, { exact: true }),
      ).toBeVisible();
      await expect(page.locator('[data-sonner-toast]')).toHaveCount(0);
      await screenshot(page, 'console-email');
      await expectNoSeriousAxeViolations(page);
      await email.getByRole('button', { name: /Resend/ }).click();
      await expect(page.getByText(consoleTexts.resent(failed.to))).toBeVisible();
      await expect(email).toHaveCount(0);
      await waitForEmail(failed.to, new RegExp(failed.subject.replace(/[()]/g, '\\$&')));

      const codeActions = await auditActions(page, code, /^guest-code\.(create|disable)$/);
      await expect(codeActions).toHaveText(['guest-code.disable', 'guest-code.create']);
      const resends = await auditActions(page, failed.to, /^email\.resend$/);
      await expect(resends).toHaveCount(1);
    },
  );
});
