import { randomUUID } from 'node:crypto';
import type { Page, PlaywrightWorkerArgs, TestInfo } from '@playwright/test';
import { expect, test } from './support/test.ts';
import { detailTexts } from '@si/contracts';
import { createOrganization, uniqueName } from './fixtures.ts';
import { createVerifiedAccount, logIn, site, uniqueEmail } from './support/accounts.ts';

/*
 * ADR 019: a signed-in user on an organization that does not exist for them (unknown,
 * deleted, someone else's unpaid one, or no UUID at all) gets 'Organization Not Found', asked for
 * at most twice (the page the server rendered without cookies is asked again once with the
 * session), never the skeleton with requests without end.
 */

/** Counts the browser's requests for one organization, from now on. */
function countRequests(page: Page, id: string): () => number {
  let count = 0;
  page.on('request', (request) => {
    const url = new URL(request.url());
    if (request.method() === 'GET' && url.pathname === `/api/organizations/${id}`) count += 1;
  });
  return () => count;
}

async function expectNotFound(page: Page, path: string, id: string, title?: string) {
  const requests = countRequests(page, id);
  await page.goto(path);
  const body = page.getByText(detailTexts.notFoundBody(id), { exact: true });
  await expect(page.getByRole('heading', { name: detailTexts.notFoundHeading })).toBeVisible();
  await expect(body).toBeVisible();
  // Long enough for a loop to have asked dozens of times: the page still says it, and asked
  // at most twice.
  await page.waitForTimeout(1500);
  await expect(body).toBeVisible();
  if (title) await expect(page).toHaveTitle(title);
  expect(requests(), `requests for ${path}`).toBeLessThanOrEqual(2);
}

/** Someone else's organization, never paid for: it exists for its owner only. */
async function someoneElsesUnpaid(
  playwright: PlaywrightWorkerArgs['playwright'],
  testInfo: TestInfo,
  name: string,
) {
  const ownerRequest = await playwright.request.newContext({ baseURL: site });
  await createVerifiedAccount(ownerRequest, uniqueEmail(testInfo, 'unpaid-owner'));
  const unpaid = await createOrganization(ownerRequest, uniqueName(testInfo, name));
  await ownerRequest.dispose();
  return unpaid;
}

test.describe('an organization that does not exist for a signed-in user', () => {
  test(
    'its profile says Organization Not Found, asked for at most twice',
    { tag: '@desktop-only' },
    async ({ page, request, playwright }, testInfo) => {
      test.slow();
      const unpaid = await someoneElsesUnpaid(playwright, testInfo, 'Unpaid Orchard');

      const { email, password } = await createVerifiedAccount(
        request,
        uniqueEmail(testInfo, 'visitor'),
      );
      // One of this user's own, deleted: its old address.
      const deleted = await createOrganization(request, uniqueName(testInfo, 'Gone Co-op'));
      const deletion = await request.delete(`/api/organizations/${deleted.id}`, {
        headers: { origin: site },
      });
      expect(deletion.ok()).toBe(true);
      await logIn(page, email, password);

      const unknown = randomUUID();
      for (const id of [unknown, deleted.id, unpaid.id, 'not-a-uuid']) {
        await expectNotFound(page, `/organizations/${id}`, id, detailTexts.notFoundTitle);
      }
    },
  );

  test(
    'the editor and plan selection say Organization Not Found, asking at most twice',
    { tag: '@desktop-only' },
    async ({ page, request, playwright }, testInfo) => {
      test.slow();
      const unpaid = await someoneElsesUnpaid(playwright, testInfo, 'Unpaid Meadow');

      const { email, password } = await createVerifiedAccount(
        request,
        uniqueEmail(testInfo, 'stranger'),
      );
      await logIn(page, email, password);

      for (const id of [randomUUID(), unpaid.id, 'not-a-uuid']) {
        await expectNotFound(page, `/organizations/${id}/edit`, id);
        await expectNotFound(page, `/payments/select/${id}?new=1`, id);
      }
    },
  );
});
