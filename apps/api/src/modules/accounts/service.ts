import { createHash, randomBytes } from 'node:crypto';
import {
  DELETE_CONFIRMATION_WORD,
  REAUTHENTICATION_WINDOW_MS,
  accountDeletionMessages,
  authErrorCodes,
  providerNames,
  sessionMessages,
  signInMessages,
  verificationMessages,
  type AuthActionResult,
  type AuthProviderId,
  type CurrentUser,
  type DeleteAccountRequest,
} from '@si/contracts';
import type { Database } from '../../db/client.ts';
import { AppError } from '../../http/errors.ts';
import type { OutboxRepository } from '../../adapters/email/outbox-repository.ts';
import {
  passwordResetEmail,
  verificationEmail,
  type EmailFooter,
} from '../../adapters/email/templates.ts';
import type { PasswordResetRequest } from '../../identity/better-auth.ts';
import type { AuthSession } from '../../identity/session.ts';
import type { PasswordAttempts } from '../../adapters/rate-limit/password-attempts.ts';
import type { AccountRepository } from './repository.ts';

const VERIFICATION_TTL_MS = 24 * 60 * 60 * 1000;

const hashToken = (token: string) => createHash('sha256').update(token).digest('hex');

/** better-auth's provider ids as docs/product.md#identity-and-sessions names them ('credential' is 'password'). */
const providerId = (id: string) => (id === 'credential' ? 'password' : id);
const isKnownProvider = (id: string): id is AuthProviderId =>
  id === 'password' || id === 'google' || id === 'github';

export interface AccountServiceOptions {
  accounts: AccountRepository;
  outbox: OutboxRepository;
  publicUrl: string;
  /** Where emails send for help, and the parent brands they name (settings). */
  emailFooter: EmailFooter;
  /** Removes every stored variant of images no row uses any more (adapters/storage). */
  removeImages: (urls: string[]) => Promise<void>;
  verifyPassword: (hash: string, password: string) => Promise<boolean>;
  /** Counts checks of an account's password against its per-account allowance. */
  passwordAttempts: PasswordAttempts;
  /** Wakes the email relay once an email has been committed. */
  onEmailQueued: () => void;
  /**
   * Cancels the user's subscriptions at the payment provider; runs before anything is deleted,
   * and its failure stops the deletion (docs/product.md#identity-and-sessions).
   */
  beforeDelete: (userId: string) => Promise<void>;
}

export function createAccountService(options: AccountServiceOptions) {
  const { accounts, outbox, publicUrl, emailFooter } = options;

  function requireUser(
    session: AuthSession | null,
    message: string = sessionMessages.loginRequired,
  ) {
    if (!session) throw new AppError(401, authErrorCodes.noUser, message);
    return session;
  }

  async function issueVerification(executor: Database, user: { id: string; email: string }) {
    const token = randomBytes(32).toString('base64url');
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

  /**
   * Removes the images of deleted organizations, every stored size, on disk or in the bucket; a
   * missing file is not an error.
   */
  const removeUploads = (urls: string[]) => options.removeImages(urls);

  return {
    async currentUser(session: AuthSession): Promise<CurrentUser> {
      const { user } = session;
      const providers = user.isAnonymous
        ? []
        : (await accounts.providerIds(user.id)).map(providerId).filter(isKnownProvider);
      return {
        id: user.id,
        email: user.isAnonymous ? null : user.email,
        displayName: user.isAnonymous || !user.name ? null : user.name,
        emailVerified: user.emailVerified,
        isAnonymous: Boolean(user.isAnonymous),
        providers,
        createdAt: new Date(user.createdAt).toISOString(),
      };
    },

    requireUser,

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

    guestLinked: (executor: Database, guestId: string, userId: string) =>
      accounts.moveGuestData(executor, guestId, userId),

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

    /**
     * Deletes the caller's account after it proves itself: the typed confirmation, then the
     * current password for password accounts, or a sign-in with Google or GitHub in the last
     * few minutes. A guest needs neither.
     */
    /** `clientAddress` is the request's (Fastify's request.ip), whose password checks count. */
    async deleteAccount(
      session: AuthSession | null,
      request: DeleteAccountRequest,
      clientAddress: string,
    ) {
      const { user, session: current } = requireUser(session, signInMessages.noUser);
      if (request.confirmation !== DELETE_CONFIRMATION_WORD) {
        throw new AppError(
          400,
          authErrorCodes.confirmationRequired,
          accountDeletionMessages.typeDelete,
        );
      }
      if (!user.isAnonymous) {
        const providers = (await accounts.providerIds(user.id)).map(providerId);
        if (providers.includes('password')) {
          if (!request.password) {
            throw new AppError(
              400,
              authErrorCodes.passwordRequired,
              accountDeletionMessages.passwordRequired,
            );
          }
          await options.passwordAttempts.begin(user.email, clientAddress);
          const hash = await accounts.passwordHash(user.id);
          if (!hash || !(await options.verifyPassword(hash, request.password))) {
            throw new AppError(
              403,
              authErrorCodes.wrongPassword,
              accountDeletionMessages.wrongPassword,
            );
          }
          await options.passwordAttempts.succeeded(user.email, clientAddress);
        } else {
          const social = providers.find((id) => id === 'google' || id === 'github');
          if (!social) {
            throw new AppError(
              400,
              authErrorCodes.unsupportedProvider,
              accountDeletionMessages.unsupportedProvider(providers[0] ?? 'none'),
            );
          }
          const signedInAt = new Date(current.createdAt).getTime();
          if (Date.now() - signedInAt > REAUTHENTICATION_WINDOW_MS) {
            throw new AppError(
              403,
              authErrorCodes.reauthenticationRequired,
              accountDeletionMessages.reauthRequired(providerNames[social]),
            );
          }
        }
      }
      await options.beforeDelete(user.id);
      const { deleted, imageUrls } = await accounts.deleteUserWithData(user.id);
      if (!deleted) throw new AppError(404, 'NOT_FOUND', accountDeletionMessages.notFound);
      await removeUploads(imageUrls);
    },

    /**
     * Deletes a user with everything they own, as their own deletion does (subscriptions
     * canceled, organizations, images and emails removed), for an operator: the operators
     * service has authorized and recorded it. False when the user is already gone.
     */
    async deleteForOperator(userId: string): Promise<boolean> {
      await options.beforeDelete(userId);
      const { deleted, imageUrls } = await accounts.deleteUserWithData(userId);
      await removeUploads(imageUrls);
      return deleted;
    },
  };
}
export type AccountService = ReturnType<typeof createAccountService>;
