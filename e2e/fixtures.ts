import { expect, type APIRequestContext, type Page } from '@playwright/test';
import type { OrganizationListMeta, OrganizationSummary, Organization } from '@si/contracts';

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

/** On phones the category panel starts folded; open it when it is. */
export async function openCategoryPanel(page: Page) {
  await expect(page.getByRole('heading', { name: 'Filter by Categories' })).toBeVisible();
  const show = page.getByRole('button', { name: 'Show categories' });
  if (await show.isVisible()) await show.click();
}
