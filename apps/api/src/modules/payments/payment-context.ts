import { errorCodes, paymentMessages } from '@si/contracts';
import type { Database } from '../../db/client.ts';
import { AppError, notFound } from '../../http/errors.ts';
import type { AuthSession } from '../../identity/session.ts';
import type { WindowCounters } from '../../adapters/rate-limit/window-counters.ts';
import type { OrganizationService } from '../organizations/service.ts';
import type { Fulfilment } from './fulfilment.ts';
import { toSubscription } from './mapper.ts';
import type { PaymentProviders } from './providers/index.ts';
import type { ReceiptRepository } from './receipt-repository.ts';
import type { PaymentRepository } from './repository.ts';

export interface PaymentServiceOptions {
  db: Database;
  repository: PaymentRepository;
  receipts: ReceiptRepository;
  providers: PaymentProviders;
  fulfilment: Fulfilment;
  organizations: Pick<
    OrganizationService,
    'requireMemberOrganization' | 'requireEditor' | 'ownerNotFound'
  >;
  counters: WindowCounters;
  publicUrl: string;
  /** Per user and window: guest codes tried, and checkouts started (each one calls the provider). */
  limits: { enabled: boolean; windowMs: number; guestCodes: number; checkouts: number };
  logger?: {
    warn(details: object, message: string): void;
    info(details: object, message: string): void;
  };
}

/**
 * What the payment service's use cases share: the providers, reading a subscription back from
 * its provider, the caller's own checkout, where a checkout returns to, and the rate limits.
 */
export function createPaymentContext(options: PaymentServiceOptions) {
  const { db, repository, providers, fulfilment, organizations, publicUrl } = options;
  const provider = providers.current;
  const providerFor = providers.byName;

  /**
   * Where a paid checkout comes back to: the editor, which verifies the session. `first`: this
   * checkout gives the organization its first subscription, so the editor greets it as newly
   * created (docs/product.md#creating-and-editing-an-organization; ?new=1 is the web app's newly-created flag); an owner
   * paying again for one that lapsed is not greeted so.
   */
  const successUrl = (organizationId: string, sessionId: string, first: boolean) =>
    `${publicUrl}/organizations/${organizationId}/edit?success=true${first ? '&new=1' : ''}&session_id=${sessionId}`;
  const cancelUrl = (organizationId: string) =>
    `${publicUrl}/payments/canceled?org=${organizationId}`;

  /** Reads a subscription back from its provider and applies it. */
  async function refresh(
    name: 'stripe' | 'test',
    subscriptionId: string,
    options?: Parameters<Fulfilment['apply']>[2],
  ) {
    const source = providerFor(name);
    if (!source) return 'ignored' as const;
    return fulfilment.apply(source, subscriptionId, options);
  }

  async function currentOf(organizationId: string) {
    const current = await repository.currentForOrganization(organizationId);
    return current ? toSubscription(current) : null;
  }

  /** The caller's own checkout session (another user's is answered as not found). */
  async function ownSession(session: AuthSession | null, sessionId: string) {
    const user = organizations.requireEditor(session);
    const row = await repository.findSession(db, sessionId);
    if (!row || row.userId !== user.id) throw notFound(paymentMessages.sessionNotFound);
    return row;
  }

  /** One more checkout or guest code tried by the user; past the window's limit, a 429. */
  async function count(what: 'guestCodes' | 'checkouts', userId: string, message: string) {
    const { enabled, windowMs } = options.limits;
    if (!enabled) return;
    const { hits } = await options.counters.hit(`${what}:${userId}`, windowMs);
    if (hits > options.limits[what]) throw new AppError(429, errorCodes.rateLimited, message);
  }

  return {
    options,
    db,
    repository,
    providers,
    fulfilment,
    organizations,
    publicUrl,
    provider,
    providerFor,
    successUrl,
    cancelUrl,
    refresh,
    currentOf,
    ownSession,
    count,
  };
}
export type PaymentContext = ReturnType<typeof createPaymentContext>;
