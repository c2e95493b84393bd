import { describe, expect, it } from 'vitest';
import { screen } from '@testing-library/react';
import {
  roleReportTexts,
  rolePageTexts,
  type CurrentUser,
  type MemberRole,
  type Role,
} from '@si/contracts';
import { json, makeUser, renderApp, stubApi } from './auth-fixtures';
import { countries, makeOrganization } from './fixtures';

const organization = makeOrganization({ createdBy: 'creator' });
const role: Role = {
  id: '0b6f1c1e-5a53-4d0c-9a55-7d0f7c0e2a11',
  organizationId: organization.id,
  title: 'Seed Keeper',
  kind: 'full_time',
  workplace: 'remote',
  country: null,
  city: null,
  remoteCountries: [],
  pay: null,
  description: 'Keeps the seeds.',
  apply: 'https://example.org/jobs',
  postedAt: '2026-11-01T10:00:00.000Z',
  closesOn: '2099-12-31',
  status: 'open',
  heldReason: null,
  updatedAt: '2026-11-01T10:00:00.000Z',
};

/** The role's page for `user`, a member of its organization in `myRole` (ADR 047) or none. */
async function openRolePage(user: CurrentUser | null, myRole: MemberRole | null) {
  stubApi({
    'GET /api/auth/session': () => json({ data: user }),
    // A visitor without a session is made a guest: still no member.
    'POST /api/auth/sign-in/anonymous': () => json({ data: {} }),
    'GET /api/users/profile': () => json({ data: user }),
    'GET /api/users/organizations': () =>
      json({ data: myRole ? [{ ...organization, myRole }] : [] }),
    [`GET /api/organizations/${organization.id}`]: () => json({ data: organization }),
    [`GET /api/organizations/${organization.id}/roles/${role.id}`]: () => json({ data: role }),
    'GET /api/countries': () => json({ data: countries }),
  });
  renderApp(`/organizations/${organization.id}/roles/${role.id}`);
  await screen.findByRole('heading', { level: 1, name: role.title });
}

const manage = () => screen.queryByRole('link', { name: rolePageTexts.manageRoles });
const report = () => screen.queryByRole('button', { name: roleReportTexts.action });

describe("a role's page and its organization's members", () => {
  it('leads an editor, as an owner, to the roles instead of offering a report, creator or not', async () => {
    await openRolePage(makeUser({ id: 'an-editor' }), 'editor');
    const link = await screen.findByRole('link', { name: rolePageTexts.manageRoles });
    expect(link.getAttribute('href')).toBe(`/dashboard/organizations/${organization.id}/roles`);
    expect(report()).toBeNull();
  });

  it('offers its creator who has left, as anyone else, the report and no way to the roles', async () => {
    await openRolePage(makeUser({ id: 'creator' }), null);
    expect(await screen.findByRole('button', { name: roleReportTexts.action })).toBeTruthy();
    expect(manage()).toBeNull();
  });

  it('offers a signed-out visitor the report', async () => {
    await openRolePage(null, null);
    expect(await screen.findByRole('button', { name: roleReportTexts.action })).toBeTruthy();
    expect(manage()).toBeNull();
  });
});
