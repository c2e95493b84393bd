import {
  MAX_MILESTONES,
  MilestoneId,
  roleErrorCodes,
  roleMessages,
  type Milestone,
  type MilestoneInput,
} from '@si/contracts';
import type { Database } from '../../db/client.ts';
import { AppError, notFound } from '../../http/errors.ts';
import type { AuthSession } from '../../identity/session.ts';
import type { OrganizationService } from '../organizations/service.ts';
import { actorOf, recordActivity } from '../activity/recording.ts';
import type { MilestoneRepository } from './repository.ts';

/** Records a milestone's change in the organization's activity (ADR 048), in its transaction. */
type RecordMilestone = (
  kind: 'milestone-added' | 'milestone-changed' | 'milestone-removed',
  title: string,
) => Promise<void>;

export interface MilestoneServiceOptions {
  db: Database;
  repository: MilestoneRepository;
  organizations: Pick<
    OrganizationService,
    'getVisible' | 'requirePaidOrganization' | 'ownerNotFound'
  >;
}

/**
 * An organization's dated milestones (ADR 042): anybody reads those of a published profile,
 * its owner alone writes them, as the profile itself (once paid for), at most MAX_MILESTONES.
 */
export function createMilestoneService({ db, repository, organizations }: MilestoneServiceOptions) {
  const milestoneNotFound = () => notFound(roleMessages.milestoneNotFound);

  /**
   * Runs `write` in one transaction with the organization's row locked (it records itself in the
   * activity there), then marks the row changed for the kept pages. The caller must own the
   * organization (checked first).
   */
  async function ownerWrite<T>(
    session: AuthSession | null,
    organizationId: string,
    write: (tx: Database, id: string, record: RecordMilestone) => Promise<T>,
  ): Promise<T> {
    const organization = await organizations.requirePaidOrganization(
      session,
      organizationId,
      'edit',
    );
    return db.transaction(async (tx) => {
      const executor = tx as unknown as Database;
      if (!(await repository.lockOrganization(executor, organization.id))) {
        throw organizations.ownerNotFound(organizationId);
      }
      const record: RecordMilestone = (kind, title) =>
        recordActivity(executor, organization.id, actorOf(session!), kind, { title });
      const result = await write(executor, organization.id, record);
      await repository.touchOrganization(executor, organization.id);
      return result;
    });
  }

  return {
    /**
     * The milestones of a profile the caller may see (a published one, or their own), newest
     * first, with whether the profile is published: only then may a shared cache keep them.
     */
    async list(
      organizationId: string,
      viewerId: () => Promise<string | null>,
    ): Promise<{ published: boolean; milestones: Milestone[] }> {
      const organization = await organizations.getVisible(organizationId, viewerId);
      return {
        published: organization.published,
        milestones: await repository.list(organization.id),
      };
    },

    create(
      session: AuthSession | null,
      organizationId: string,
      input: MilestoneInput,
    ): Promise<Milestone> {
      return ownerWrite(session, organizationId, async (tx, id, record) => {
        if ((await repository.countOf(tx, id)) >= MAX_MILESTONES) {
          throw new AppError(409, roleErrorCodes.tooManyMilestones, roleMessages.tooManyMilestones);
        }
        const created = await repository.insert(tx, id, input);
        await record('milestone-added', created.title);
        return created;
      });
    },

    async update(
      session: AuthSession | null,
      organizationId: string,
      milestoneId: string,
      input: MilestoneInput,
    ): Promise<Milestone> {
      return ownerWrite(session, organizationId, async (tx, id, record) => {
        const saved = MilestoneId.safeParse(milestoneId).success
          ? await repository.update(tx, id, milestoneId, input)
          : undefined;
        if (!saved) throw milestoneNotFound();
        await record('milestone-changed', saved.title);
        return saved;
      });
    },

    async delete(
      session: AuthSession | null,
      organizationId: string,
      milestoneId: string,
    ): Promise<void> {
      await ownerWrite(session, organizationId, async (tx, id, record) => {
        const deleted = MilestoneId.safeParse(milestoneId).success
          ? await repository.delete(tx, id, milestoneId)
          : null;
        if (deleted === null) throw milestoneNotFound();
        await record('milestone-removed', deleted);
      });
    },
  };
}
export type MilestoneService = ReturnType<typeof createMilestoneService>;
