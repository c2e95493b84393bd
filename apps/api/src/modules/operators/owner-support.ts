import {
  addOwnerErrorCodes as codes,
  adminTexts,
  errorCodes,
  addOwnerTexts as texts,
  type ActivityQuery,
  type AdminAddOwnerRequest,
} from '@si/contracts';
import type { Database } from '../../db/client.ts';
import { AppError } from '../../http/errors.ts';
import { ownerAddedEmail } from '../../adapters/email/templates.ts';
import { activityPage } from '../activity/entries.ts';
import { recordActivity } from '../activity/recording.ts';
import { addMemberIn } from '../organizations/member-queries.ts';
import { lockOrganization } from '../organizations/organization-lock.ts';
import type { Actor } from './audit.ts';
import type { ConsoleContext, OperatorServiceOptions } from './console-context.ts';
import { organizationNotFound, type OrganizationHolds } from './organization-holds.ts';

const refusal = (status: number, code: string, message: string) =>
  new AppError(status, code, message, { email: message });

/**
 * The console's view of an organization's team (ADR 048): its activity, and an owner added for
 * a support case (someone who lost access, an owner who left the organization without a hand-over).
 */
export function createOwnerSupport(
  { db, repository, record, emailQueued }: ConsoleContext,
  holds: OrganizationHolds,
  options: Pick<OperatorServiceOptions, 'payments' | 'outbox' | 'publicUrl' | 'emailFooter'>,
) {
  const { payments, outbox, publicUrl, emailFooter } = options;

  /** The account with the address, if it may become an owner (else the refusal). */
  async function eligibleAccount(actor: Actor, email: string) {
    const account = await repository.userByEmail(email);
    if (!account || account.isAnonymous)
      throw refusal(404, codes.accountNotFound, texts.accountNotFound);
    if (!account.emailVerified) throw refusal(409, codes.unverified, texts.unverified);
    // Nobody makes themselves an owner: another operator acts (as on their own case).
    if (account.id === actor.id) throw new AppError(403, errorCodes.forbidden, adminTexts.ownCase);
    return account;
  }

  return {
    /** Every entry, naming the operators too, newest first. */
    async organizationActivity(id: string, query: ActivityQuery) {
      if (!(await repository.organization(db, id))) throw organizationNotFound(id);
      return activityPage(repository, id, query.cursor, false);
    },

    /**
     * Makes the account with `input.email` an owner: a member becomes one, anyone else joins
     * as one within the members' limit (addMemberIn, the organization's row locked). Recorded
     * in the audit log and the activity, and each owner before it emailed, in one transaction.
     */
    async addOwner(actor: Actor, id: string, input: AdminAddOwnerRequest) {
      const account = await eligibleAccount(actor, input.email);
      await db.transaction(async (transaction) => {
        const tx = transaction as unknown as Database;
        if (!(await lockOrganization(tx, id))) throw organizationNotFound(id);
        const organization = (await repository.organization(tx, id))!;
        await holds.refuseOwnCase(tx, actor, id);
        const owners = await payments.ownerAddresses(tx, id);
        const added = await addMemberIn(tx, id, account.id, 'owner', { promote: true });
        if (added === 'gone') throw organizationNotFound(id);
        if (added === 'already') throw refusal(409, codes.alreadyOwner, texts.alreadyOwner);
        if (added === 'full') throw new AppError(409, codes.full, texts.full);
        const previousRole = added === 'promoted' ? ('editor' as const) : null;
        await record(tx, actor, {
          action: 'organization.add-owner',
          targetType: 'organization',
          targetId: id,
          targetLabel: organization.name,
          reason: input.reason,
          details: { userId: account.id, email: account.email, previousRole },
        });
        const member = { userId: account.id, name: account.name, email: account.email };
        await recordActivity(
          tx,
          id,
          { id: actor.id, name: '', email: actor.email, byOperator: true },
          'owner-added-by-support',
          { member, role: 'owner', previousRole, reason: input.reason },
        );
        for (const owner of owners) {
          await outbox.enqueue(
            tx,
            owner.userId,
            ownerAddedEmail({
              to: owner.email,
              organizationName: organization.name,
              newOwner: account.name.trim() || account.email,
              reason: input.reason,
              activityUrl: `${publicUrl}/dashboard/organizations/${id}/activity`,
              publicUrl,
              ...emailFooter,
            }),
          );
        }
      });
      emailQueued();
    },
  };
}
