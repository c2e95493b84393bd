import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { expect, test } from './support/test.ts';
import { API_KEY_PREFIX, apiKeyTexts } from '@si/contracts';
import { createVerifiedAccount, logIn, site, uniqueEmail } from './support/accounts.ts';
import { expectNoSeriousAxeViolations as audit } from './support/axe-audit.ts';
import { screenshot } from './support/screenshots.ts';

/*
 * A partner's key (ADR 055): a user creates an API key in the dashboard, sees its secret once,
 * and a page on another origin reads the public API with it from the browser (CORS); once the
 * key is revoked, that page is told so.
 */

/** A partner's page on its own origin: it reads the directory with the key it is given. */
function partnerPage(): Promise<{ server: Server; origin: string }> {
  const html = `<!doctype html><meta charset="utf-8"><title>Partner</title>
<p id="status">waiting</p><ul id="names"></ul>
<script>
async function readWith(key, limit) {
  const status = document.getElementById('status');
  try {
    const answer = await fetch(${JSON.stringify(site)} + '/api/organizations?limit=' + limit, {
      headers: { 'X-API-Key': key },
    });
    const body = await answer.json();
    if (!answer.ok) { status.textContent = 'refused ' + answer.status + ' ' + body.error.code; return; }
    for (const organization of body.data) {
      const item = document.createElement('li');
      item.textContent = organization.name;
      document.getElementById('names').append(item);
    }
    status.textContent = 'read ' + body.data.length;
  } catch (error) {
    status.textContent = 'blocked ' + error;
  }
}
</script>`;
  const server = createServer((_request, response) => {
    response.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
    response.end(html);
  });
  return new Promise((resolve) =>
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as AddressInfo;
      resolve({ server, origin: `http://127.0.0.1:${port}` });
    }),
  );
}

test('a user creates an API key, sees it once, and a page on another site reads the API with it', async ({
  page,
  context,
  request,
}, testInfo) => {
  test.slow();
  const { email, password } = await createVerifiedAccount(request, uniqueEmail(testInfo, 'keys'));
  await logIn(page, email, password);
  await page.goto('/dashboard/api-keys');
  await expect(page.getByRole('heading', { name: apiKeyTexts.heading, exact: true })).toBeVisible();
  await expect(page.getByText(apiKeyTexts.empty)).toBeVisible();

  await page.getByRole('button', { name: apiKeyTexts.create }).click();
  const form = page.getByRole('dialog', { name: apiKeyTexts.createTitle });
  await form.getByRole('button', { name: apiKeyTexts.create }).click();
  await expect(form.getByText(apiKeyTexts.nameRequired)).toBeVisible();
  await form.getByLabel(apiKeyTexts.nameLabel).fill('Newsroom widget');
  await form.getByRole('button', { name: apiKeyTexts.create }).click();

  const shown = page.getByRole('dialog', { name: apiKeyTexts.createdTitle });
  await expect(shown.getByText(apiKeyTexts.createdWarning)).toBeVisible();
  const secret = await shown.getByLabel(apiKeyTexts.secretLabel).inputValue();
  expect(secret.startsWith(API_KEY_PREFIX)).toBe(true);
  await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: site });
  await shown.getByRole('button', { name: apiKeyTexts.copy }).click();
  await expect(shown.getByRole('button', { name: apiKeyTexts.copied })).toBeVisible();
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(secret);
  await audit(page);
  await screenshot(page, 'api-key-created', { viewport: true });
  await shown.getByRole('button', { name: apiKeyTexts.done }).click();
  await expect(shown).toBeHidden();

  // Listed by name and its first characters; the secret itself is never shown again.
  const item = page.getByTestId('api-key').filter({ hasText: 'Newsroom widget' });
  await expect(item).toContainText(secret.slice(0, API_KEY_PREFIX.length + 4));
  await expect(page.getByText(secret)).toHaveCount(0);
  await expect(item).toContainText(apiKeyTexts.neverUsed);

  const partner = await partnerPage();
  try {
    const other = await context.newPage();
    await other.goto(partner.origin);
    await other.evaluate(
      ([key, limit]) =>
        (window as unknown as { readWith(key: string, limit: number): Promise<void> }).readWith(
          key,
          limit,
        ),
      [secret, 3] as const,
    );
    await expect(other.locator('#status')).toHaveText('read 3');
    await expect(other.locator('#names li')).toHaveCount(3);

    // Its request is counted for today, under the key's name.
    await page.reload();
    await expect(item).not.toContainText(apiKeyTexts.neverUsed);
    await expect(item).toContainText(apiKeyTexts.lastUsed);
    const usage = page.getByTestId('api-key-usage');
    await expect(usage.getByRole('row').filter({ hasText: 'Newsroom widget' })).toContainText('1');
    await audit(page);
    await screenshot(page, 'api-keys');

    // Revoked behind a confirmation: the partner's page is refused, in words it can read.
    await item.getByRole('button', { name: `${apiKeyTexts.revoke} Newsroom widget` }).click();
    const confirm = page.getByRole('alertdialog', {
      name: apiKeyTexts.revokeTitle('Newsroom widget'),
    });
    await confirm.getByRole('button', { name: apiKeyTexts.revokeConfirm }).click();
    await expect(page.getByText(apiKeyTexts.revoked('Newsroom widget'))).toBeVisible();
    await expect(item).toHaveCount(0);
    await other.evaluate(
      ([key, limit]) =>
        (window as unknown as { readWith(key: string, limit: number): Promise<void> }).readWith(
          key,
          limit,
        ),
      // Another address than before: the browser's cache may keep the first answer.
      [secret, 2] as const,
    );
    await expect(other.locator('#status')).toHaveText('refused 401 API_KEY_INVALID');
  } finally {
    await new Promise((resolve) => partner.server.close(resolve));
  }
});
