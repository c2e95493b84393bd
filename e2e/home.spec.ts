import { expect, test } from './support/test.ts';
import { homeTexts } from '@si/contracts';
import { listTotal, openCategoryPanel, showResults } from './fixtures.ts';

test.describe('home: the directory', () => {
  test('shows the title, heading, count and cards, ending with the add card', async ({
    page,
    request,
  }) => {
    const total = await listTotal(request);
    await page.goto('/');
    await expect(page).toHaveTitle(homeTexts.title);
    await expect(page.getByRole('heading', { level: 1, name: homeTexts.heading })).toBeVisible();
    await expect(page.getByText(homeTexts.subtitle, { exact: true })).toBeVisible();
    await expect(
      page.getByRole('heading', { name: `Organizations (${total.toLocaleString('en-US')})` }),
    ).toBeVisible();
    await expect(page.getByTestId('organization-card').first()).toBeVisible();
    await expect(page.getByText(homeTexts.badgeNone)).toBeVisible();
  });

  test('filters by category with chips, a badge and the URL, and clears again', async ({
    page,
    request,
  }) => {
    const expected = await listTotal(request, 'categories=climate_action');
    await page.goto('/');
    await openCategoryPanel(page);
    await page
      .getByRole('button', { name: /Climate Action/ })
      .first()
      .click();
    await expect(page).toHaveURL(/categories=climate_action/);
    await showResults(page);
    await expect(page.getByText('Category: Climate Action')).toBeVisible();
    await expect(
      page.getByRole('heading', { name: `Organizations (${expected.toLocaleString('en-US')})` }),
    ).toBeVisible();
    await expect(page.getByText(homeTexts.badgeMatching(expected))).toBeVisible();
    await page.getByRole('button', { name: homeTexts.clearAll, exact: true }).click();
    await expect(page).not.toHaveURL(/categories=/);
    await expect(page.getByText('Category: Climate Action')).toHaveCount(0);
  });

  test('restores filters from the URL and filters by country, keeping ALL organizations', async ({
    page,
    request,
  }) => {
    const expected = await listTotal(request, 'country=KE');
    await page.goto('/?country=KE');
    await expect(
      page.getByRole('heading', { name: `Organizations (${expected.toLocaleString('en-US')})` }),
    ).toBeVisible();
    await expect(page.getByRole('combobox')).toHaveValue('KE');
    await page.getByRole('combobox').selectOption('all');
    await expect(page).not.toHaveURL(/country=/);
  });

  test('searches by text and shows the empty state when nothing matches', async ({ page }) => {
    await page.goto('/');
    const search = page.getByPlaceholder(homeTexts.searchPlaceholder);
    await search.fill('zzqx nothing matches');
    await expect(page).toHaveURL(/q=zzqx/);
    await expect(page.getByText(homeTexts.emptyTitle)).toBeVisible();
    await expect(page.getByText(homeTexts.emptyBody)).toBeVisible();
  });

  test('opens a profile from its card, in the app without loading a new document', async ({
    page,
  }) => {
    await page.goto('/');
    const card = page.getByTestId('organization-card').first();
    const name = (await card.locator('h3').first().textContent())?.trim() ?? '';
    // Gone if the browser loads a new document instead of the app navigating.
    await page.evaluate(() => Object.assign(window, { stillTheSameDocument: true }));
    await card.click();
    await expect(page).toHaveURL(/\/organizations\/[0-9a-f-]{36}$/);
    await expect(page.getByRole('heading', { level: 1, name })).toBeVisible();
    expect(await page.evaluate(() => 'stillTheSameDocument' in window)).toBe(true);
  });

  test('loads more as the visitor scrolls while holding a bounded number of cards', async ({
    page,
    request,
  }) => {
    const total = await listTotal(request);
    expect(total).toBeGreaterThan(1000);
    // Far down a list of 1,200 cards: pages load one at a time as the bottom nears.
    test.slow();
    await page.goto('/');
    const cards = page.getByTestId('organization-card');
    await expect(cards.first()).toBeVisible();
    // The visitor keeps scrolling: the page grows only as each next page arrives, so a fixed
    // number of wheel turns is not enough on a slow machine. Each poll turns the wheel again.
    await expect
      .poll(
        async () => {
          await page.mouse.wheel(0, 4000);
          return page.evaluate(() => window.scrollY);
        },
        { timeout: 60_000, intervals: [250], message: 'scrolled past 20,000 px' },
      )
      .toBeGreaterThan(20_000);
    // Far down the list, cards from later pages are shown...
    await expect.poll(() => cards.count()).toBeGreaterThan(0);
    // ...but the page holds only a window of them, not every card loaded so far (counted once
    // the grid has settled, not while a render is on its way).
    await expect.poll(() => cards.count()).toBeLessThan(80);
    await expect(cards.first()).toBeVisible();
  });
});
