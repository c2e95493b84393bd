import type { Page } from '@playwright/test';
import { consoleRoleTexts, consoleTexts, reportReasonLabels, roleErrorCodes } from '@si/contracts';
import { createVerifiedAccount, logIn, site, uniqueEmail } from './support/accounts.ts';
import { expectNoSeriousAxeViolations } from './support/axe-audit.ts';
import { grantOperator } from './support/operators.ts';
import { screenshot } from './support/screenshots.ts';
import { expect, test } from './support/test.ts';

/**
 * Open roles in the operator console (ADR 045): an operator holds a demo organization's role
 * with a reason, sees it held on the organization's page and in the audit log, while the public
 * reads drop it; a visitor's report about another role is in the queue, marked as about it.
 * The demo role is released at the end, so the demo stays as seeded for every other spec.
 */

/** A demo organization no other spec names (its roles are seeded with the demo). */
const DEMO_ORGANIZATION = 'Saltbush Ranger Alliance';

async function signInAsOperator(
  page: Page,
  request: Parameters<typeof createVerifiedAccount>[0],
  email: string,
) {
  const { password } = await createVerifiedAccount(request, email);
  await grantOperator(email);
  await logIn(page, email, password);
}

/** The role's id, from its public page's link on the console. */
async function roleIdOf(page: Page, role: ReturnType<Page['getByTestId']>) {
  const href = await role
    .getByRole('link', { name: consoleRoleTexts.publicRole })
    .getAttribute('href');
  return href!.split('/').at(-1)!;
}

test.describe('roles in the operator console', () => {
  test(
    'an operator holds a demo role with a reason and sees it held; a report about a role is in the queue',
    { tag: '@desktop-only' },
    async ({ page, request, playwright }, testInfo) => {
      test.slow();
      await signInAsOperator(page, request, uniqueEmail(testInfo, 'roles-operator'));

      await page.goto('/admin');
      const figures = page.getByRole('region', { name: consoleRoleTexts.figuresHeading });
      await expect(figures.getByText(consoleRoleTexts.figures.held, { exact: true })).toBeVisible();
      await screenshot(page, 'console-roles-overview');

      await page.goto('/admin/organizations');
      await page.getByRole('searchbox', { name: consoleTexts.searchLabel }).fill(DEMO_ORGANIZATION);
      await page.getByRole('button', { name: consoleTexts.searchButton, exact: true }).click();
      await page.getByRole('link', { name: DEMO_ORGANIZATION }).click();
      await expect(page.getByRole('heading', { level: 2, name: DEMO_ORGANIZATION })).toBeVisible();
      const organizationId = page.url().split('/').at(-1)!;

      const roles = page.getByRole('region', { name: consoleRoleTexts.rolesHeading });
      const role = roles
        .getByTestId('console-role')
        .filter({ has: page.getByText(consoleRoleTexts.statusNames.open, { exact: true }) })
        .first();
      const title = (await role.locator('span.font-semibold').first().textContent())!;
      const roleId = await roleIdOf(page, role);
      const publicRoles = async () =>
        (
          (await (await request.get(`/api/organizations/${organizationId}/roles`)).json()) as {
            data: { id: string }[];
          }
        ).data.map((listed) => listed.id);
      expect(await publicRoles()).toContain(roleId);

      // Hold it, saying why.
      const reason = `Asks applicants for a fee (${testInfo.project.name})`;
      await role.getByRole('button', { name: consoleRoleTexts.hold, exact: true }).click();
      const dialog = page.getByRole('dialog', { name: consoleRoleTexts.holdTitle(title) });
      await dialog.getByLabel(consoleTexts.reasonLabel, { exact: true }).fill(reason);
      await expectNoSeriousAxeViolations(page);
      await screenshot(page, 'console-role-hold-dialog', { viewport: true });
      await dialog.getByRole('button', { name: consoleRoleTexts.hold, exact: true }).click();
      await expect(dialog).toBeHidden();
      await expect(page.getByText(consoleRoleTexts.held)).toBeVisible();

      const heldRole = roles
        .getByTestId('console-role')
        .filter({ hasText: consoleRoleTexts.heldBecause(reason) });
      await expect(heldRole).toContainText(title);
      await expect(
        heldRole.getByText(consoleRoleTexts.statusNames.held, { exact: true }),
      ).toBeVisible();
      await expect(
        heldRole.getByRole('button', { name: consoleRoleTexts.release, exact: true }),
      ).toBeVisible();
      // Off the public reads at once.
      expect(await publicRoles()).not.toContain(roleId);
      const gone = await request.get(`/api/organizations/${organizationId}/roles/${roleId}`);
      expect(gone.status()).toBe(410);
      expect(((await gone.json()) as { error: { code: string } }).error.code).toBe(
        roleErrorCodes.roleClosed,
      );
      await expect(page.locator('[data-sonner-toast]')).toHaveCount(0);
      await screenshot(page, 'console-organization-roles');
      await expectNoSeriousAxeViolations(page);

      // In the audit log.
      await page.goto(`/admin/audit?q=${roleId}`);
      await expect(page.getByText('role.hold', { exact: true })).toBeVisible();
      await expect(page.getByText(reason)).toBeVisible();
      await screenshot(page, 'console-roles-audit');

      // A visitor reports another open role: the queue says it is about that role.
      const other = (await publicRoles())[0]!;
      const details = `Not a real opening (${testInfo.project.name} ${Date.now()})`;
      // A signed-out visitor of their own: the operator's requests carry the console's cookie.
      const visitor = await playwright.request.newContext({ baseURL: site });
      const reported = await visitor.post(
        `/api/organizations/${organizationId}/roles/${other}/reports`,
        { data: { reason: 'inaccurate', details } },
      );
      expect(reported.status()).toBe(200);
      await visitor.dispose();
      await page.goto('/admin/reports');
      const report = page.getByTestId('report').filter({ hasText: details });
      await expect(report.getByText(consoleRoleTexts.aboutRole, { exact: true })).toBeVisible();
      await expect(report.getByText(reportReasonLabels.inaccurate)).toBeVisible();
      await screenshot(page, 'console-role-report');
      await report.getByRole('button', { name: consoleTexts.resolve }).click();
      const resolve = page.getByRole('dialog');
      await expect(resolve.getByLabel(consoleRoleTexts.resolutions.hold)).toBeVisible();
      await expect(resolve.getByLabel(consoleTexts.resolutions.delete)).toHaveCount(0);
      await resolve
        .getByLabel(consoleTexts.reasonLabel, { exact: true })
        .fill('The opening is real');
      await resolve.getByRole('button', { name: consoleTexts.resolve, exact: true }).click();
      await expect(resolve).toBeHidden();
      await expect(page.getByTestId('report').filter({ hasText: details })).toHaveCount(0);

      // Released again: the demo stays as seeded.
      await page.goto(`/admin/organizations/${organizationId}`);
      await heldRole.getByRole('button', { name: consoleRoleTexts.release, exact: true }).click();
      const release = page.getByRole('dialog', { name: consoleRoleTexts.releaseTitle(title) });
      await release.getByLabel(consoleTexts.reasonLabel, { exact: true }).fill('Fee removed');
      await release.getByRole('button', { name: consoleRoleTexts.release, exact: true }).click();
      await expect(release).toBeHidden();
      await expect(page.getByText(consoleRoleTexts.released)).toBeVisible();
      expect(await publicRoles()).toContain(roleId);
    },
  );
});
