import type { Page } from '@playwright/test';
import { expect, test } from './support/test.ts';
import {
  dashboardTexts,
  paymentHoldNames,
  paymentTexts,
  publicationStateNames,
  subscriptionStatusNames,
} from '@si/contracts';
import { createOrganization, payThroughApi, uniqueName } from './fixtures.ts';
import { createVerifiedAccount, logIn, uniqueEmail } from './support/accounts.ts';
import { simulateAtProvider } from './support/test-provider-cli.ts';

/*
 * A period whose payment is refunded or disputed at the provider is out of the directory, and
 * My Subscriptions says so (ADR 013). The test checkout plays the provider through the CLI.
 */

function subscriptionRow(page: Page, name: string) {
  return page.getByTestId('subscription').filter({ hasText: name });
}

function organizationRow(page: Page, name: string) {
  return page.getByTestId('my-organizations').getByRole('listitem').filter({ hasText: name });
}

test(
  'My Subscriptions shows a refunded and a disputed payment as not published, and a dispute won as active',
  { tag: '@desktop-only' },
  async ({ page, request }, testInfo) => {
    test.slow();
    const { email, password } = await createVerifiedAccount(request, uniqueEmail(testInfo, 'held'));
    const refundedName = uniqueName(testInfo, 'Refunded Reef');
    const disputedName = uniqueName(testInfo, 'Disputed Delta');
    const refunded = await createOrganization(request, refundedName);
    const disputed = await createOrganization(request, disputedName);
    await payThroughApi(request, refunded.id);
    await payThroughApi(request, disputed.id);
    expect(await simulateAtProvider('refund', refunded.id)).toContain(paymentHoldNames.refunded);
    expect(await simulateAtProvider('dispute', disputed.id)).toContain(paymentHoldNames.disputed);

    await logIn(page, email, password);
    await page.goto('/dashboard/organizations');
    await expect(page.getByRole('heading', { name: dashboardTexts.mySubscriptions })).toBeVisible();
    await expect(subscriptionRow(page, refundedName)).toContainText(paymentHoldNames.refunded);
    await expect(subscriptionRow(page, disputedName)).toContainText(paymentHoldNames.disputed);
    const refundedState = organizationRow(page, refundedName);
    await expect(refundedState).toContainText(publicationStateNames.refunded);
    await expect(refundedState).toContainText(paymentTexts.hiddenFromDirectory);
    await expect(organizationRow(page, disputedName)).toContainText(publicationStateNames.disputed);
    // The dispute is won while the period is still paid: published again.
    await simulateAtProvider('dispute-won', disputed.id);
    await page.reload();
    await expect(subscriptionRow(page, disputedName)).toContainText(subscriptionStatusNames.paid);
    await expect(organizationRow(page, disputedName)).toContainText(publicationStateNames.live);
    await expect(subscriptionRow(page, refundedName)).toContainText(paymentHoldNames.refunded);
  },
);
