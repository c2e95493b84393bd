import { roleEditorTexts as texts, roleMessages, type Milestone, type Role } from '@si/contracts';
import { createOrganization, payThroughApi, uniqueName } from './fixtures.ts';
import { createVerifiedAccount, logIn, uniqueEmail } from './support/accounts.ts';
import { expectNoSeriousAxeViolations } from './support/axe-audit.ts';
import { screenshot } from './support/screenshots.ts';
import { expect, test } from './support/test.ts';

/*
 * The owner's page of open roles and milestones (ADR 042): a role and a milestone added through
 * the forms, the schema's words on a bad one, and what the public API then answers.
 */

test('an owner adds an open role and a milestone, and visitors get them', async ({
  page,
  request,
  playwright,
}, testInfo) => {
  test.slow();
  const account = await createVerifiedAccount(request, uniqueEmail(testInfo, 'roles'));
  const name = uniqueName(testInfo, 'Harvest Commons');
  const organization = await createOrganization(request, name);
  await payThroughApi(request, organization.id);
  await logIn(page, account.email, account.password);

  await page.goto('/dashboard/organizations');
  await page.getByRole('link', { name: `${texts.open} ${name}` }).click();
  await expect(page).toHaveURL(`/dashboard/organizations/${organization.id}/roles`);
  await expect(page.getByRole('heading', { name: texts.title(name) })).toBeVisible();
  await expect(page.getByText(texts.noRoles)).toBeVisible();
  await expectNoSeriousAxeViolations(page);
  await screenshot(page, 'owner-roles-empty');

  // A role sent empty: each field says what it needs, in the server's words.
  const roles = page.getByRole('region', { name: texts.rolesHeading });
  await roles.getByRole('button', { name: texts.addRole }).click();
  await roles.getByRole('button', { name: texts.save }).click();
  await expect(roles.getByText(roleMessages.titleRequired)).toBeVisible();
  await expect(roles.getByText(roleMessages.kindRequired)).toBeVisible();

  await roles.getByLabel(texts.titleLabel, { exact: true }).fill('Field Coordinator, Rift Valley');
  await roles.getByLabel(texts.kindLabel, { exact: true }).selectOption({ label: 'Full-time' });
  await roles.getByLabel(texts.workplaceLabel, { exact: true }).selectOption({ label: 'Hybrid' });
  await roles.getByLabel(texts.countryLabel, { exact: true }).selectOption({ label: 'Kenya' });
  await roles.getByLabel(texts.cityLabel, { exact: true }).fill('Nakuru');
  await roles.getByLabel(texts.payMinLabel, { exact: true }).fill('90000');
  await roles.getByLabel(texts.payMaxLabel, { exact: true }).fill('60000');
  await roles.getByLabel(texts.payCurrencyLabel, { exact: true }).fill('kes');
  await roles.getByLabel(texts.payPeriodLabel, { exact: true }).selectOption({ label: 'month' });
  await roles
    .getByLabel(texts.descriptionLabel, { exact: true })
    .fill('You will run our farmer groups.\n\nYou speak Swahili and drive.');
  await roles.getByLabel(texts.applyLabel, { exact: true }).fill('careers@harvest.example.org');
  await roles.getByRole('button', { name: texts.save }).click();
  await expect(roles.getByText(roleMessages.payMinAboveMax)).toBeVisible();
  await screenshot(page, 'owner-role-form-error');

  await roles.getByLabel(texts.payMinLabel, { exact: true }).fill('60000');
  await roles.getByLabel(texts.payMaxLabel, { exact: true }).fill('90000');
  await roles.getByRole('button', { name: texts.save }).click();
  const row = roles.getByTestId('owner-role');
  await expect(row).toHaveCount(1);
  await expect(row).toContainText('Field Coordinator, Rift Valley');
  await expect(row).toContainText('Hybrid · Nakuru, Kenya');
  await expect(row).toContainText(texts.status.open);
  await expect(roles.getByText(texts.rolesCount(1))).toBeVisible();
  // An open role's public page is a link away (ADR 043).
  const view = row.getByRole('link', { name: `${texts.view} Field Coordinator, Rift Valley` });
  await expect(view).toHaveAttribute(
    'href',
    new RegExp(`^/organizations/${organization.id}/roles/[0-9a-f-]{36}$`),
  );

  const milestones = page.getByRole('region', { name: texts.milestonesHeading });
  await milestones.getByRole('button', { name: texts.addMilestone }).click();
  await milestones.getByLabel(texts.yearLabel, { exact: true }).fill('2023');
  await milestones.getByLabel(texts.monthLabel, { exact: true }).selectOption({ label: 'March' });
  await milestones
    .getByLabel(texts.milestoneTitleLabel, { exact: true })
    .fill('1,000 farmers trained');
  await milestones
    .getByLabel(texts.milestoneTextLabel, { exact: true })
    .fill('Across four counties.');
  await milestones.getByRole('button', { name: texts.saveMilestone }).click();
  await expect(milestones.getByTestId('owner-milestone')).toContainText('March 2023');
  await screenshot(page, 'owner-roles-filled');

  // What a visitor (no session) gets from the API: the open role, its mailto: link, the milestone.
  const visitor = await playwright.request.newContext({ baseURL: testInfo.project.use.baseURL });
  const publicRoles = await visitor.get(`/api/organizations/${organization.id}/roles`);
  expect(publicRoles.status()).toBe(200);
  const [role] = ((await publicRoles.json()) as { data: Role[] }).data;
  expect(role).toMatchObject({
    title: 'Field Coordinator, Rift Valley',
    workplace: 'hybrid',
    country: 'KE',
    city: 'Nakuru',
    pay: { min: 60000, max: 90000, currency: 'KES', period: 'month' },
    apply: 'mailto:careers@harvest.example.org',
    description: 'You will run our farmer groups.\n\nYou speak Swahili and drive.',
  });
  const publicMilestones = await visitor.get(`/api/organizations/${organization.id}/milestones`);
  expect(((await publicMilestones.json()) as { data: Milestone[] }).data).toMatchObject([
    { year: 2023, month: 3, title: '1,000 farmers trained' },
  ]);

  // Closed, it is gone from the public answer at once, and the owner can reopen it.
  await row.getByRole('button', { name: new RegExp(`^${texts.close}`) }).click();
  await expect(row).toContainText(texts.status.closed);
  await expect(view).toHaveCount(0);
  const afterClose = await visitor.get(`/api/organizations/${organization.id}/roles`);
  expect(((await afterClose.json()) as { data: Role[] }).data).toEqual([]);
  await row.getByRole('button', { name: new RegExp(`^${texts.reopen}`) }).click();
  await expect(row).toContainText(texts.status.open);
  await visitor.dispose();
});
