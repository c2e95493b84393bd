import { expect, test } from './support/test.ts';
import type { APIRequestContext, Locator, Page } from '@playwright/test';
import type { Category, OrganizationListMeta } from '@si/contracts';
import { openCategoryPanel } from './fixtures.ts';

/** ADR 019: 0-count category pills, and the cards' badges on touch screens. */

async function listMeta(request: APIRequestContext, query = ''): Promise<OrganizationListMeta> {
  const response = await request.get(`/api/organizations?limit=1&${query}`);
  expect(response.ok()).toBe(true);
  return ((await response.json()) as { meta: OrganizationListMeta }).meta;
}

/**
 * A search that finds few organizations, and a category none of them carries although
 * organizations in every country do: its pill counts 0 while it is available.
 */
async function zeroCountCategory(request: APIRequestContext) {
  const first = (await (await request.get('/api/organizations?limit=1')).json()) as {
    data: { name: string }[];
  };
  const q = first.data[0]!.name;
  const search = await listMeta(request, `q=${encodeURIComponent(q)}`);
  expect(search.total).toBeGreaterThan(0);
  const everywhere = await listMeta(request);
  const categories = ((await (await request.get('/api/categories')).json()) as { data: Category[] })
    .data;
  const category = categories.find(
    (candidate) => !search.facets[candidate.id] && (everywhere.facets[candidate.id] ?? 0) > 0,
  );
  if (!category) throw new Error(`every category has a match for ${q}`);
  return { q, total: search.total, category };
}

/** The panel's pill (the active-filter chip's remove button sends the same toggle). */
const pill = (page: Page, id: string) =>
  page.locator(`button[name="toggle"][value="${id}"][aria-pressed]`);

/** True when the element's centre is what the visitor sees there (not covered, not turned away). */
async function isOnTop(locator: Locator) {
  await locator.scrollIntoViewIfNeeded();
  return locator.evaluate((element) => {
    const box = element.getBoundingClientRect();
    const top = document.elementFromPoint(box.x + box.width / 2, box.y + box.height / 2);
    return top !== null && element.contains(top);
  });
}

test.describe('home: category pills with no match', () => {
  test('a pill counting 0 is unavailable: not focusable, announced so, and inert', async ({
    page,
    request,
  }) => {
    const { q, total, category } = await zeroCountCategory(request);
    await page.goto(`/?q=${encodeURIComponent(q)}`);
    await openCategoryPanel(page);
    const zero = pill(page, category.id);
    await expect(zero).toBeVisible();
    await expect(zero).toBeDisabled();
    await expect(zero).toHaveAccessibleName(`${category.name}, 0 organizations, unavailable`);
    const reason = 'No organization matches it together with the current filters.';
    await expect(zero).toHaveAccessibleDescription(`${category.description} ${reason}`);
    // The bubble is drawn from that description, and shows on hover though the pill is disabled.
    if (await page.evaluate(() => matchMedia('(hover: hover)').matches)) {
      const bubble = () =>
        zero.evaluate((element) => {
          const after = getComputedStyle(element, '::after');
          return after.visibility === 'visible' ? after.content : 'hidden';
        });
      expect(await bubble()).toBe('hidden');
      await zero.hover({ force: true });
      await expect.poll(bubble).toBe(JSON.stringify(`${category.description} ${reason}`));
    }
    await zero.focus();
    await expect(zero).not.toBeFocused();

    const url = page.url();
    await zero.click({ force: true });
    await expect(page.getByRole('heading', { name: `Organizations (${total})` })).toBeVisible();
    expect(page.url()).toBe(url);
    await expect(page.getByText(`Category: ${category.name}`)).toHaveCount(0);
  });

  test('a pill with matches stays an action, named with its count', async ({ page, request }) => {
    const { q } = await zeroCountCategory(request);
    const search = await listMeta(request, `q=${encodeURIComponent(q)}`);
    const [id, count] = Object.entries(search.facets)[0]!;
    await page.goto(`/?q=${encodeURIComponent(q)}`);
    await openCategoryPanel(page);
    const some = pill(page, id);
    await expect(some).toBeEnabled();
    await expect(some).toHaveAccessibleName(new RegExp(`, ${count} organizations?$`));
    await some.click();
    await expect(page).toHaveURL(new RegExp(`categories=${id}`));
  });

  test('a selected pill counting 0 stays removable', async ({ page, request }) => {
    const { q, category } = await zeroCountCategory(request);
    await page.goto(`/?q=${encodeURIComponent(q)}&categories=${category.id}`);
    await openCategoryPanel(page);
    const selected = pill(page, category.id);
    await expect(selected).toHaveAttribute('aria-pressed', 'true');
    await expect(selected).toBeEnabled();
    await selected.click();
    await expect(page).not.toHaveURL(/categories=/);
  });
});

test.describe('home: category pills with no match, without JavaScript', () => {
  test.use({ javaScriptEnabled: false });

  test('the server draws a pill counting 0 disabled, so the form cannot send it', async ({
    page,
    request,
  }) => {
    const { q, category } = await zeroCountCategory(request);
    await page.goto(`/?q=${encodeURIComponent(q)}`);
    await openCategoryPanel(page);
    const zero = pill(page, category.id);
    await expect(zero).toBeDisabled();
    await expect(zero).toHaveAccessibleName(`${category.name}, 0 organizations, unavailable`);

    // Selected, with nothing left to match, it still sends its toggle: the filter is removed.
    await page.goto(`/?q=${encodeURIComponent(q)}&categories=${category.id}`);
    await openCategoryPanel(page);
    const selected = pill(page, category.id);
    await expect(selected).toBeEnabled();
    await selected.click();
    await expect(page).not.toHaveURL(/categories=/);
  });
});

test.describe('home: the category badges of a card', () => {
  // The phone project emulates touch (it cannot hover); the desktop one has a mouse.
  test('show on the front on a touch screen, on the back on hover with a mouse', async ({
    page,
  }) => {
    await page.goto('/');
    const card = page.getByTestId('organization-card').first();
    await expect(card).toBeVisible();
    const badges = card.getByRole('list', { name: 'Categories' });
    if (await page.evaluate(() => matchMedia('(hover: none)').matches)) {
      await expect(badges).toBeVisible();
      await expect(badges.getByRole('listitem').first()).not.toBeEmpty();
    } else {
      await expect(badges).toHaveCount(0);
      await card.hover();
      await expect(badges).toHaveCount(1);
    }
    await expect.poll(() => isOnTop(badges.getByRole('listitem').first())).toBe(true);
  });

  test('the home page stays within 800 elements', async ({ page }) => {
    await page.goto('/');
    await expect(page.getByTestId('organization-card').first()).toBeVisible();
    await page.waitForLoadState('networkidle');
    const count = await page.evaluate(() => document.getElementsByTagName('*').length);
    test.info().annotations.push({ type: 'elements', description: String(count) });
    console.log(`home elements (${test.info().project.name}): ${count}`);
    expect(count).toBeLessThanOrEqual(800);
  });
});
