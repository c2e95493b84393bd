import { z } from 'zod';
import { AdminRole, AdminRoleFigures } from './admin-roles.ts';
import { signInMessages } from './auth-messages.ts';
import { OrganizationId } from './organizations.ts';
import { reportReasons } from './report-texts.ts';
import { OrganizationVerification } from './verification.ts';

/**
 * The operator's console API (/api/admin, ADR 028). Every write says why: the reason goes to the
 * audit log, and for a hold to the owner.
 */
export const ADMIN_REASON_MAX = 500;
export const ADMIN_PAGE_SIZE = 50;

export const adminTexts = {
  reasonRequired: 'Please say why',
  reasonTooLong: `The reason must be at most ${ADMIN_REASON_MAX} characters`,
  operatorsOnly: 'This page is for the operators of Scaling Impact.',
  signInAgain: 'For your security, sign in again to use the operator console.',
  accountDisabled: signInMessages.userDisabled,
  changedMeanwhile:
    'This record changed since you opened it. Reload it to see the latest version, then try again.',
  alreadyResolved: 'This report was already resolved.',
  ownCase: 'Another operator must act on your own organization.',
} as const;

export const AdminReason = z
  .string()
  .trim()
  .min(1, adminTexts.reasonRequired)
  .max(ADMIN_REASON_MAX, adminTexts.reasonTooLong);

export const organizationStates = ['published', 'unpaid', 'held', 'lapsed'] as const;
export type OrganizationState = (typeof organizationStates)[number];

export const AdminOrganizationQuery = z
  .object({
    q: z.string().trim().max(200).optional(),
    state: z.enum(organizationStates).optional(),
    page: z.coerce.number().int().min(1).max(10_000).default(1),
  })
  .strict();
export type AdminOrganizationQuery = z.infer<typeof AdminOrganizationQuery>;

export const AdminOrganizationRow = z.object({
  id: OrganizationId,
  name: z.string(),
  country: z.string(),
  state: z.enum(organizationStates),
  published: z.boolean(),
  heldByOperator: z.boolean(),
  subscriptionType: z.string().nullable(),
  /** Its owners' addresses (ADR 047), longest-standing first; none for a seed's owner. */
  ownerEmails: z.array(z.string()),
  openReports: z.number().int(),
  verification: OrganizationVerification.nullable(),
  version: z.number().int(),
  createdAt: z.string(),
});
export type AdminOrganizationRow = z.infer<typeof AdminOrganizationRow>;

export const AdminList = <Item extends z.ZodType>(item: Item) =>
  z.object({
    data: z.array(item),
    meta: z.object({ page: z.number().int(), pageSize: z.number().int(), total: z.number().int() }),
  });

export const AdminReport = z.object({
  id: z.uuid(),
  organizationId: OrganizationId.nullable(),
  organizationName: z.string(),
  /** A report about one of the organization's roles (ADR 045): the role while it exists. */
  roleId: z.uuid().nullable(),
  /** The role's title when reported; null for a report about the profile. */
  roleTitle: z.string().nullable(),
  reason: z.enum(reportReasons),
  /** Plain text as the visitor typed it: shown as text, never as HTML. */
  details: z.string(),
  status: z.enum(['open', 'dismissed', 'held', 'deleted']),
  createdAt: z.string(),
  resolvedAt: z.string().nullable(),
  resolvedBy: z.string().nullable(),
  resolution: z.string().nullable(),
});
export type AdminReport = z.infer<typeof AdminReport>;

export const AdminSubscription = z.object({
  id: z.string(),
  plan: z.string(),
  status: z.string(),
  currentPeriodEnd: z.string().nullable(),
  createdAt: z.string(),
});

export const AdminOrganizationDetail = z.object({
  organization: AdminOrganizationRow,
  subscriptions: z.array(AdminSubscription),
  reports: z.array(AdminReport),
  /** Its roles in every status, newest first (ADR 045). */
  roles: z.array(AdminRole),
});
export type AdminOrganizationDetail = z.infer<typeof AdminOrganizationDetail>;

/** A hold, release or deletion, made on the version the operator saw. */
export const AdminOrganizationAction = z
  .object({ reason: AdminReason, version: z.number().int().min(1) })
  .strict();
export type AdminOrganizationAction = z.infer<typeof AdminOrganizationAction>;

/**
 * An operator's hold or release of a role, on the role as they saw it (its `updatedAt`): the
 * reason goes to the audit log and, for a hold, to the owner.
 */
export const AdminRoleAction = z
  .object({ reason: AdminReason, updatedAt: z.iso.datetime() })
  .strict();
export type AdminRoleAction = z.infer<typeof AdminRoleAction>;

/** A report about a role is dismissed or the role held (ADR 045); 'delete' is the profile's. */
export const reportResolutions = ['dismiss', 'hold', 'delete'] as const;
export const roleReportResolutions = ['dismiss', 'hold'] as const;
export const ResolveReportRequest = z
  .object({ action: z.enum(reportResolutions), reason: AdminReason })
  .strict();
export type ResolveReportRequest = z.infer<typeof ResolveReportRequest>;

export const AdminReportQuery = z
  .object({
    status: z.enum(['open', 'resolved']).default('open'),
    page: z.coerce.number().int().min(1).max(10_000).default(1),
  })
  .strict();

export const AuditEntry = z.object({
  id: z.number().int(),
  at: z.string(),
  actorId: z.string(),
  actorEmail: z.string(),
  action: z.string(),
  targetType: z.string(),
  targetId: z.string(),
  targetLabel: z.string(),
  reason: z.string(),
});
export type AuditEntry = z.infer<typeof AuditEntry>;

export const AuditQuery = z
  .object({
    q: z.string().trim().max(200).optional(),
    page: z.coerce.number().int().min(1).max(10_000).default(1),
  })
  .strict();

export const AdminUserQuery = z
  .object({
    q: z.string().trim().max(200).optional(),
    page: z.coerce.number().int().min(1).max(10_000).default(1),
  })
  .strict();
export type AdminUserQuery = z.infer<typeof AdminUserQuery>;

export const AdminUserRow = z.object({
  id: z.string(),
  email: z.string(),
  name: z.string(),
  emailVerified: z.boolean(),
  operator: z.boolean(),
  disabled: z.boolean(),
  /** How many organizations they are an owner of (ADR 047). */
  organizations: z.number().int(),
  createdAt: z.string(),
});
export type AdminUserRow = z.infer<typeof AdminUserRow>;

export const AdminUserDetail = z.object({
  user: AdminUserRow,
  /** The organizations they are an owner of. */
  organizations: z.array(AdminOrganizationRow),
  subscriptions: z.array(AdminSubscription.extend({ organizationName: z.string() })),
});
export type AdminUserDetail = z.infer<typeof AdminUserDetail>;

/** A disable, re-enable or deletion of a user: the reason goes to the audit log. */
export const AdminUserAction = z.object({ reason: AdminReason }).strict();
export type AdminUserAction = z.infer<typeof AdminUserAction>;

export const adminUserTexts = {
  notForOperators:
    'An operator cannot be disabled or deleted from the console. Revoke them with the CLI first (operator revoke EMAIL).',
  userNotFound: 'No such user',
} as const;

/** GET /api/admin/overview: the business on one screen. */
export const AdminOverview = z.object({
  organizations: z.object({
    published: z.number().int(),
    /** Published, but their subscription will not renew or a renewal failed. */
    lapsing: z.number().int(),
    lapsed: z.number().int(),
    unpaid: z.number().int(),
    held: z.number().int(),
  }),
  newUsers30Days: z.number().int(),
  newOrganizations30Days: z.number().int(),
  /** Monthly recurring revenue of the renewing paid subscriptions, in cents. */
  monthlyRecurringCents: z.number().int(),
  activeSubscriptions: z.object({
    monthly: z.number().int(),
    yearly: z.number().int(),
    guest: z.number().int(),
  }),
  openReports: z.number().int(),
  roles: AdminRoleFigures,
  /** The last 90 days, oldest first: sign-ups, first publications, and new subscriptions' amounts. */
  days: z.array(
    z.object({
      day: z.string(),
      signUps: z.number().int(),
      publications: z.number().int(),
      revenueCents: z.number().int(),
    }),
  ),
});
export type AdminOverview = z.infer<typeof AdminOverview>;

export const AdminEmailQuery = z
  .object({
    status: z.enum(['recent', 'failed']).default('recent'),
    page: z.coerce.number().int().min(1).max(10_000).default(1),
  })
  .strict();

export const AdminEmail = z.object({
  id: z.number().int(),
  to: z.string(),
  subject: z.string(),
  state: z.enum(['queued', 'sent', 'failed']),
  attempts: z.number().int(),
  lastError: z.string().nullable(),
  createdAt: z.string(),
  /** Whether it can be sent again (a sent email's body is dropped after some days). */
  resendable: z.boolean(),
});
export type AdminEmail = z.infer<typeof AdminEmail>;

export const adminEmailTexts = {
  notFound: 'No such email',
  bodyDropped:
    'This email was sent too long ago: its text is no longer kept, so it cannot be sent again.',
} as const;

export const guestCodeTexts = {
  codeFormat: 'The code must be 3 to 64 letters, digits, - or _',
  usesRange: 'Uses must be a whole number from 1 to 100,000',
  monthsRange: 'Months must be a whole number from 1 to 120',
  expiresFormat: 'Give the last day the code works (YYYY-MM-DD)',
  expiresInPast: 'The last day must be today or later',
  exists: (code: string) => `A guest code "${code}" exists already (codes ignore case)`,
  notFound: 'No active guest code by that name',
} as const;

export const guestCodeStates = ['active', 'expired', 'used up', 'disabled'] as const;

export const AdminGuestCode = z.object({
  code: z.string(),
  state: z.enum(guestCodeStates),
  uses: z.number().int(),
  maxUses: z.number().int(),
  grantMonths: z.number().int(),
  expiresAt: z.string(),
  createdAt: z.string(),
});
export type AdminGuestCode = z.infer<typeof AdminGuestCode>;

export const CreateGuestCodeRequest = z
  .object({
    code: z
      .string()
      .trim()
      .regex(/^[\w-]{3,64}$/, guestCodeTexts.codeFormat),
    maxUses: z
      .number()
      .int(guestCodeTexts.usesRange)
      .min(1, guestCodeTexts.usesRange)
      .max(100_000, guestCodeTexts.usesRange),
    grantMonths: z
      .number()
      .int(guestCodeTexts.monthsRange)
      .min(1, guestCodeTexts.monthsRange)
      .max(120, guestCodeTexts.monthsRange),
    /** The last day (UTC) the code works. */
    lastDay: z.iso.date(guestCodeTexts.expiresFormat),
  })
  .strict();
export type CreateGuestCodeRequest = z.infer<typeof CreateGuestCodeRequest>;

export const AdminSubscriptionRow = z.object({
  id: z.string(),
  organizationId: OrganizationId,
  organizationName: z.string(),
  plan: z.string(),
  provider: z.string(),
  status: z.string(),
  /** What the plan charges each period, in cents (0 for a guest grant). */
  amountCents: z.number().int(),
  periodStart: z.string(),
  periodEnd: z.string(),
  graceUntil: z.string().nullable(),
  published: z.boolean(),
});
export type AdminSubscriptionRow = z.infer<typeof AdminSubscriptionRow>;

/**
 * An operator's refund of an organization's latest payment, at the provider: the profile leaves
 * the directory now, or at the end of the period already paid for (the subscription then ends).
 */
export const AdminRefundRequest = z
  .object({
    reason: AdminReason,
    version: z.number().int().min(1),
    unpublish: z.enum(['now', 'period_end']),
  })
  .strict();
export type AdminRefundRequest = z.infer<typeof AdminRefundRequest>;

export const refundTexts = {
  nothingToRefund: 'This organization has no paid subscription to refund.',
  guestGrant: 'A guest code grant was never paid for: there is nothing to refund.',
  providerRefused: (reason: string) => `The payment provider refused the refund: ${reason}`,
  providerUnavailable:
    'The payment provider could not be reached. Nothing was refunded; try again in a moment.',
} as const;
