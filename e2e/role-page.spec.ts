import type { APIRequestContext } from '@playwright/test';
import { roleApplyPath, roleKindNames, rolePageTexts as texts, type Role } from '@si/contracts';
import { createOrganization, findOrganization, payThroughApi, uniqueName } from './fixtures.ts';
import { createVerifiedAccount, site, uniqueEmail } from './support/accounts.ts';
import { screenshot } from './support/screenshots.ts';
import { expect, test } from './support/test.ts';

/*
 * A role's public page (ADR 043), server-rendered: a demo role of the seeded directory, read
 * with and without JavaScript, and its Apply action.
 */

const ORGANIZATION = 'Mvua Water Works';
const ROLE = 'Field Technician, Rainwater Systems';

/** The demo role, as the public roles API answers it. */
async function demoRole(request: APIRequestContext): Promise<Role> {
  const organization = await findOrganization(request, `q=${encodeURIComponent(ORGANIZATION)}`);
  const answer = await request.get(`/api/organizations/${organization.id}/roles`);
  expect(answer.ok()).toBe(true);
  const roles = ((await answer.json()) as { data: Role[] }).data;
  const role = roles.find(({ title }) => title === ROLE);
  expect(role, `${ORGANIZATION} has the open role ${ROLE}`).toBeDefined();
  return role!;
}

for (const javaScriptEnabled of [true, false]) {
  test.describe(`a role's page, ${javaScriptEnabled ? 'with' : 'without'} JavaScript`, () => {
    test.use({ javaScriptEnabled });

    test('shows the role, its organization and how to apply', async ({ page, request }) => {
      const role = await demoRole(request);
      await page.goto(`/organizations/${role.organizationId}/roles/${role.id}`);

      await expect(page.getByRole('heading', { level: 1, name: ROLE })).toBeVisible();
      await expect(page).toHaveTitle(texts.title(ROLE, ORGANIZATION));
      const organizationLink = page.getByRole('link', { name: ORGANIZATION });
      await expect(organizationLink).toHaveAttribute(
        'href',
        `/organizations/${role.organizationId}`,
      );
      const facts = page.getByTestId('role-page').locator('dl');
      await expect(facts).toContainText(roleKindNames.full_time);
      await expect(facts).toContainText('Kisumu, Kenya');
      await expect(facts).toContainText('KES 45,000 – 65,000 per month');
      // The description as typed: its paragraphs stay apart.
      const description = page.getByTestId('role-description');
      await expect(description).toContainText(role.description.split('\n\n')[0]!);
      expect(await description.evaluate((element) => getComputedStyle(element).whiteSpace)).toBe(
        'pre-line',
      );

      const apply = page.getByTestId('role-apply');
      // Through the server, which counts the click and sends the visitor on to the role's link.
      await expect(apply).toHaveAttribute('href', roleApplyPath(role.organizationId, role.id));
      const followed = await request.get(roleApplyPath(role.organizationId, role.id), {
        maxRedirects: 0,
      });
      expect(followed.status()).toBe(302);
      expect(followed.headers()['location']).toBe(role.apply);
      await expect(apply).toHaveText(
        role.apply.startsWith('mailto:') ? texts.applyByEmail : texts.apply,
      );
      await screenshot(page, `role-page${javaScriptEnabled ? '' : '-no-js'}`);

      // The organization's name leads to its profile.
      await organizationLink.click();
      await expect(page).toHaveURL(new RegExp(`/organizations/${role.organizationId}$`));
      await expect(page.getByRole('heading', { level: 1, name: ORGANIZATION })).toBeVisible();
    });
  });
}

test('a closed role’s page says so, answers 410, and leads to the organization', async ({
  page,
  request,
}, testInfo) => {
  await createVerifiedAccount(request, uniqueEmail(testInfo, 'closed-role'));
  const name = uniqueName(testInfo, 'Lakeside Clinics');
  const organization = await createOrganization(request, name);
  await payThroughApi(request, organization.id);
  const posted = await request.post(`/api/organizations/${organization.id}/roles`, {
    data: {
      title: 'Night Nurse',
      kind: 'part_time',
      workplace: 'remote',
      description: 'Answers the night line.',
      apply: 'https://lakeside.example/jobs/nurse',
    },
    headers: { origin: site },
  });
  expect(posted.ok(), await posted.text()).toBe(true);
  const role = ((await posted.json()) as { data: Role }).data;
  const closed = await request.post(
    `/api/organizations/${organization.id}/roles/${role.id}/close`,
    { headers: { origin: site } },
  );
  expect(closed.ok(), await closed.text()).toBe(true);

  const answer = await page.goto(`/organizations/${organization.id}/roles/${role.id}`);
  expect(answer?.status()).toBe(410);
  await expect(page.getByRole('heading', { level: 1, name: texts.goneHeading })).toBeVisible();
  await expect(page.getByText('Night Nurse')).toHaveCount(0);
  await screenshot(page, 'role-page-gone');
  await page.getByRole('link', { name: texts.goneLink(name) }).click();
  await expect(page).toHaveURL(new RegExp(`/organizations/${organization.id}$`));
  await expect(page.getByRole('heading', { level: 1, name })).toBeVisible();
});
