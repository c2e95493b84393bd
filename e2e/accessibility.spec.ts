import { expect, test } from './support/test.ts';
import { authFormTexts, organizationEditorTexts, type Role } from '@si/contracts';
import { createOrganization, findOrganization, payThroughApi, uniqueName } from './fixtures.ts';
import { expectNoSeriousAxeViolations } from './support/axe-audit.ts';
import { createVerifiedAccount, logIn, uniqueEmail } from './support/accounts.ts';

test.describe('accessibility', () => {
  const audit = expectNoSeriousAxeViolations;

  test('home has no serious WCAG A/AA violations', async ({ page }) => {
    await page.goto('/');
    await expect(page.getByTestId('organization-card').first()).toBeVisible();
    await audit(page);
  });

  test('a profile has no serious WCAG A/AA violations', async ({ page, request }) => {
    const summary = await findOrganization(request, 'q=Aguas%20del%20Valle');
    await page.goto(`/organizations/${summary.id}`);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await audit(page);
  });

  test('a role’s page has no serious WCAG A/AA violations', async ({ page, request }) => {
    const summary = await findOrganization(request, 'q=Mvua%20Water%20Works');
    const roles = await request.get(`/api/organizations/${summary.id}/roles`);
    const [role] = ((await roles.json()) as { data: Role[] }).data;
    await page.goto(`/organizations/${summary.id}/roles/${role!.id}`);
    await expect(page.getByTestId('role-apply')).toBeVisible();
    await audit(page);
  });

  test('the list of open roles has no serious WCAG A/AA violations', async ({ page }) => {
    await page.goto('/roles');
    await expect(page.getByRole('heading', { level: 1, name: 'Open roles' })).toBeVisible();
    await expect(page.locator('a[href*="/roles/"]').first()).toBeVisible();
    await audit(page);
  });

  test('the sign-in pages have no serious WCAG A/AA violations', async ({ page }) => {
    // Three pages and three audits: more than one page's time on a busy machine.
    test.slow();
    await page.goto('/login');
    // The guest session has started (the guest subtitle), so the page does not change mid-audit.
    await expect(page.getByText(authFormTexts.loginGuestSubtitle)).toBeVisible();
    await page.getByRole('button', { name: 'Log In', exact: true }).click();
    await expect(page.getByText('Please enter your password')).toBeVisible();
    await audit(page);
    await page.goto('/signup');
    await expect(page.getByRole('button', { name: 'Create Account' })).toBeVisible();
    await expect(page.getByText(authFormTexts.signupGuestSubtitle)).toBeVisible();
    await audit(page);
    await page.goto('/forgot-password');
    await expect(page.getByRole('heading', { name: 'Reset your password' })).toBeVisible();
    await audit(page);
  });

  test('the editor has no serious WCAG A/AA violations, and each field one label', async ({
    page,
    request,
  }, testInfo) => {
    test.slow();
    const { email, password } = await createVerifiedAccount(request, uniqueEmail(testInfo, 'a11y'));
    const organization = await createOrganization(request, uniqueName(testInfo, 'Audited Co-op'));
    await payThroughApi(request, organization.id);
    await logIn(page, email, password);
    await page.goto(`/organizations/${organization.id}/edit`);
    await expect(
      page.getByRole('heading', { level: 1, name: organizationEditorTexts.editHeading }),
    ).toBeVisible();
    await expect(page.getByTestId('image-logo')).toBeVisible();
    // A field named by two labels is announced by one of them only, by some screen readers.
    await audit(page, { alsoRules: ['form-field-multiple-labels'] });
  });

  test('the dashboard has no serious WCAG A/AA violations', async ({ page, request }, testInfo) => {
    // An emailed account and a sign-in before two audits.
    test.slow();
    const { email, password } = await createVerifiedAccount(request, uniqueEmail(testInfo, 'a11y'));
    await logIn(page, email, password);
    await page.goto('/dashboard');
    await expect(page.getByRole('heading', { name: 'Profile Information' })).toBeVisible();
    await audit(page);
    await page.goto('/dashboard/settings');
    await page.getByRole('button', { name: 'Delete Account' }).click();
    await expect(page.getByRole('dialog')).toBeVisible();
    await audit(page);
  });
});
