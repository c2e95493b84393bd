import { describe, expect, it } from 'vitest';
import { OpenRoleIndex, type IndexedRole } from './open-role-index.ts';

/**
 * The index's own clock (ADR 044): a role open through its closing day leaves the list when the
 * UTC day passes, with no write, and the answers' state moves on with the day.
 */
const role = (id: string, closesOn: string, postedAt: string): IndexedRole => ({
  id: `00000000-0000-4000-8000-00000000000${id}`,
  organizationId: '00000000-0000-4000-8000-000000000100',
  organizationName: 'Harbor Trust',
  title: `Role ${id}`,
  kind: 'full_time',
  workplace: 'on_site',
  country: 'KE',
  city: null,
  remoteCountries: [],
  postedAt,
  closesOn,
  categoryIds: ['education'],
  lexemes: ['role', id, 'harbor', 'trust'],
});

describe('the open roles’ index and the clock', () => {
  it('drops a role the morning after its closing day, and names the new day in its state', () => {
    let today = '2026-11-29';
    const index = new OpenRoleIndex(() => today);
    index.apply(
      [],
      [
        role('1', '2026-11-29', '2026-11-01T10:00:00.000Z'),
        role('2', '2026-12-31', '2026-11-02T10:00:00.000Z'),
        role('3', '2026-11-28', '2026-11-03T10:00:00.000Z'),
      ],
    );
    const before = index.query({ country: 'KE' }, null, 10);
    expect(before.total).toBe(2);
    expect(before.keys.map(([, id]) => id.at(-1))).toEqual(['2', '1']);

    today = '2026-11-30';
    const after = index.query({ country: 'KE' }, null, 10);
    expect(after.total).toBe(1);
    expect(after.keys.map(([, id]) => id.at(-1))).toEqual(['2']);
    expect(after.state).not.toBe(before.state);
    expect(index.query({}, null, 10).total).toBe(1);
  });
});
