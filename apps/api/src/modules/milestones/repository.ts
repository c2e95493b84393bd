import { and, count, desc, eq, sql } from 'drizzle-orm';
import type { MilestoneInput } from '@si/contracts';
import type { Database } from '../../db/client.ts';
import { organizationMilestones, organizations } from '../../db/schema.ts';

export type MilestoneRow = typeof organizationMilestones.$inferSelect;

const columns = {
  id: organizationMilestones.id,
  organizationId: organizationMilestones.organizationId,
  year: organizationMilestones.year,
  month: organizationMilestones.month,
  title: organizationMilestones.title,
  text: organizationMilestones.text,
};

/** An organization's milestones (ADR 042); every write runs in the service's transaction. */
export function createMilestoneRepository(db: Database) {
  const byMilestone = (organizationId: string, milestoneId: string) =>
    and(
      eq(organizationMilestones.organizationId, organizationId),
      eq(organizationMilestones.id, milestoneId),
    );

  return {
    /**
     * Newest first: by year, then by month, a milestone without a month after the dated ones of
     * its year, then the one written last first.
     */
    list(organizationId: string) {
      return db
        .select(columns)
        .from(organizationMilestones)
        .where(eq(organizationMilestones.organizationId, organizationId))
        .orderBy(
          desc(organizationMilestones.year),
          sql`${organizationMilestones.month} desc nulls last`,
          desc(organizationMilestones.createdAt),
          desc(organizationMilestones.id),
        );
    },

    /**
     * Takes the organization's row lock, as every write to an organization does first (no
     * deadlock, and the limit is counted one write at a time); false when it is gone.
     */
    async lockOrganization(tx: Database, organizationId: string): Promise<boolean> {
      const [row] = await tx
        .select({ id: organizations.id })
        .from(organizations)
        .where(eq(organizations.id, organizationId))
        .for('update');
      return row !== undefined;
    },

    /**
     * Writes the organization's row, so that the pages kept of its profile count as changed
     * (they are checked against the row's version, published-queries.ts; ADR 027, ADR 030).
     * `version` stays: it is the editor's lock, and an open editor's save must not go stale.
     */
    async touchOrganization(tx: Database, organizationId: string): Promise<void> {
      await tx
        .update(organizations)
        .set({ updatedAt: sql`now()` })
        .where(eq(organizations.id, organizationId));
    },

    async countOf(tx: Database, organizationId: string): Promise<number> {
      const [row] = await tx
        .select({ count: count() })
        .from(organizationMilestones)
        .where(eq(organizationMilestones.organizationId, organizationId));
      return row?.count ?? 0;
    },

    async insert(tx: Database, organizationId: string, input: MilestoneInput) {
      const [row] = await tx
        .insert(organizationMilestones)
        .values({ organizationId, ...input })
        .returning(columns);
      return row!;
    },

    /** The milestone as saved, or undefined when the organization has no such milestone. */
    async update(tx: Database, organizationId: string, milestoneId: string, input: MilestoneInput) {
      const [row] = await tx
        .update(organizationMilestones)
        .set(input)
        .where(byMilestone(organizationId, milestoneId))
        .returning(columns);
      return row;
    },

    /** The removed milestone's title; null when the organization has no such milestone. */
    async delete(
      tx: Database,
      organizationId: string,
      milestoneId: string,
    ): Promise<string | null> {
      const [removed] = await tx
        .delete(organizationMilestones)
        .where(byMilestone(organizationId, milestoneId))
        .returning({ title: organizationMilestones.title });
      return removed?.title ?? null;
    },
  };
}
export type MilestoneRepository = ReturnType<typeof createMilestoneRepository>;
