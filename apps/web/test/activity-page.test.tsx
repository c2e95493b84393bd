import { describe, expect, it } from 'vitest';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { activityTexts, type ActivityEntry } from '@si/contracts';
import { apiError, json, makeUser, renderApp, stubApi } from './auth-fixtures';
import { makeOrganization } from './fixtures';

const id = '00000000-0000-4000-8000-0000000000ab';
const at = '2026-11-20T10:30:00.000Z';
const olga = { userId: 'user-1', name: 'Olga Owner', email: 'olga@example.org' };

const entry = (
  entryId: number,
  kind: ActivityEntry['kind'],
  details: ActivityEntry['details'],
  actor: ActivityEntry['actor'] = olga,
): ActivityEntry => ({ id: String(entryId), at, kind, actor, bySupport: actor === null, details });

function activityApi(pages: Record<string, () => Promise<Response>>) {
  const user = makeUser();
  const asked: (string | null)[] = [];
  stubApi({
    'GET /api/auth/session': () => json({ data: user }),
    'GET /api/users/profile': () => json({ data: user }),
    'GET /api/users/organizations': () =>
      json({ data: [{ ...makeOrganization({ id, name: 'Tidewater Commons' }), myRole: 'owner' }] }),
    [`GET /api/organizations/${id}/activity`]: ({ url }) => {
      const cursor = url.searchParams.get('cursor');
      asked.push(cursor);
      return pages[cursor ?? 'first']!();
    },
  });
  return asked;
}

describe('the activity page of an organization (ADR 048)', () => {
  it('says who did what, newest first, and shows older entries on request', async () => {
    const asked = activityApi({
      first: () =>
        json({
          data: [
            entry(9, 'profile-saved', { fields: ['name', 'websiteUrl'] }),
            entry(
              8,
              'owner-added-by-support',
              {
                member: { userId: 'u2', name: '', email: 'rita@example.org' },
                role: 'owner',
                previousRole: null,
                reason: 'Founder lost access',
              },
              null,
            ),
          ],
          meta: { nextCursor: '8' },
        }),
      '8': () =>
        json({
          data: [entry(3, 'member-invited', { email: 'new@example.org', role: 'editor' })],
          meta: { nextCursor: null },
        }),
    });
    renderApp(`/dashboard/organizations/${id}/activity`);
    expect(
      await screen.findByRole('heading', { name: activityTexts.pageTitle('Tidewater Commons') }),
    ).toBeTruthy();
    const list = await screen.findByRole('list', { name: activityTexts.title });
    const items = () =>
      within(list)
        .getAllByRole('listitem')
        .map((item) => item.textContent);
    expect(items()[0]).toContain('Olga Owner changed the name, website');
    expect(items()[1]).toContain(
      'Scaling Impact support added rita@example.org as an owner, for a support case',
    );
    expect(items()[1]).toContain(`${activityTexts.reasonLabel}: Founder lost access`);

    await userEvent.click(screen.getByRole('button', { name: activityTexts.more }));
    expect(
      await within(list).findByText('Olga Owner invited new@example.org as an editor'),
    ).toBeTruthy();
    expect(items()).toHaveLength(3);
    expect(asked).toEqual([null, '8']);
    expect(screen.queryByRole('button', { name: activityTexts.more })).toBeNull();
  });

  it('says when there is nothing yet, and shows the refusal of someone who may not read it', async () => {
    activityApi({ first: () => json({ data: [], meta: { nextCursor: null } }) });
    const { unmount } = renderApp(`/dashboard/organizations/${id}/activity`);
    expect(await screen.findByText(activityTexts.empty)).toBeTruthy();
    unmount();

    activityApi({
      first: () => apiError(403, 'FORBIDDEN', 'Only an owner of this organization can do that.'),
    });
    renderApp(`/dashboard/organizations/${id}/activity`);
    expect(await screen.findByText('Only an owner of this organization can do that.')).toBeTruthy();
    expect(screen.getByRole('button', { name: activityTexts.retry })).toBeTruthy();
  });
});
