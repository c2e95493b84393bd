import type { APIRequestContext, Page } from '@playwright/test';
import { homeTexts, saveSearchButtonTexts } from '@si/contracts';
import { expect, test } from './support/test.ts';
import { findOrganization, isPhone, listTotal, openCategoryPanel } from './fixtures.ts';

/** The screens the directory is laid out for: a phone, and a laptop a little taller than 800. */
const screens = { phone: { width: 375, height: 812 }, desktop: { width: 1280, height: 900 } };

async function useScreen(page: Page) {
  const size = isPhone(page) ? screens.phone : screens.desktop;
  await page.setViewportSize(size);
  return size;
}

/** The home page unfiltered, with one category, and with two categories and a country. */
async function directoryUrls(request: APIRequestContext) {
  const climate = await findOrganization(request, 'categories=climate_action&limit=1');
  const second = climate.categoryIds.find((id) => id !== 'climate_action')!;
  const country = climate.country === 'ALL' ? '' : `&country=${climate.country}`;
  return ['/', '/?categories=climate_action', `/?categories=climate_action,${second}${country}`];
}

async function firstCardTop(page: Page) {
  const card = page.getByTestId('organization-card').first();
  await expect(card).toBeVisible();
  return (await card.boundingBox())!.y;
}

for (const javaScriptEnabled of [true, false]) {
  test.describe(`the directory's first screen, ${javaScriptEnabled ? 'with' : 'without'} JavaScript`, () => {
    test.use({ javaScriptEnabled });

    test('shows the first organization, with or without a filter chosen', async ({
      page,
      request,
    }) => {
      const { height } = await useScreen(page);
      for (const url of await directoryUrls(request)) {
        await page.goto(url);
        if (javaScriptEnabled) {
          await expect(page.locator('html')).toHaveAttribute('data-hydrated', 'true');
        }
        await expect(page.getByRole('heading', { name: 'Filter by Categories' })).toBeVisible();
        expect(await firstCardTop(page), `the first card of ${url}`).toBeLessThan(height);
      }
    });
  });
}

test.describe('the category panel', () => {
  test('on a phone, a sheet whose Show N organizations takes the visitor to the list; beside the results on a wide screen', async ({
    page,
    request,
  }) => {
    const { height } = await useScreen(page);
    const expected = await listTotal(request, 'categories=climate_action');
    await page.goto('/');
    await expect(page.locator('html')).toHaveAttribute('data-hydrated', 'true');
    const pill = page.getByRole('button', { name: /^Climate Action/ });
    const results = page.getByRole('heading', { name: /^Organizations \(/ });
    if (!isPhone(page)) {
      const panel = page.locator('details.filter-panel');
      const [panelBox, resultsBox] = [(await panel.boundingBox())!, (await results.boundingBox())!];
      expect(panelBox.x + panelBox.width).toBeLessThan(resultsBox.x);
      await expect(results).toBeInViewport();
      // Its heading does not fold it.
      await page.getByRole('heading', { name: 'Filter by Categories' }).click();
      await expect(pill).toBeVisible();
      return;
    }
    await expect(pill).toBeHidden();
    await openCategoryPanel(page);
    await pill.tap();
    await expect(page).toHaveURL(/categories=climate_action/);
    // The sheet covers the page and says what the choice finds.
    const show = page.getByRole('button', {
      name: homeTexts.showResults(expected),
      exact: true,
    });
    await expect(show).toBeInViewport();
    await show.tap();
    await expect(pill).toBeHidden();
    await expect(results).toHaveText(homeTexts.gridHeading(expected.toLocaleString('en-US')));
    await expect(results).toBeFocused();
    await expect(results).toBeInViewport();
    expect(await firstCardTop(page)).toBeLessThan((await page.evaluate(() => scrollY)) + height);
  });

  test('on a phone, its close button folds it without changing the filter; on a wide screen, a keyboard user skips it', async ({
    page,
  }) => {
    await page.goto('/?categories=climate_action');
    await expect(page.locator('html')).toHaveAttribute('data-hydrated', 'true');
    if (isPhone(page)) {
      await openCategoryPanel(page);
      await page.getByRole('button', { name: homeTexts.closeCategories }).tap();
      await expect(page.getByRole('button', { name: /^Climate Action/ })).toBeHidden();
      await expect(page).toHaveURL(/categories=climate_action/);
      return;
    }
    // The header has read who is here: a visitor's 'Save this search' has become its sign-in
    // link, which would otherwise replace the button under the keyboard's focus.
    await expect(
      page.getByRole('link', { name: saveSearchButtonTexts.signInToSave }),
    ).toBeVisible();
    await page.getByRole('searchbox', { name: 'Search organizations' }).focus();
    const skip = page.getByRole('link', { name: homeTexts.skipToResults });
    // The search box, the panel's heading, then the skip link, ahead of about fifty categories.
    await page.keyboard.press('Tab');
    await page.keyboard.press('Tab');
    await expect(skip).toBeFocused();
    await expect(skip).toBeVisible();
    await page.keyboard.press('Enter');
    // The results' heading row holds 'Save this search', then the first card.
    await page.keyboard.press('Tab');
    await page.keyboard.press('Tab');
    await expect(page.getByTestId('organization-card').first()).toBeFocused();
  });
});
