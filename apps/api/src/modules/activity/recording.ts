import { eq } from 'drizzle-orm';
import type { ActivityDetails, ActivityKind, ActivityPerson } from '@si/contracts';
import type { Database } from '../../db/client.ts';
import { organizationActivity, users } from '../../db/schema.ts';
import type { AuthSession } from '../../identity/session.ts';

/** Who made a change, named as they are at that moment. */
export interface ActivityActor {
  id: string;
  name: string;
  email: string;
  /** An operator, for a support case. */
  byOperator?: boolean;
}

/** The signed-in member making a change. */
export const actorOf = (session: AuthSession): ActivityActor => ({
  id: session.user.id,
  name: session.user.name,
  email: session.user.email,
});

/**
 * Records what happened to the organization, in `tx`: the transaction of the change itself
 * (ADR 048), so there is no change without its entry and no entry without its change.
 */
export async function recordActivity(
  tx: Database,
  organizationId: string,
  actor: ActivityActor,
  kind: ActivityKind,
  details: ActivityDetails = {},
) {
  await tx.insert(organizationActivity).values({
    organizationId,
    actorId: actor.id,
    actorName: actor.name,
    actorEmail: actor.email,
    byOperator: actor.byOperator ?? false,
    kind,
    details,
  });
}

/** The account `userId` as an entry names it now (an empty name and address once deleted). */
export async function personIn(tx: Database, userId: string): Promise<ActivityPerson> {
  const [found] = await tx
    .select({ name: users.name, email: users.email })
    .from(users)
    .where(eq(users.id, userId));
  return { userId, name: found?.name ?? '', email: found?.email ?? '' };
}
