import { expect, type APIRequestContext, type Page, type TestInfo } from '@playwright/test';
import type {
  Category,
  CategoryGroup,
  CheckoutSession,
  Organization,
  OrganizationListMeta,
  OrganizationSummary,
  Redirect,
} from '@si/contracts';
import { roleListTexts } from '@si/contracts';
import { site } from './support/accounts.ts';

/** Looks an organization up through the public API, the way a visitor's browser would. */
export async function findOrganization(
  request: APIRequestContext,
  query: string,
): Promise<OrganizationSummary> {
  const response = await request.get(`/api/organizations?${query}`);
  expect(response.ok()).toBe(true);
  const body = (await response.json()) as {
    data: OrganizationSummary[];
    meta: OrganizationListMeta;
  };
  expect(body.data.length).toBeGreaterThan(0);
  return body.data[0]!;
}

export async function getOrganization(
  request: APIRequestContext,
  id: string,
): Promise<Organization> {
  const response = await request.get(`/api/organizations/${id}`);
  expect(response.ok()).toBe(true);
  return ((await response.json()) as { data: Organization }).data;
}

export async function listTotal(request: APIRequestContext, query = ''): Promise<number> {
  const response = await request.get(`/api/organizations?limit=1&${query}`);
  return ((await response.json()) as { meta: OrganizationListMeta }).meta.total;
}

export const isPhone = (page: Page) => (page.viewportSize()?.width ?? 1280) < 640;

/** Below 1024 px the category panel is a bar that opens a sheet: open it when it is folded. */
export async function openCategoryPanel(page: Page) {
  await expect(page.getByRole('heading', { name: 'Filter by Categories' })).toBeVisible();
  const panel = page.locator('details.filter-panel');
  const sidebar = await page.evaluate(() => matchMedia('(min-width: 1024px)').matches);
  if (!sidebar && !(await panel.evaluate((element: HTMLDetailsElement) => element.open))) {
    await panel.locator('summary').click();
  }
}

/** Below 1024 px the filters of /roles are a bar that opens a sheet: open it when it is folded. */
export async function openRoleFilters(page: Page) {
  await expect(page.getByRole('heading', { name: roleListTexts.filterPanel })).toBeVisible();
  const panel = page.locator('details.filter-panel');
  const sidebar = await page.evaluate(() => matchMedia('(min-width: 1024px)').matches);
  if (!sidebar && !(await panel.evaluate((element: HTMLDetailsElement) => element.open))) {
    await panel.locator('summary').click();
  }
}

/** Back from the phone's category sheet to the list ('Show N organizations'), when it is open. */
export async function showResults(page: Page) {
  const show = page.getByRole('button', { name: /^Show (\d[\d,]* )?organizations?$/ });
  if (await show.isVisible()) await show.click();
}

/** One category of each group: the smallest selection the category rule accepts. */
export async function onePerGroup(request: APIRequestContext): Promise<Category[]> {
  const groups = (
    (await (await request.get('/api/category-groups')).json()) as { data: CategoryGroup[] }
  ).data;
  const categories = ((await (await request.get('/api/categories')).json()) as { data: Category[] })
    .data;
  return [...groups]
    .sort((a, b) => a.sortOrder - b.sortOrder)
    .map((group) => {
      const category = categories
        .filter((candidate) => candidate.groupId === group.id)
        .sort((a, b) => a.sortOrder - b.sortOrder)[0];
      if (!category) throw new Error(`no category in ${group.id}`);
      return category;
    });
}

/**
 * An organization of the user signed in on `request`, made through the API as the create form
 * would: saved, not public until it has a live subscription.
 */
export async function createOrganization(
  request: APIRequestContext,
  name: string,
  description = 'We run reading clubs along the river.',
): Promise<Organization> {
  const created = await request.post('/api/organizations', {
    data: {
      name,
      description,
      country: 'KE',
      categoryIds: (await onePerGroup(request)).map((category) => category.id),
    },
    headers: { origin: site },
  });
  expect(created.status(), await created.text()).toBe(201);
  return ((await created.json()) as { data: Organization }).data;
}

/** A name no other test uses, for finding one's own organization in the directory. */
export function uniqueName(testInfo: TestInfo, label: string): string {
  const nonce = `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;
  return `${label} ${testInfo.project.name} ${nonce}`;
}

/** Pays for an organization through the API, as the test checkout's Pay button does. */
export async function payThroughApi(request: APIRequestContext, organizationId: string) {
  const checkout = await request.post('/api/payments/create-checkout-session', {
    data: { organizationId, plan: 'monthly' },
    headers: { origin: site },
  });
  expect(checkout.ok()).toBe(true);
  const { sessionId } = ((await checkout.json()) as { data: CheckoutSession }).data;
  const paid = await request.post(
    `/api/payments/test-checkout/${encodeURIComponent(sessionId)}/pay`,
    { headers: { origin: site } },
  );
  expect(paid.ok()).toBe(true);
  expect(((await paid.json()) as { data: Redirect }).data.url).toContain('success=true');
}
