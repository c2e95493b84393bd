import { expect, test } from './support/test.ts';
import {
  accountDeletionMessages,
  accountMenuTexts,
  authFormTexts,
  guardMessages,
  passwordMessages,
  signInMessages,
  verificationTexts,
} from '@si/contracts';
import { isPhone } from './fixtures.ts';
import {
  createVerifiedAccount,
  linkPath,
  logIn,
  uniqueEmail,
  waitForEmail,
} from './support/accounts.ts';

test('sign up, follow the emailed link, and reach the dashboard', async ({ page }, testInfo) => {
  // Waits for the verification email from the relay.
  test.slow();
  const email = uniqueEmail(testInfo, 'signup');
  await page.goto('/signup');
  await expect(page.getByRole('heading', { name: 'Sign up' })).toBeVisible();
  // A visitor who has been browsing: the guest session exists, and the sign-up upgrades it.
  await expect(page.getByText(authFormTexts.signupGuestSubtitle)).toBeVisible();
  await page.getByLabel('Email', { exact: true }).fill(email);
  await page.getByLabel('Password', { exact: true }).fill('secret1');
  await page.getByRole('button', { name: 'Create Account' }).click();

  await expect(page).toHaveURL(/\/verify-email-required$/);
  await expect(page.getByRole('main').getByText(email)).toBeVisible();

  const link = linkPath(await waitForEmail(email, /verify/i), '/verify-email');
  await page.goto(link);
  await expect(page.getByRole('heading', { name: 'Email Verified' })).toBeVisible();
  // Verified to add an organization: the page offers it first, then the way home.
  await expect(
    page.getByRole('link', { name: verificationTexts.continueHome, exact: true }),
  ).toBeVisible();
  await page.getByRole('link', { name: verificationTexts.addOrganization, exact: true }).click();
  await expect(page).toHaveURL(/\/submit-organization$/);
  await expect(
    page.getByRole('heading', { level: 1, name: 'Submit Your Organization' }),
  ).toBeVisible();

  // And from any page afterwards: the header's account menu (the phone's slide-out menu).
  await page.goto('/about');
  if (isPhone(page)) {
    await page.getByRole('button', { name: 'Open menu' }).click();
    await page.getByRole('link', { name: accountMenuTexts.submitOrganization }).click();
  } else {
    await page
      .getByRole('button', { name: new RegExp(`^${accountMenuTexts.openAccountMenu}`) })
      .click();
    await page.getByRole('menuitem', { name: accountMenuTexts.addOrganization }).click();
  }
  await expect(page).toHaveURL(/\/submit-organization$/);

  await page.goto('/dashboard');
  await expect(page.getByRole('heading', { name: 'Profile Information' })).toBeVisible();
  await expect(page.getByRole('main').getByText(email).first()).toBeVisible();
});

test('a guest browses, sees it in the header, and is sent to /login from protected pages', async ({
  page,
}) => {
  await page.goto('/');
  if (isPhone(page)) await page.getByRole('button', { name: 'Open menu' }).click();
  await expect(page.getByText('Browsing as Guest').filter({ visible: true })).toHaveCount(1);

  await page.goto('/dashboard');
  await expect(page).toHaveURL(/\/login$/);
  await expect(page.getByText(guardMessages.permanentAccountForFeature)).toBeVisible();
  await expect(page.getByText('Login to create or edit your organization')).toBeVisible();

  await page.goto('/submit-organization');
  await expect(page).toHaveURL(/\/login$/);
  await expect(page.getByText(guardMessages.permanentAccountToCreate)).toBeVisible();
});

test(
  'an unverified account is held at /verify-email-required and can resend the email',
  { tag: '@desktop-only' },
  async ({ page }, testInfo) => {
    const email = uniqueEmail(testInfo, 'unverified');
    await page.goto('/signup');
    await expect(page.getByText(authFormTexts.signupGuestSubtitle)).toBeVisible();
    await page.getByLabel('Email', { exact: true }).fill(email);
    await page.getByLabel('Password', { exact: true }).fill('secret1');
    await page.getByRole('button', { name: 'Create Account' }).click();
    await expect(page).toHaveURL(/\/verify-email-required$/);

    await page.goto('/dashboard/settings');
    await expect(page).toHaveURL(/\/verify-email-required$/);
    const resend = page.getByRole('button', {
      name: /Resend Verification Email|Verification Email Sent/,
    });
    await page.getByRole('button', { name: 'Resend Verification Email' }).click();
    await expect(page.getByRole('button', { name: 'Verification Email Sent' })).toBeDisabled();
    await expect(resend).toBeDisabled();
  },
);

test(
  'forgot and reset the password, then sign in with the new one',
  { tag: '@desktop-only' },
  async ({ page, request }, testInfo) => {
    // Two emails through the relay and three password hashes.
    test.slow();
    const { email } = await createVerifiedAccount(request, uniqueEmail(testInfo, 'reset'));
    await page.goto('/forgot-password');
    await expect(page.getByRole('heading', { name: 'Reset your password' })).toBeVisible();
    await page.getByLabel('Email', { exact: true }).fill(email);
    await page.getByRole('button', { name: 'Reset Password' }).click();
    await expect(page.getByText(passwordMessages.resetSent)).toBeVisible();

    await page.goto(linkPath(await waitForEmail(email, /reset/i), '/reset-password'));
    await page.getByLabel('New password', { exact: true }).fill('brand-new');
    await page.getByLabel('Confirm new password').fill('brand-new');
    await page.getByRole('button', { name: 'Set New Password' }).click();
    await expect(page).toHaveURL(/\/login$/);
    await expect(page.getByText(passwordMessages.resetDone)).toBeVisible();
    await expect(page.getByText(authFormTexts.loginGuestSubtitle)).toBeVisible();

    await page.getByLabel('Email', { exact: true }).fill(email);
    await page.getByLabel('Password', { exact: true }).fill('secret1');
    await page.getByRole('button', { name: 'Log In', exact: true }).click();
    await expect(page.getByText(signInMessages.invalidCredentials)).toBeVisible();
    await page.getByLabel('Password', { exact: true }).fill('brand-new');
    await page.getByRole('button', { name: 'Log In', exact: true }).click();
    await expect(page).toHaveURL(/\/$/);
  },
);

test('change the display name and the password on the dashboard', async ({
  page,
  request,
}, testInfo) => {
  // Many steps, each waiting on the server (three password hashes, an email, two sessions).
  test.slow();
  const { email, password } = await createVerifiedAccount(request, uniqueEmail(testInfo, 'dash'));
  await logIn(page, email, password);

  await page.goto('/dashboard');
  await page.getByRole('button', { name: 'Edit' }).click();
  await page.getByLabel('Display name').fill('Dana Dashboard');
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText(passwordMessages.profileUpdated)).toBeVisible();
  await expect(page.getByRole('main').getByText('Dana Dashboard').first()).toBeVisible();

  await page.goto('/dashboard/settings');
  await page.getByLabel('Current password').fill(password);
  await page.getByLabel('New password', { exact: true }).fill('changed1');
  await page.getByLabel('Confirm new password').fill('changed2');
  await page.getByRole('button', { name: 'Update Password' }).click();
  await expect(page.getByText(passwordMessages.mismatch)).toBeVisible();
  await page.getByLabel('Confirm new password').fill('changed1');
  await page.getByRole('button', { name: 'Update Password' }).click();
  await expect(page.getByText(passwordMessages.passwordUpdated)).toBeVisible();

  const fresh = await page.context().browser()!.newContext();
  const other = await fresh.newPage();
  await logIn(other, email, 'changed1');
  await fresh.close();
});

test(
  'delete the account, then fail to sign in with it',
  { tag: '@desktop-only' },
  async ({ page, request }, testInfo) => {
    // An emailed account, two deletion attempts and a sign-in: more than the default budget when
    // the machine is busy.
    test.slow();
    const { email, password } = await createVerifiedAccount(request, uniqueEmail(testInfo, 'gone'));
    await logIn(page, email, password);
    await page.goto('/dashboard/settings');
    await page.getByRole('button', { name: 'Delete Account' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByLabel('Type DELETE to confirm').fill('DELETE');
    await dialog.getByLabel('Current password').fill('wrong-password');
    await dialog.getByRole('button', { name: 'Delete Account' }).click();
    await expect(dialog.getByText(accountDeletionMessages.wrongPassword)).toBeVisible();
    await dialog.getByLabel('Current password').fill(password);
    await dialog.getByRole('button', { name: 'Delete Account' }).click();

    await expect(page).toHaveURL(/\/$/);
    // At the top of the home page, where the banner is, not wherever the settings were scrolled.
    await expect(page.getByText(accountDeletionMessages.deleted)).toBeInViewport();

    await page.goto('/login');
    await expect(page.getByText(authFormTexts.loginGuestSubtitle)).toBeVisible();
    await page.getByLabel('Email', { exact: true }).fill(email);
    await page.getByLabel('Password', { exact: true }).fill(password);
    await page.getByRole('button', { name: 'Log In', exact: true }).click();
    await expect(page.getByText(signInMessages.invalidCredentials)).toBeVisible();
  },
);
