import { digestTexts } from '@si/contracts';
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
import { screenshot } from './support/screenshots.ts';
import { expect, test } from './support/test.ts';

/** The console's next digest (ADR 037): its preview, and Send now as the month's one digest. */
test.describe('the newsletter digest in the console', () => {
  test(
    'the next digest is previewed and sent now, once: then the console says it went out',
    { tag: '@desktop-only' },
    async ({ page, request }, testInfo) => {
      test.slow();
      // Once a month for the whole directory: this test alone sends it, at one width.
      const subscriber = uniqueEmail(testInfo, 'digest-reader');
      await request.post('/api/newsletter', {
        data: { email: subscriber },
        headers: { origin: site },
      });
      const confirmation = await waitForEmail(subscriber, /Confirm your subscription/);
      const token = new URL(linkPath(confirmation, '/newsletter/confirm'), site).searchParams.get(
        'token',
      );
      await request.post('/api/newsletter/confirm', { data: { token }, headers: { origin: site } });
      await waitForEmail(subscriber, /Welcome to the Scaling Impact newsletter/);

      const operator = uniqueEmail(testInfo, 'operator-digest');
      const { password } = await createVerifiedAccount(request, operator);
      await grantOperator(operator);
      await logIn(page, operator, password);
      await page.goto('/admin/newsletter');
      const next = page.getByRole('region', { name: digestTexts.nextDigest });
      await expect(next.getByText(/^New on Scaling Impact: \w+ \d{4}$/)).toBeVisible();
      await expect(next.getByText(digestTexts.organizationsHeading)).toBeVisible();
      await screenshot(page, 'console-next-digest');
      await expectNoSeriousAxeViolations(page);

      await next.getByRole('button', { name: digestTexts.sendNow }).click();
      const dialog = page.getByRole('alertdialog', { name: digestTexts.sendNowTitle });
      await expect(dialog).toBeVisible();
      await dialog.getByRole('button', { name: digestTexts.sendNow }).click();
      await expect(
        page.getByText(/^The digest of \w+ \d{4} is queued to [\d,]+ subscriber/),
      ).toBeVisible();
      await expect(next.getByText(/went out on/)).toBeVisible();
      await expect(next.getByRole('button', { name: digestTexts.sendNow })).toHaveCount(0);
      await waitForEmail(subscriber, /^New on Scaling Impact/);

      await page.goto(`/admin/audit?q=${encodeURIComponent('newsletter.digest-send')}`);
      await expect(page.getByText(/^newsletter\.digest-send$/).first()).toBeVisible();
    },
  );
});
