import type { Page } from '@playwright/test';
import {
  dashboardTexts,
  invitationPageTexts,
  membersPageTexts as texts,
  organizationEditorTexts,
  paymentTexts,
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
import { screenshot } from './support/screenshots.ts';
import { expect, test } from './support/test.ts';

/*
 * Teams in the dashboard (ADR 047, 049): an owner invites an editor from the members page; the
 * editor joins from the email, keeps the profile, and sees no billing; the owner hands the
 * organization over and leaves; the editor is then its only owner.
 */

/** Opens `path` and waits for the app to run on it (the `page` fixture does this itself). */
async function open(page: Page, path: string) {
  await page.goto(path);
  await page.locator('html[data-hydrated="true"]').waitFor({ state: 'attached' });
}

/** The row of My Organizations of `name`. */
const organizationRow = (page: Page, name: string) =>
  page.getByTestId('my-organizations').getByRole('listitem').filter({ hasText: name });

test('an owner invites an editor, who edits without billing, then hands the organization over', async ({
  page,
  request,
  playwright,
  browser,
}, testInfo) => {
  // Two browsers, two accounts, an email and an edit: long on a shared machine.
  test.setTimeout(300_000);
  const owner = await createVerifiedAccount(request, uniqueEmail(testInfo, 'team-owner'));
  const name = uniqueName(testInfo, 'Harbour Commons');
  const organization = await createOrganization(request, name);
  await payThroughApi(request, organization.id);
  const editorRequest = await playwright.request.newContext({ baseURL: site });
  const editor = await createVerifiedAccount(editorRequest, uniqueEmail(testInfo, 'team-editor'));
  await editorRequest.dispose();
  const membersPath = `/dashboard/organizations/${organization.id}/members`;

  // The owner invites the editor from the members page.
  await logIn(page, owner.email, owner.password);
  await page.goto('/dashboard/organizations');
  await organizationRow(page, name)
    .getByRole('link', { name: `${texts.open} ${name}` })
    .click();
  await expect(page).toHaveURL(membersPath);
  await expect(page.getByRole('heading', { name: texts.title(name) })).toBeVisible();
  await expect(page.getByText(texts.noInvitations)).toBeVisible();
  // The footer has an email field too (the newsletter's).
  const inviteForm = page.getByRole('form', { name: texts.inviteHeading });
  await inviteForm.getByRole('textbox', { name: texts.emailLabel }).fill(editor.email);
  await inviteForm.getByRole('combobox', { name: texts.roleFieldLabel }).selectOption('editor');
  await inviteForm.getByRole('button', { name: texts.invite }).click();
  const invitation = page.getByTestId('invitation');
  await expect(invitation).toContainText(editor.email);
  await expect(
    invitation.getByRole('button', { name: texts.resendLabel(editor.email) }),
  ).toBeVisible();
  await expect(inviteForm.getByRole('textbox', { name: texts.emailLabel })).toHaveValue('');
  await screenshot(page, 'teams-owner-invited');

  // The editor, in a browser of their own, accepts from the email.
  const email = await waitForEmail(editor.email, new RegExp(`invited you to ${name}`));
  const link = email.text.match(/https?:\/\/\S+\/invitations\/\S+/)?.[0];
  expect(link).toBeTruthy();
  const editorContext = await browser.newContext({
    baseURL: site,
    viewport: page.viewportSize(),
    isMobile: testInfo.project.use.isMobile ?? false,
    hasTouch: testInfo.project.use.hasTouch ?? false,
  });
  const editorPage = await editorContext.newPage();
  await logIn(editorPage, editor.email, editor.password);
  await open(editorPage, linkPath(email, new URL(link!).pathname));
  await editorPage.getByRole('button', { name: invitationPageTexts.accept }).click();
  await editorPage.getByRole('link', { name: invitationPageTexts.toDashboard }).click();
  await expect(editorPage).toHaveURL('/dashboard/organizations');

  // An editor: the role shows, the profile's links are there, no billing anywhere.
  const row = organizationRow(editorPage, name);
  await expect(row.getByTestId('my-role')).toHaveText('Editor');
  await expect(row.getByRole('link', { name: `${texts.open} ${name}` })).toBeVisible();
  await expect(row.getByTestId('publication-status')).toBeVisible();
  await expect(
    editorPage.getByRole('link', {
      name: new RegExp(`${paymentTexts.choosePlanLink}|${paymentTexts.resubscribe}`),
    }),
  ).toHaveCount(0);
  await expect(
    editorPage.getByRole('heading', { name: dashboardTexts.mySubscriptions }),
  ).toHaveCount(0);
  await expect(editorPage.getByRole('heading', { name: paymentTexts.invoicesTitle })).toHaveCount(
    0,
  );
  await screenshot(editorPage, 'teams-editor-dashboard');

  // The editor keeps the profile.
  await row.getByRole('link', { name: `${dashboardTexts.editOrganization} ${name}` }).click();
  await expect(
    editorPage.getByRole('heading', { level: 1, name: organizationEditorTexts.editHeading }),
  ).toBeVisible();
  const description = 'Kept by the team: reading clubs along the harbour, every week.';
  await editorPage
    .getByLabel(organizationEditorTexts.descriptionLabel, { exact: true })
    .fill(description);
  await editorPage.getByRole('button', { name: organizationEditorTexts.saveChanges }).click();
  await expect(editorPage).toHaveURL(new RegExp(`/organizations/${organization.id}$`));
  await expect(editorPage.getByText(description)).toBeVisible();

  // The owner sees the editor among the members, hands the organization over and leaves.
  await page.goto(membersPath);
  // Signed up without a name: the page calls them by their address.
  const editorName = editor.email;
  await expect(page.getByTestId('member').filter({ hasText: editorName })).toBeVisible();
  await expect(page.getByTestId('invitation')).toHaveCount(0);
  await screenshot(page, 'teams-owner-members');
  await page.getByRole('button', { name: texts.transferLabel(editorName) }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByRole('radio', { name: texts.transferLeave }).check();
  await screenshot(page, 'teams-transfer-dialog', { viewport: true });
  await dialog.getByRole('button', { name: texts.transferConfirm }).click();
  await expect(page).toHaveURL('/dashboard/organizations');
  await expect(page.getByText(texts.transferredAndLeft(editorName, name))).toBeVisible();
  await expect(organizationRow(page, name)).toHaveCount(0);

  // The former editor is now the only owner.
  await open(editorPage, membersPath);
  const members = editorPage.getByTestId('member');
  await expect(members).toHaveCount(1);
  await expect(members).toContainText(texts.you);
  await expect(members.getByRole('combobox', { name: texts.changeRole(editorName) })).toHaveValue(
    'owner',
  );
  await expect(
    editorPage.getByRole('heading', { name: texts.invitationsHeading, exact: true }),
  ).toBeVisible();
  await screenshot(editorPage, 'teams-new-owner');
  await editorContext.close();
});
