import type { Page } from '@playwright/test';
import { expect, test } from './support/test.ts';
import { formatAmount, paymentTexts, plans, type Invoice } from '@si/contracts';
import { createOrganization, payThroughApi, uniqueName } from './fixtures.ts';
import { createVerifiedAccount, logIn, uniqueEmail } from './support/accounts.ts';
import { expectNoSeriousAxeViolations as audit } from './support/axe-audit.ts';
import { screenshot } from './support/screenshots.ts';
import { simulateAtProvider } from './support/test-provider-cli.ts';

/*
 * Past invoices under My Subscriptions: each payment with its amount, date and period, and the
 * provider's receipt in a new tab. The embedded default's test checkout takes no money, so its
 * payments have no receipt page; a card provider's link is shown from an answer the test gives.
 */

function invoicesSection(page: Page) {
  return page.getByRole('region', { name: paymentTexts.invoicesTitle });
}

test('Past invoices: empty at first, then every payment and renewal with its amount and no receipt page in test mode', async ({
  page,
  request,
}, testInfo) => {
  // The renewal is played by the operator's CLI, a process of its own.
  test.slow();
  const { email, password } = await createVerifiedAccount(request, uniqueEmail(testInfo, 'inv'));
  await logIn(page, email, password);
  await page.goto('/dashboard/organizations');
  await expect(invoicesSection(page).getByText(paymentTexts.invoicesEmpty)).toBeVisible();

  const name = uniqueName(testInfo, 'Invoice Inlet');
  const organization = await createOrganization(request, name);
  await payThroughApi(request, organization.id);
  await simulateAtProvider('renew', organization.id);

  await page.reload();
  const rows = invoicesSection(page).getByTestId('invoice');
  await expect(rows).toHaveCount(2);
  for (const row of await rows.all()) {
    await expect(row).toContainText(name);
    await expect(row).toContainText(plans.monthly.name);
    await expect(row).toContainText(formatAmount(plans.monthly.amountCents));
    await expect(row).toContainText(paymentTexts.noReceiptPage);
    await expect(row.getByRole('link')).toHaveCount(0);
  }
  await audit(page);
  await screenshot(page, 'dashboard-past-invoices');
});

test("a provider's receipt opens in a new tab", async ({ page, request, baseURL }, testInfo) => {
  const { email, password } = await createVerifiedAccount(request, uniqueEmail(testInfo, 'rcpt'));
  const name = uniqueName(testInfo, 'Receipt Reach');
  const organization = await createOrganization(request, name);
  // A card provider's invoice, as the API lists it; its hosted page stands in as a site page.
  const invoice: Invoice = {
    id: 'receipt-e2e',
    organizationId: organization.id,
    organizationName: name,
    plan: 'annual',
    provider: 'stripe',
    amountCents: plans.annual.amountCents,
    currency: 'usd',
    paidAt: '2026-10-24T12:00:00.000Z',
    periodStart: '2026-10-24T12:00:00.000Z',
    periodEnd: '2027-10-24T12:00:00.000Z',
    number: 'E2E-0001',
    url: `${baseURL}/about?receipt=E2E-0001`,
  };
  await page.route('**/api/payments/invoices', (route) =>
    route.fulfill({ json: { data: [invoice] } }),
  );
  await logIn(page, email, password);
  await page.goto('/dashboard/organizations');

  const row = invoicesSection(page).getByTestId('invoice');
  await expect(row).toContainText(formatAmount(plans.annual.amountCents));
  await expect(row).toContainText('Oct 24, 2026');
  await expect(row).toContainText('Oct 24, 2026 – Oct 24, 2027');
  const opened = page.waitForEvent('popup');
  await row.getByRole('link', { name: paymentTexts.viewReceipt }).click();
  const receipt = await opened;
  await expect(receipt).toHaveURL(/\/about\?receipt=E2E-0001$/);
  // The dashboard stays where it was, in its own tab.
  await expect(page).toHaveURL(/\/dashboard\/organizations$/);
});
