import {
  DELETE_CONFIRMATION_WORD,
  REAUTHENTICATION_WINDOW_MS,
  accountDeletionMessages,
  authErrorCodes,
  providerNames,
  signInMessages,
  type DeleteAccountRequest,
} from '@si/contracts';
import { AppError } from '../../http/errors.ts';
import type { AuthSession } from '../../identity/session.ts';
import { providerId } from './providers.ts';
import type { PasswordAttempts } from '../../adapters/rate-limit/password-attempts.ts';
import type { AccountRepository } from './repository.ts';
import { requireUser } from './signed-in-user.ts';

export interface AccountDeletionOptions {
  accounts: AccountRepository;
  /** Removes every stored variant of images no row uses any more (adapters/storage). */
  removeImages: (urls: string[]) => Promise<void>;
  verifyPassword: (hash: string, password: string) => Promise<boolean>;
  /** Counts checks of an account's password against its per-account allowance. */
  passwordAttempts: PasswordAttempts;
  /**
   * Cancels the user's subscriptions at the payment provider; runs before anything is deleted,
   * and its failure stops the deletion (docs/product.md#identity-and-sessions).
   */
  beforeDelete: (userId: string) => Promise<void>;
}

/** An account deleted by its user, once they prove themselves, or by an operator. */
export function createAccountDeletion(options: AccountDeletionOptions) {
  const { accounts } = options;

  /**
   * Removes the images of deleted organizations, every stored size, on disk or in the bucket; a
   * missing file is not an error.
   */
  const removeUploads = (urls: string[]) => options.removeImages(urls);

  return {
    /** What deleting the caller's account would delete: the organizations only it owns. */
    async deletionPreview(session: AuthSession | null) {
      const { user } = requireUser(session, signInMessages.noUser);
      return { organizations: await accounts.organizationsDeletedWith(user.id) };
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
