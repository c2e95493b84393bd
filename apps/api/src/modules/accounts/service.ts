import type { CurrentUser } from '@si/contracts';
import type { Database } from '../../db/client.ts';
import type { AuthSession } from '../../identity/session.ts';
import { createAccountDeletion, type AccountDeletionOptions } from './account-deletion.ts';
import { createEmailVerification, type EmailVerificationOptions } from './email-verification.ts';
import { isKnownProvider, providerId } from './providers.ts';
import { requireUser } from './signed-in-user.ts';

export interface AccountServiceOptions extends EmailVerificationOptions, AccountDeletionOptions {}

/** The accounts' use cases (the files imported above), and the caller as the API shows them. */
export function createAccountService(options: AccountServiceOptions) {
  const { accounts } = options;

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

    ...createEmailVerification(options),

    guestLinked: (executor: Database, guestId: string, userId: string) =>
      accounts.moveGuestData(executor, guestId, userId),

    ...createAccountDeletion(options),
  };
}
export type AccountService = ReturnType<typeof createAccountService>;
