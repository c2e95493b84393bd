import type { Database } from '../../db/client.ts';
import { createCheckoutRepository } from './checkout-repository.ts';
import { createGuestCodeRepository } from './guest-code-repository.ts';
import { createLapseRepository } from './lapse-repository.ts';
import { createPublicationRepository } from './publication-repository.ts';
import { createSubscriptionRepository } from './subscription-repository.ts';

export type { PaymentSessionRow } from './checkout-repository.ts';
export type {
  NewSubscriptionRow,
  SubscriptionRow,
  SubscriptionView,
} from './subscription-repository.ts';

/** The payments module's tables, one repository per use, as the module's one repository. */
export function createPaymentRepository(db: Database) {
  return {
    ...createPublicationRepository(db),
    ...createSubscriptionRepository(db),
    ...createCheckoutRepository(db),
    ...createGuestCodeRepository(db),
    ...createLapseRepository(db),
  };
}
export type PaymentRepository = ReturnType<typeof createPaymentRepository>;
