import { Webhook } from 'standardwebhooks';
import { webhookTexts } from '@si/contracts';
import { startWebhookReceiver } from '../apps/api/test/support/webhook-receiver.ts';
import { createOrganization, uniqueName } from './fixtures.ts';
import { createVerifiedAccount, logIn, site, uniqueEmail } from './support/accounts.ts';
import { guestCodeFor } from './support/guest-codes.ts';
import { grantOperator } from './support/operators.ts';
import { screenshot } from './support/screenshots.ts';
import { expect, test } from './support/test.ts';

/**
 * Webhooks in the operator console (ADR 056): an operator adds a partner's endpoint (a receiver
 * this test starts on 127.0.0.1, let in by the test server's WEBHOOKS_ALLOW_* switches), copies
 * the secret shown once, and after an owner publishes an organization sees the delivery on the
 * endpoint's page; the receiver verifies its signature with Standard Webhooks' own package.
 */
test('an operator adds an endpoint and sees an organization’s publication delivered to it', async ({
  page,
  request,
  playwright,
}, testInfo) => {
  test.slow();
  const receiver = await startWebhookReceiver();
  const owner = await playwright.request.newContext({ baseURL: site });
  try {
    const operatorEmail = uniqueEmail(testInfo, 'hooks-operator');
    const { password } = await createVerifiedAccount(request, operatorEmail);
    await grantOperator(operatorEmail);
    await logIn(page, operatorEmail, password);

    await page.goto('/admin/webhooks');
    await expect(page.getByRole('heading', { level: 2, name: webhookTexts.heading })).toBeVisible();
    const url = `http://127.0.0.1:${receiver.port}/${testInfo.project.name}`;
    await page.getByLabel(webhookTexts.urlLabel, { exact: true }).fill(url);
    await expect(
      page.getByRole('checkbox', { name: webhookTexts.eventNames['organization.published'] }),
    ).toBeChecked();
    await screenshot(page, 'console-webhooks-add');
    await page.getByRole('button', { name: webhookTexts.add, exact: true }).click();
    const secret = (await page.getByTestId('webhook-secret').textContent())!;
    expect(secret).toMatch(/^whsec_/);
    await screenshot(page, 'console-webhooks-secret');
    await page.getByRole('button', { name: webhookTexts.secretDone }).click();
    await expect(page.getByTestId('webhook-secret')).toHaveCount(0);

    // An owner publishes an organization with a guest code.
    await createVerifiedAccount(owner, uniqueEmail(testInfo, 'hooks-owner'));
    const name = uniqueName(testInfo, 'Webhook Wetlands');
    const organization = await createOrganization(owner, name);
    const applied = await owner.post('/api/payments/apply-guest-code', {
      data: { organizationId: organization.id, code: guestCodeFor(testInfo.project.name) },
      headers: { origin: site },
    });
    expect(applied.ok()).toBe(true);

    const ours = () =>
      receiver.received
        .map((received) => {
          const headers = Object.fromEntries(
            ['webhook-id', 'webhook-timestamp', 'webhook-signature'].map((header) => [
              header,
              String(received.headers[header]),
            ]),
          );
          return new Webhook(secret).verify(received.body, headers) as {
            type: string;
            data: { id: string };
          };
        })
        .filter((event) => event.data.id === organization.id);
    await expect.poll(() => ours().map((event) => event.type)).toEqual(['organization.published']);

    await page.getByRole('link', { name: url }).click();
    await expect(page.getByRole('heading', { level: 2, name: url })).toBeVisible();
    const delivery = page.getByTestId('webhook-delivery').first();
    await expect(delivery).toContainText(webhookTexts.statusNames.delivered);
    await expect(delivery).toContainText(webhookTexts.answerCode(204));
    await screenshot(page, 'console-webhook-deliveries');

    // Gone again, so no later publication is sent to a receiver that has stopped.
    await page.getByRole('button', { name: webhookTexts.remove, exact: true }).click();
    const dialog = page.getByRole('alertdialog');
    await dialog.getByRole('button', { name: webhookTexts.remove, exact: true }).click();
    await expect(page).toHaveURL(/\/admin\/webhooks$/);
    await expect(page.getByRole('link', { name: url })).toHaveCount(0);
  } finally {
    await owner.dispose();
    await receiver.close();
  }
});
