import {
  roleKindNames,
  saveSearchButtonTexts,
  savedRoleSearchTexts,
  savedSearchTexts,
} from '@si/contracts';
import { createOrganization, payThroughApi, uniqueName } from './fixtures.ts';
import {
  createVerifiedAccount,
  logIn,
  site,
  uniqueEmail,
  waitForEmail,
} from './support/accounts.ts';
import { expectNoSeriousAxeViolations as audit } from './support/axe-audit.ts';
import { sendAlertsAsOf } from './support/saved-search-alerts.ts';
import { screenshot } from './support/screenshots.ts';
import { expect, test } from './support/test.ts';

/*
 * Saved searches that follow open roles (ADR 046): a verified user sees "Save this search" with
 * the directory's Hiring filter on, saves the search of /roles, finds it in the dashboard marked
 * as following roles with its filters, and is emailed the role posted since that matches it,
 * with a link to the role's page.
 */

const DAY = 24 * 60 * 60 * 1000;

test('a user saves a search of open roles, sees it in the dashboard and gets the new role by email', async ({
  page,
  request,
}, testInfo) => {
  test.slow();
  const { email, password } = await createVerifiedAccount(
    request,
    uniqueEmail(testInfo, 'saved-roles'),
  );
  // One word that only this test's roles will have.
  const word = uniqueName(testInfo, 'x').split(' ').at(-1)!;
  await logIn(page, email, password);

  // The directory's Hiring filter is saved like any other: the button is there with it on.
  await page.goto('/?hiring=true');
  await expect(page.getByRole('button', { name: saveSearchButtonTexts.save })).toBeVisible();

  await page.goto(`/roles?q=${word}&kind=full_time`);
  const save = page.getByRole('button', { name: saveSearchButtonTexts.save });
  await expect(save).toBeVisible();
  await save.click();
  const dialog = page.getByRole('dialog', { name: savedSearchTexts.dialogTitle });
  await expect(dialog).toBeVisible();
  await expect(dialog.getByText(savedRoleSearchTexts.dialogDescription)).toBeVisible();
  const name = dialog.getByLabel(savedSearchTexts.nameLabel);
  await expect(name).toHaveValue(`“${word}”, ${roleKindNames.full_time}`);
  await audit(page);
  await screenshot(page, 'saved-role-search-dialog', { viewport: true });
  const searchName = `Full-time ${word}`;
  await name.fill(searchName);
  await dialog.getByRole('button', { name: savedSearchTexts.submit }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByText(savedRoleSearchTexts.saved(searchName))).toBeVisible();

  await page.goto('/dashboard/saved-searches');
  const item = page.getByRole('listitem').filter({ hasText: searchName });
  await expect(item).toBeVisible();
  await expect(item.getByTestId('saved-search-follows')).toHaveText(savedRoleSearchTexts.follows);
  const filters = item.getByRole('list', { name: savedSearchTexts.filtersLabel });
  await expect(filters.getByRole('listitem')).toHaveText([`“${word}”`, roleKindNames.full_time]);
  await expect(item.getByRole('link', { name: savedSearchTexts.open })).toHaveAttribute(
    'href',
    `/roles?q=${word}&kind=full_time`,
  );
  await audit(page);
  await screenshot(page, 'saved-role-searches-dashboard');

  // Posted after the search was saved: one that matches, one of another kind.
  const organization = await createOrganization(request, uniqueName(testInfo, 'Estuary Trust'));
  await payThroughApi(request, organization.id);
  const posted: Record<string, string> = {};
  for (const [title, kind] of [
    [`Reading teacher ${word}`, 'full_time'],
    [`Weekend helper ${word}`, 'volunteer'],
  ] as const) {
    const answer = await request.post(`/api/organizations/${organization.id}/roles`, {
      data: {
        title,
        kind,
        workplace: 'on_site',
        country: 'KE',
        city: 'Nairobi',
        description: 'Work along the river with the reading clubs.',
        apply: 'https://example.org/jobs',
      },
      headers: { origin: site },
    });
    expect(answer.ok(), await answer.text()).toBe(true);
    posted[kind] = ((await answer.json()) as { data: { id: string } }).data.id;
  }
  await sendAlertsAsOf(new Date(Date.now() + 8 * DAY), email);
  const alert = await waitForEmail(email, new RegExp(`new open role for “${searchName}”`));
  expect(alert.subject).toBe(savedRoleSearchTexts.emailSubject(1, searchName));
  expect(alert.text).toContain(`Reading teacher ${word}`);
  expect(alert.text).toContain(`/organizations/${organization.id}/roles/${posted.full_time}`);
  expect(alert.text).not.toContain(`Weekend helper ${word}`);
});
