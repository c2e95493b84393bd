import type { Page } from '@playwright/test';
import { expect, test } from './support/test.ts';
import {
  dashboardTexts,
  formatAmount,
  paymentMessages,
  paymentTexts,
  plans,
  subscriptionTypeNames,
  type PlanChangePreview,
} from '@si/contracts';
import { createOrganization, payThroughApi, uniqueName } from './fixtures.ts';
import { createVerifiedAccount, logIn, site, uniqueEmail } from './support/accounts.ts';
import { expectNoSeriousAxeViolations as audit } from './support/axe-audit.ts';
import { screenshot } from './support/screenshots.ts';

/*
 * Switching plan from My Subscriptions on the embedded default: the test checkout prorates by
 * whole unused days (ADR 013), and the server decides what may switch.
 */

function subscriptionRow(page: Page, name: string) {
  return page.getByTestId('subscription').filter({ hasText: name });
}

const switchTo = (plan: 'monthly' | 'annual', name: string) =>
  `${paymentTexts.switchToPlan(plans[plan].name)}: ${name}`;

test('switches monthly to annual after a preview of the charge, and back shows the credit; Cancel changes nothing', async ({
  page,
  request,
}, testInfo) => {
  // Two audits, two previews and a switch.
  test.slow();
  const { email, password } = await createVerifiedAccount(request, uniqueEmail(testInfo, 'plan'));
  const name = uniqueName(testInfo, 'Switchback Farm');
  const organization = await createOrganization(request, name);
  await payThroughApi(request, organization.id);

  await logIn(page, email, password);
  await page.goto('/dashboard/organizations');
  await expect(page.getByRole('heading', { name: dashboardTexts.mySubscriptions })).toBeVisible();
  const row = subscriptionRow(page, name);
  await expect(row).toContainText(subscriptionTypeNames.monthly);

  await row.getByRole('button', { name: switchTo('annual', name) }).click();
  const dialog = page.getByRole('alertdialog', {
    name: paymentTexts.planChangeTitle(plans.annual.name),
  });
  const preview = dialog.getByTestId('plan-change-preview');
  await expect(preview).toContainText(/Charged to your card now: \$\d+\.\d\d\./);
  await expect(preview).toContainText(
    new RegExp(
      `Then your card is charged \\${formatAmount(plans.annual.amountCents)} a year, from .+\\.`,
    ),
  );
  await audit(page);
  await screenshot(page, 'dashboard-plan-change-preview');
  await dialog.getByRole('button', { name: paymentTexts.confirmPlanChange }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByText(paymentTexts.planChanged(plans.annual.name))).toBeVisible();
  await expect(row).toContainText(subscriptionTypeNames.yearly);
  // The switch's payment is a second invoice, on the annual plan.
  const invoices = page.getByRole('region', { name: paymentTexts.invoicesTitle });
  await expect(invoices.getByTestId('invoice')).toHaveCount(2);
  await expect(invoices.getByTestId('invoice').first()).toContainText(plans.annual.name);

  // Back to monthly: a year's unused days are worth more than a month, so the rest is credit.
  await row.getByRole('button', { name: switchTo('monthly', name) }).click();
  const back = page.getByRole('alertdialog', {
    name: paymentTexts.planChangeTitle(plans.monthly.name),
  });
  // What the card is charged on each date, credit applied: nothing now, nothing while the
  // credit pays the monthly payments, then the rest of the first it does not cover.
  const backPreview = back.getByTestId('plan-change-preview');
  await expect(backPreview).toContainText(paymentTexts.planChangeNothingNow);
  const quote = await request.get(
    `/api/payments/subscriptions/${organization.id}/plan-preview?plan=monthly`,
  );
  const figures = ((await quote.json()) as { data: PlanChangePreview }).data;
  expect(figures.renewalsFromCredit).toBeGreaterThan(1);
  const day = (iso: string) =>
    new Intl.DateTimeFormat('en-US', { dateStyle: 'medium' }).format(new Date(iso));
  await expect(backPreview).toContainText(
    paymentTexts.planChangeCreditPays(
      formatAmount(figures.creditCents),
      figures.renewalsFromCredit,
      'month',
      day(figures.nextRenewalDate),
    ),
  );
  await expect(backPreview).toContainText(
    paymentTexts.planChangeCardThen(
      formatAmount(figures.firstCardChargeCents),
      day(figures.firstCardChargeDate),
      formatAmount(plans.monthly.amountCents),
      'month',
    ),
  );
  await screenshot(page, 'dashboard-plan-change-credit');
  await back.getByRole('button', { name: paymentTexts.keepPlan }).click();
  await expect(back).toBeHidden();
  await page.reload();
  await expect(row).toContainText(subscriptionTypeNames.yearly);
});

test(
  'a switch the server refuses says why in the dialog, which stays open',
  { tag: '@desktop-only' },
  async ({ page, request }, testInfo) => {
    const { email, password } = await createVerifiedAccount(request, uniqueEmail(testInfo, 'plnx'));
    const name = uniqueName(testInfo, 'Refusal Ridge');
    const organization = await createOrganization(request, name);
    await payThroughApi(request, organization.id);

    await logIn(page, email, password);
    await page.goto('/dashboard/organizations');
    const row = subscriptionRow(page, name);
    await row.getByRole('button', { name: switchTo('annual', name) }).click();
    const dialog = page.getByRole('alertdialog', {
      name: paymentTexts.planChangeTitle(plans.annual.name),
    });
    await expect(dialog.getByTestId('plan-change-preview')).toBeVisible();

    // Canceled meanwhile (another tab): only a renewing subscription may switch.
    const canceled = await request.post(`/api/payments/subscriptions/${organization.id}/cancel`, {
      headers: { origin: site },
    });
    expect(canceled.ok()).toBe(true);
    await dialog.getByRole('button', { name: paymentTexts.confirmPlanChange }).click();
    await expect(dialog).toContainText(paymentMessages.planNotChangeable);
    await expect(dialog).toBeVisible();
    await audit(page);
    await dialog.getByRole('button', { name: paymentTexts.keepPlan }).click();
    await page.reload();
    await expect(row).toContainText(subscriptionTypeNames.monthly);
    await expect(row.getByRole('button', { name: switchTo('annual', name) })).toHaveCount(0);
  },
);
