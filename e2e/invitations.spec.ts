import {
  invitationPageTexts as texts,
  type MyOrganization,
  type PendingInvitation,
} from '@si/contracts';
import { createOrganization, payThroughApi, uniqueName } from './fixtures.ts';
import {
  createVerifiedAccount,
  linkPath,
  site,
  uniqueEmail,
  waitForEmail,
} from './support/accounts.ts';
import { expect, test } from './support/test.ts';

/*
 * Invitations by email (ADR 049): an owner invites an editor; the editor opens the emailed link
 * signed out, logs in from the invitation page, comes back to it, accepts, and is a member.
 */

test('an invited editor accepts from the email and the organization is theirs to edit, not to bill', async ({
  page,
  request,
  playwright,
}, testInfo) => {
  test.slow();
  await createVerifiedAccount(request, uniqueEmail(testInfo, 'inviting-owner'));
  const name = uniqueName(testInfo, 'Lantern Works');
  const organization = await createOrganization(request, name);
  await payThroughApi(request, organization.id);

  const editorRequest = await playwright.request.newContext({ baseURL: site });
  const editor = await createVerifiedAccount(editorRequest, uniqueEmail(testInfo, 'invited'));
  const invited = await request.post(`/api/organizations/${organization.id}/invitations`, {
    data: { email: editor.email, role: 'editor' },
    headers: { origin: site },
  });
  expect(invited.status(), await invited.text()).toBe(201);
  expect(((await invited.json()) as { data: PendingInvitation }).data.role).toBe('editor');

  const email = await waitForEmail(editor.email, new RegExp(`invited you to ${name}`));
  const link = email.text.match(/https?:\/\/\S+\/invitations\/\S+/)?.[0];
  expect(link).toBeTruthy();
  const path = linkPath(email, new URL(link!).pathname);

  await page.goto(path);
  await expect(page.getByRole('heading', { name: texts.heading(name) })).toBeVisible();
  await expect(page.getByText(texts.signInFirst(editor.email))).toBeVisible();
  await page.getByRole('link', { name: texts.logIn, exact: true }).click();
  await expect(page).toHaveURL(/\/login/);
  await page.getByLabel('Email', { exact: true }).fill(editor.email);
  await page.getByLabel('Password', { exact: true }).fill(editor.password);
  await page.getByRole('button', { name: 'Log In', exact: true }).click();
  await expect(page).toHaveURL(path);

  await page.getByRole('button', { name: texts.accept }).click();
  await expect(page.getByRole('heading', { name: texts.joinedTitle })).toBeVisible();
  await page.getByRole('link', { name: texts.toDashboard }).click();
  await expect(page).toHaveURL('/dashboard/organizations');
  await expect(page.getByText(name).first()).toBeVisible();

  const mine = await page.request.get('/api/users/organizations');
  const listed = ((await mine.json()) as { data: MyOrganization[] }).data;
  expect(listed.map((one) => [one.name, one.myRole])).toEqual([[name, 'editor']]);
  const billing = await page.request.get(`/api/payments/subscription/${organization.id}`);
  expect(billing.status()).toBe(403);

  // The link was used: opening it again changes nothing and says so.
  await page.goto(path);
  await expect(page.getByRole('heading', { name: texts.usedTitle })).toBeVisible();
  await editorRequest.dispose();
});
