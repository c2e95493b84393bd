import type { Identity } from './identity/better-auth.ts';
import type { PaymentService } from './modules/payments/service.ts';

type SubscriptionOwner = { organizationId: string } | { ownerId: string };

/**
 * The two references buildApp cannot pass in order, because each closes a cycle:
 * - identity calls the account service (verification and reset emails, guest linking), while the
 *   account service checks a password with identity's hasher before deleting an account;
 * - payments read and update organizations through their service, while deleting an organization
 *   or an account cancels its subscriptions at the provider first.
 * The accounts and organizations services are built with these stand-ins; connect() points them
 * at identity and payments once both exist, before the app answers any request.
 */
export function createLateWiring() {
  let verify: ((hash: string, password: string) => Promise<boolean>) | undefined;
  let cancel: ((where: SubscriptionOwner) => Promise<void>) | undefined;
  const unconnected = (name: string) => new Error(`${name} was called before connect()`);

  return {
    verifyPassword: async (hash: string, password: string): Promise<boolean> => {
      if (!verify) throw unconnected('verifyPassword');
      return verify(hash, password);
    },
    cancelSubscriptions: async (where: SubscriptionOwner): Promise<void> => {
      if (!cancel) throw unconnected('cancelSubscriptions');
      return cancel(where);
    },
    /** Points the stand-ins at identity's password hasher and the payments service. */
    async connect({ identity, payments }: { identity: Identity; payments: PaymentService }) {
      const { password } = await identity.$context;
      verify = (hash, plain) => password.verify({ hash, password: plain });
      cancel = payments.cancelBeforeDeletion;
    },
  };
}
