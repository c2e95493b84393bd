import { authErrorCodes, verificationMessages, type AuthActionResult } from '@si/contracts';
import type { Database } from '../../db/client.ts';
import { AppError } from '../../http/errors.ts';
import { passwordResetEmail, verificationEmail } from '../../adapters/email/templates.ts';
import type { PasswordResetRequest } from '../../identity/better-auth.ts';
import type { AuthSession } from '../../identity/session.ts';
import type { OutboxRepository } from '../../adapters/email/outbox-repository.ts';
import type { EmailFooter } from '../../adapters/email/templates.ts';
import type { AccountRepository } from './repository.ts';
import { requireUser } from './signed-in-user.ts';
import { linkTokenHash as hashToken, newLinkToken } from '../../identity/link-tokens.ts';

const VERIFICATION_TTL_MS = 24 * 60 * 60 * 1000;

export interface EmailVerificationOptions {
  accounts: AccountRepository;
  outbox: OutboxRepository;
  publicUrl: string;
  /** Where emails send for help, and the parent brands they name (settings). */
  emailFooter: EmailFooter;
  /** Wakes the email relay once an email has been committed. */
  onEmailQueued: () => void;
}

/** The links an account is emailed: verifying its address, resetting its password. */
export function createEmailVerification(options: EmailVerificationOptions) {
  const { accounts, outbox, publicUrl, emailFooter } = options;

  async function issueVerification(executor: Database, user: { id: string; email: string }) {
    const token = newLinkToken();
    await accounts.storeVerificationToken(
      executor,
      user.id,
      hashToken(token),
      new Date(Date.now() + VERIFICATION_TTL_MS),
    );
    const link = new URL('/verify-email', publicUrl);
    link.searchParams.set('token', token);
    link.searchParams.set('userId', user.id);
    await outbox.enqueue(
      executor,
      user.id,
      verificationEmail(user.email, link.toString(), emailFooter),
    );
  }

  return {
    /** Called inside the sign-up transaction, so the account never exists without its email. */
    issueVerification,

    async passwordResetRequested(executor: Database, reset: PasswordResetRequest) {
      await accounts.keepOnlyResetToken(executor, reset.userId, reset.storedAs);
      const link = new URL('/reset-password', publicUrl);
      link.searchParams.set('token', reset.token);
      await outbox.enqueue(
        executor,
        reset.userId,
        passwordResetEmail(reset.email, link.toString(), emailFooter),
      );
    },

    async resendVerification(session: AuthSession | null): Promise<AuthActionResult> {
      const { user } = requireUser(session, verificationMessages.mustBeLoggedIn);
      if (user.isAnonymous) {
        throw new AppError(401, authErrorCodes.noUser, verificationMessages.mustBeLoggedIn);
      }
      if (user.emailVerified) {
        throw new AppError(
          400,
          authErrorCodes.alreadyVerified,
          verificationMessages.alreadyVerified,
        );
      }
      await accounts.inTransaction((tx) => issueVerification(tx, user));
      options.onEmailQueued();
      return { success: true, message: verificationMessages.resent };
    },

    async verifyEmail(token: string | undefined, userId: string | undefined) {
      if (!token || !userId) {
        throw new AppError(
          400,
          authErrorCodes.invalidVerification,
          verificationMessages.missingInformation,
        );
      }
      const verified = await accounts.consumeVerificationToken(userId, hashToken(token));
      if (!verified) {
        throw new AppError(
          400,
          authErrorCodes.invalidVerification,
          verificationMessages.linkInvalid,
        );
      }
      return { success: true as const, message: verificationMessages.verified };
    },
  };
}
