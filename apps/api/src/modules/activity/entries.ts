import type { ActivityDetails, ActivityEntry, ActivityKind, ActivityMeta } from '@si/contracts';
import type { ActivityQueries, ActivityRow } from './queries.ts';

/**
 * An entry as the API gives it. `forOwners`: what support did names no operator (owners are
 * told it was support; the console shows who).
 */
export function toActivityEntry(row: ActivityRow, forOwners: boolean): ActivityEntry {
  const hidden = forOwners && row.byOperator;
  return {
    id: String(row.id),
    at: row.at.toISOString(),
    kind: row.kind as ActivityKind,
    actor: hidden ? null : { userId: row.actorId, name: row.actorName, email: row.actorEmail },
    bySupport: row.byOperator,
    details: row.details as ActivityDetails,
  };
}

/** One page of the organization's activity after `cursor` (the previous page's nextCursor). */
export async function activityPage(
  queries: Pick<ActivityQueries, 'activityPage'>,
  organizationId: string,
  cursor: string | undefined,
  forOwners: boolean,
): Promise<{ entries: ActivityEntry[]; meta: ActivityMeta }> {
  const { rows, more } = await queries.activityPage(
    organizationId,
    cursor === undefined ? undefined : Number(cursor),
  );
  const last = rows.at(-1);
  return {
    entries: rows.map((row) => toActivityEntry(row, forOwners)),
    meta: { nextCursor: more && last ? String(last.id) : null },
  };
}
