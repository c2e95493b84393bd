import { guardMessages, type CurrentUser } from '@si/contracts';

/**
 * What a guarded route needs (docs/product.md#route-access): 'account' is a signed-in, non-anonymous
 * user; 'verified' also needs a verified email (Google and GitHub accounts count as verified).
 */
export interface AccessRule {
  level: 'account' | 'verified';
  /** The message for an anonymous guest sent to /login (it differs per route in docs/product.md#route-access). */
  guestMessage: string;
  /**
   * The message for a visitor without a session sent to /login, where docs/product.md#route-access gives one (the
   * payment pages: 'Anonymous or signed-out users'); elsewhere /login shows none.
   */
  signedOutMessage?: string;
}

/** The guards of docs/product.md#route-access, by name (the route table names them, this module holds them). */
export const accessRules = {
  /** /verify-email-required */
  account: { level: 'account', guestMessage: guardMessages.signInForFeature },
  /** /profile and /dashboard */
  dashboard: { level: 'verified', guestMessage: guardMessages.permanentAccountForFeature },
  /** /submit-organization */
  create: { level: 'verified', guestMessage: guardMessages.permanentAccountToCreate },
  /** /organizations/:orgId/edit */
  edit: { level: 'verified', guestMessage: guardMessages.signInToEdit },
  /** /payments/select/:orgId, /payments/canceled and /payments/test-checkout/:sessionId */
  payments: {
    level: 'verified',
    guestMessage: guardMessages.signInToContinue,
    signedOutMessage: guardMessages.signInToContinue,
  },
} as const satisfies Record<string, AccessRule>;

export type AccessRuleName = keyof typeof accessRules;

export type AccessDecision =
  { kind: 'allow' } | { kind: 'login'; message?: string } | { kind: 'verify-email' };

/** Decides a guarded route: allow it, send the visitor to /login, or to /verify-email-required. */
export function decideAccess(
  user: CurrentUser | null | undefined,
  rule: AccessRule,
  emailVerified = user?.emailVerified ?? false,
): AccessDecision {
  if (!user) {
    return rule.signedOutMessage
      ? { kind: 'login', message: rule.signedOutMessage }
      : { kind: 'login' };
  }
  if (user.isAnonymous) return { kind: 'login', message: rule.guestMessage };
  if (rule.level === 'verified' && !emailVerified) return { kind: 'verify-email' };
  return { kind: 'allow' };
}
