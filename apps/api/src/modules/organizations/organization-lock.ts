import { eq } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { organizations } from '../../db/schema.ts';

/**
 * Locks the organization's row in the caller's transaction, as every change to its members and
 * invitations does first (ADR 047, 049): changes at once are decided one after the other, and
 * the same order everywhere means no deadlock. Its id and name, or null when it is gone.
 */
export async function lockOrganization(tx: Database, organizationId: string) {
  const [locked] = await tx
    .select({ id: organizations.id, name: organizations.name })
    .from(organizations)
    .where(eq(organizations.id, organizationId))
    .for('update');
  return locked ?? null;
}
