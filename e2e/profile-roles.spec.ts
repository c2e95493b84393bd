import {
  profileRolesTexts as texts,
  type Milestone,
  type OrganizationSummary,
  type Role,
} from '@si/contracts';
import { screenshot } from './support/screenshots.ts';
import { expect, test } from './support/test.ts';

/*
 * A demo organization's profile shows its open roles and milestones (ADR 042), rendered by the
 * server and not asked for again by the browser, and each role links to its own page.
 */

test('a hiring demo organization shows its open roles and milestones, each role linking to its page', async ({
  page,
  request,
}) => {
  // A demo organization the seed gives open roles and milestones (apps/api/src/db/seed/demo/).
  const hiring = await request.get('/api/organizations?hiring=true&q=Mvua%20Water%20Works');
  expect(hiring.ok()).toBe(true);
  const listed = ((await hiring.json()) as { data: OrganizationSummary[] }).data;
  let found: { id: string; roles: Role[]; milestones: Milestone[] } | null = null;
  for (const organization of listed) {
    const read = async <T>(what: string) =>
      (
        (await (await request.get(`/api/organizations/${organization.id}/${what}`)).json()) as {
          data: T;
        }
      ).data;
    const milestones = await read<Milestone[]>('milestones');
    if (milestones.length === 0) continue;
    found = { id: organization.id, roles: await read<Role[]>('roles'), milestones };
    break;
  }
  expect(found, 'a demo organization with open roles and milestones').not.toBeNull();
  const { id, roles, milestones } = found!;
  expect(roles.length).toBeGreaterThan(0);

  const askedAgain: string[] = [];
  page.on('request', (sent) => {
    if (/\/api\/organizations\/[^/]+\/(roles|milestones)/.test(sent.url())) {
      askedAgain.push(sent.url());
    }
  });
  await page.goto(`/organizations/${id}`);
  await expect(page.locator('html')).toHaveAttribute('data-hydrated', 'true');

  const section = page.getByRole('region', { name: texts.openRolesHeading(roles.length) });
  await expect(section).toBeVisible();
  const links = section.getByRole('link');
  await expect(links).toHaveCount(roles.length);
  await expect(links.first()).toHaveText(roles[0]!.title);
  const timeline = page.getByRole('region', { name: texts.milestonesHeading });
  await expect(timeline.getByRole('listitem')).toHaveCount(milestones.length);
  await expect(timeline.getByRole('heading', { name: milestones[0]!.title })).toBeVisible();
  // The server's HTML carried them: the browser did not ask again on hydration.
  expect(askedAgain).toEqual([]);
  await screenshot(page, 'profile-roles');

  await links.first().click();
  await expect(page).toHaveURL(`/organizations/${id}/roles/${roles[0]!.id}`);
});
