import { expect, test } from './support/test.ts';
import { faqTexts, footerTexts, newsletterTexts, notFoundTexts } from '@si/contracts';
import { isPhone } from './fixtures.ts';

test.describe('static pages and layout', () => {
  test('shows the not-found page for an unknown path', async ({ page }) => {
    const response = await page.goto('/no/such/page');
    expect(response?.status()).toBe(404);
    await expect(page.getByRole('heading', { name: notFoundTexts.title })).toBeVisible();
    await expect(page.getByText(notFoundTexts.body)).toBeVisible();
    await page.getByRole('link', { name: notFoundTexts.link }).click();
    await expect(page).toHaveURL(/\/$/);
  });

  test('FAQ groups questions and opens one answer at a time', async ({ page }) => {
    await page.goto('/faq');
    await expect(page).toHaveTitle(/FAQ/);
    for (const group of [
      'General Questions',
      'Submission Process',
      'Organization Management',
      'Pricing & Costs',
    ]) {
      await expect(page.getByRole('heading', { name: group })).toBeVisible();
    }
    const items = page.getByRole('main').getByTestId('faq-item');
    const openCount = () =>
      items.evaluateAll((all) => all.filter((item) => (item as HTMLDetailsElement).open).length);
    const first = items.nth(0);
    const second = items.nth(1);
    await first.locator('summary').click();
    await expect(first.getByRole('paragraph')).toBeVisible();
    expect(await openCount()).toBe(1);
    await second.locator('summary').click();
    await expect(second.getByRole('paragraph')).toBeVisible();
    await expect(first.getByRole('paragraph')).toBeHidden();
    expect(await openCount()).toBe(1);
    await second.locator('summary').click();
    await expect.poll(openCount).toBe(0);
    await expect(page.getByText(faqTexts.empty)).toHaveCount(0);
  });

  test('About, Contact and Privacy show their content and titles', async ({ page }) => {
    await page.goto('/about');
    await expect(page).toHaveTitle(/About/);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await page.goto('/contact');
    await expect(page).toHaveTitle(/Contact/);
    await expect(page.getByText('support@example.org').first()).toBeVisible();
    // The hours name their time zone (SUPPORT_TIME_ZONE, UTC by default).
    await expect(page.getByTestId('business-hours')).toHaveText('Mon-Fri 9am-5pm (UTC)');
    await page.goto('/privacy');
    await expect(page).toHaveTitle(/Privacy/);
    await expect(page.getByText(/30 days/).first()).toBeVisible();
  });

  test('the footer subscribes to the newsletter and confirms with a toast', async ({
    page,
  }, testInfo) => {
    await page.goto('/about');
    // The footer's code loads as the visitor nears the end of the page.
    await page.keyboard.press('End');
    const footer = page.locator('footer');
    // An address of this test and project alone (desktop and phone run at the same time).
    const nonce = `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;
    await footer.getByRole('textbox').fill(`reader-${testInfo.project.name}-${nonce}@example.org`);
    await footer.getByRole('button', { name: footerTexts.subscribe }).click();
    await expect(page.getByText(newsletterTexts.checkInbox)).toBeVisible();
    await expect(footer.getByText(String(new Date().getFullYear()))).toBeVisible();
  });

  test('navigation: desktop links, or the phone menu that closes on Escape', async ({ page }) => {
    await page.goto('/');
    if (isPhone(page)) {
      await page.getByRole('button', { name: /menu/i }).click();
      const menu = page.getByRole('dialog');
      await expect(menu.getByRole('link', { name: 'About' })).toBeVisible();
      await page.keyboard.press('Escape');
      await expect(menu).toHaveCount(0);
      await page.getByRole('button', { name: /menu/i }).click();
      await page.getByRole('dialog').getByRole('link', { name: 'Contact' }).click();
    } else {
      // The header's and footer's links are plain anchors the app opens itself: gone if the
      // browser loads a new document instead.
      await page.evaluate(() => Object.assign(window, { stillTheSameDocument: true }));
      const header = page.getByRole('banner');
      await header.getByRole('link', { name: 'Contact' }).click();
      await expect(header.getByRole('link', { name: 'Contact' })).toHaveAttribute(
        'aria-current',
        'page',
      );
      await expect(header.getByRole('link', { name: 'Home' })).not.toHaveAttribute('aria-current');
      await page.getByRole('contentinfo').getByRole('link', { name: 'FAQ' }).click();
      await expect(page).toHaveURL(/\/faq$/);
      expect(await page.evaluate(() => 'stillTheSameDocument' in window)).toBe(true);
      await page.goBack();
    }
    await expect(page).toHaveURL(/\/contact$/);
  });
});
