import { expect, test } from './support/test.ts';
import { authFormTexts } from '@si/contracts';
import { setSocialUser, uniqueEmail } from './support/accounts.ts';

// The stand-ins sign in as "the next user", one setting for the whole server: these run one at
// a time, and only in the desktop project (playwright.config.ts).
test.describe.configure({ mode: 'serial' });

for (const provider of ['google', 'github'] as const) {
  const label = provider === 'google' ? 'Google' : 'GitHub';

  test(`a guest signs in with ${label}, becomes that account, and ${label} signs them in again later`, async ({
    page,
    browser,
  }, testInfo) => {
    // Two full round trips through the provider, each signing in and syncing a new user.
    test.slow();
    const email = uniqueEmail(testInfo, provider);
    const user = { id: String(Date.now()), email, name: `${label} Person` };
    await setSocialUser(provider, user);

    await page.goto('/');
    await expect(page.getByText('Browsing as Guest').first()).toBeVisible();
    await page.goto('/signup');
    await page.getByRole('button', { name: `Continue with ${label}` }).click();
    await expect(page).toHaveURL(/\/$/);
    await expect(page.getByText('Browsing as Guest')).toHaveCount(0);
    await expect(page.getByRole('button', { name: user.name })).toBeVisible();

    await page.goto('/dashboard');
    await expect(page.getByRole('heading', { name: 'Profile Information' })).toBeVisible();
    await expect(page.getByRole('main').getByText(email).first()).toBeVisible();

    // Another browser, the same provider account: the same user again.
    await setSocialUser(provider, user);
    const context = await browser.newContext();
    const again = await context.newPage();
    await again.goto('/login');
    // This new browser's guest session has started before it leaves for the provider.
    await expect(again.getByText(authFormTexts.loginGuestSubtitle)).toBeVisible();
    await again.getByRole('button', { name: `Continue with ${label}` }).click();
    await expect(again).toHaveURL(/\/$/);
    await again.goto('/dashboard');
    await expect(again.getByRole('main').getByText(email).first()).toBeVisible();
    await context.close();
  });
}
