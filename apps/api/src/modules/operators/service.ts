import type { Database } from '../../db/client.ts';
import { auditPage, recordAction, type Actor, type AuditedAction } from './audit.ts';
import { createBillingActions } from './billing-actions.ts';
import type { ConsoleContext, OperatorServiceOptions } from './console-context.ts';
import { createEmailActions } from './email-actions.ts';
import { createNewsletterAdmin } from './newsletter-admin.ts';
import { createOperatorGuard } from './operator-guard.ts';
import { createOrganizationActions } from './organization-actions.ts';
import { createOrganizationHolds } from './organization-holds.ts';
import { createOverview } from './overview.ts';
import { createOwnerSupport } from './owner-support.ts';
import { createProfileExport } from './profile-export.ts';
import { createReportActions } from './report-actions.ts';
import { createRoleHolds } from './role-holds.ts';
import { createUserActions } from './user-actions.ts';

export type { Actor, OperatorServiceOptions };

/**
 * The operators' rules (ADR 028): who may use the console, and every action it takes, each
 * recorded in the audit log in the transaction that makes it. One file per use case; this
 * composes them.
 */
export function createOperatorService(options: OperatorServiceOptions) {
  const { db, repository } = options;
  const context: ConsoleContext = {
    db,
    repository,
    record: (tx: Database, actor: Actor, entry: AuditedAction) =>
      recordAction(repository, tx, actor, entry),
    now: options.now ?? (() => new Date()),
    emailQueued: options.onEmailQueued ?? (() => {}),
  };
  const holds = createOrganizationHolds(context, options);
  const roleHolds = createRoleHolds(context, holds, options);

  return {
    requireOperator: createOperatorGuard(repository, context.now),
    ...createOrganizationActions(context, holds, roleHolds.rolesOf, options),
    ...createOwnerSupport(context, holds, options),
    holdRole: roleHolds.holdRole,
    releaseRole: roleHolds.releaseRole,
    ...createReportActions(context, holds, roleHolds),
    ...createUserActions(context, holds, options),
    overview: createOverview(context),
    ...createEmailActions(context, options),
    ...createBillingActions(context, options),
    newsletter: createNewsletterAdmin({
      db,
      newsletter: options.newsletter,
      digests: options.newsletterDigests,
      record: context.record,
    }),
    ...createProfileExport({ db, read: repository.publishedProfilesAfter, record: context.record }),
    audit: (query: { q?: string; page: number }) => auditPage(repository, query),
  };
}
export type OperatorService = ReturnType<typeof createOperatorService>;
