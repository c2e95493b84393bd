import type { APIRequestContext, Page } from '@playwright/test';
import { roleKindNames, roleListTexts as texts, type RoleListItem } from '@si/contracts';
import { expect, test } from './support/test.ts';
import { isPhone, openRoleFilters } from './fixtures.ts';

/*
 * /roles laid out as the directory is (ADR 040, ADR 044): the first role on the first screen of
 * a phone and of a laptop, with and without a filter, with and without JavaScript; on a phone the
 * filters open as a sheet whose 'Show N roles' leads to the list, the chosen ones as chips.
 */

const screens = { phone: { width: 375, height: 812 }, desktop: { width: 1280, height: 900 } };

async function useScreen(page: Page) {
  const size = isPhone(page) ? screens.phone : screens.desktop;
  await page.setViewportSize(size);
  return size;
}

/** The open roles under `query`, as the API lists them. */
async function openRoles(request: APIRequestContext, query: string) {
  const response = await request.get(`/api/roles?${query}`);
  expect(response.ok(), await response.text()).toBe(true);
  return (await response.json()) as { data: RoleListItem[]; meta: { total: number } };
}

/** /roles unfiltered, with one kind, and with a kind, a place and a category (three chips). */
async function rolesUrls(request: APIRequestContext) {
  const [role] = (await openRoles(request, 'limit=1')).data;
  const place = role!.country ? `country=${role!.country}` : 'remote=true';
  const organization = await request.get(`/api/organizations/${role!.organizationId}`);
  const { categoryIds } = ((await organization.json()) as { data: { categoryIds: string[] } }).data;
  return [
    '/roles',
    `/roles?kind=${role!.kind}`,
    `/roles?kind=${role!.kind}&${place}&categories=${categoryIds[0]}`,
  ];
}

const firstRole = (page: Page) => page.getByTestId('role-list').getByRole('listitem').first();

async function firstRoleTop(page: Page) {
  await expect(firstRole(page)).toBeVisible();
  return (await firstRole(page).boundingBox())!.y;
}

for (const javaScriptEnabled of [true, false]) {
  test.describe(`the first screen of /roles, ${javaScriptEnabled ? 'with' : 'without'} JavaScript`, () => {
    test.use({ javaScriptEnabled });

    test('shows the first role, with or without a filter chosen', async ({ page, request }) => {
      const { height } = await useScreen(page);
      for (const url of await rolesUrls(request)) {
        await page.goto(url);
        if (javaScriptEnabled) {
          await expect(page.locator('html')).toHaveAttribute('data-hydrated', 'true');
        }
        await expect(page.getByRole('heading', { name: texts.filterPanel })).toBeVisible();
        expect(await firstRoleTop(page), `the first role of ${url}`).toBeLessThan(height);
      }
    });
  });
}

test.describe('the filters of /roles', () => {
  // A demo organization's roles: no other test posts under its name.
  const search = 'q=Mvua%20Water%20Works';

  test('on a phone, a sheet whose Show N roles leads to the list, the choice a chip; beside the list on a wide screen', async ({
    page,
    request,
  }) => {
    const { height } = await useScreen(page);
    const [role] = (await openRoles(request, search)).data;
    const kind = role!.kind;
    const expected = (await openRoles(request, `${search}&kind=${kind}`)).meta.total;
    await page.goto(`/roles?${search}`);
    await expect(page.locator('html')).toHaveAttribute('data-hydrated', 'true');
    const checkbox = page.getByRole('checkbox', { name: roleKindNames[kind], exact: true });
    const results = page.getByRole('heading', { name: /open roles?$/ });
    if (!isPhone(page)) {
      const [panel, list] = [
        (await page.locator('details.filter-panel').boundingBox())!,
        (await results.boundingBox())!,
      ];
      expect(panel.x + panel.width).toBeLessThan(list.x);
      await checkbox.check();
      await expect(page).toHaveURL(new RegExp(`kind=${kind}`));
      await expect(results).toHaveText(texts.count(expected));
      return;
    }
    await expect(checkbox).toBeHidden();
    await openRoleFilters(page);
    await checkbox.tap();
    await expect(page).toHaveURL(new RegExp(`kind=${kind}`));
    const show = page.getByRole('button', { name: texts.showResults(expected), exact: true });
    await expect(show).toBeInViewport();
    await show.tap();
    await expect(checkbox).toBeHidden();
    await expect(results).toHaveText(texts.count(expected));
    await expect(results).toBeFocused();
    await expect(results).toBeInViewport();
    expect(await firstRoleTop(page)).toBeLessThan((await page.evaluate(() => scrollY)) + height);

    // The choice shows as a chip; removing it clears the kind, in the sheet's checkbox too.
    const chips = page.getByRole('group', { name: 'Active filters' });
    await chips.getByRole('link', { name: `Remove filter ${roleKindNames[kind]}` }).tap();
    await expect(page).not.toHaveURL(/kind=/);
    await expect(chips).toBeHidden();
    await openRoleFilters(page);
    await expect(checkbox).not.toBeChecked();
  });

  test.describe('without JavaScript', () => {
    test.use({ javaScriptEnabled: false });

    test('the sheet sends the filter form, and the page comes back with the list first', async ({
      page,
      request,
    }) => {
      const { height } = await useScreen(page);
      const [role] = (await openRoles(request, search)).data;
      const kind = role!.kind;
      const expected = (await openRoles(request, `${search}&kind=${kind}`)).meta.total;
      await page.goto(`/roles?${search}`);
      await openRoleFilters(page);
      await page.getByRole('checkbox', { name: roleKindNames[kind], exact: true }).check();
      // The sheet's 'Show N roles' on a phone, the sidebar's 'Show roles' on a wide screen.
      await page
        .getByRole('button', { name: isPhone(page) ? /^Show \d+ roles?$/ : texts.apply })
        .click();
      await expect(page).toHaveURL(new RegExp(`kind=${kind}`));
      await expect(page.getByRole('heading', { name: texts.count(expected) })).toBeVisible();
      await expect(
        page.getByRole('group', { name: 'Active filters' }).getByText(roleKindNames[kind]),
      ).toBeVisible();
      expect(await firstRoleTop(page)).toBeLessThan(height);
    });
  });
});
