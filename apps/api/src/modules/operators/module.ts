import { mailOptions, type ModuleContext } from '../../assembly/context.ts';
import { routesOf } from '../../assembly/module-routes.ts';
import type { DigestSender } from '../newsletter/digest-sender.ts';
import type { NewsletterRepository } from '../newsletter/repository.ts';
import type { PaymentRepository } from '../payments/repository.ts';
import type { RefundLatest } from '../payments/refunds.ts';
import type { VerificationRepository } from '../verification/repository.ts';
import { createOperatorGuard } from './operator-guard.ts';
import { createOperatorRepository } from './repository.ts';
import { operatorRoutes } from './routes.ts';
import { createOperatorService } from './service.ts';

/**
 * Who is an operator, read by other modules before the console is built: identity refuses a
 * disabled account's sessions, insights show operators every organization's figures, and the
 * API's access hook lets operators into the console's routes.
 */
export function operatorRoster(context: ModuleContext) {
  const repository = createOperatorRepository(context.db);
  return {
    repository,
    gate: createOperatorGuard(repository, () => new Date()),
    isDisabled: repository.isDisabled,
    isOperator: async (userId: string) => {
      const access = await repository.access(userId);
      return Boolean(access?.operatorSince && !access.disabledAt);
    },
  };
}
export type OperatorRoster = ReturnType<typeof operatorRoster>;

/** The operators' console (ADR 028): every action audited, the refund the payments module's. */
export function operatorsModule(
  context: ModuleContext,
  deps: {
    roster: OperatorRoster;
    payments: { repository: PaymentRepository; refundLatest: RefundLatest };
    verification: Pick<VerificationRepository, 'clearBadge'>;
    newsletter: { repository: NewsletterRepository; digests: DigestSender };
    deleteOrganization: (id: string) => Promise<boolean>;
    deleteUser: (id: string) => Promise<boolean>;
  },
) {
  const service = createOperatorService({
    db: context.db,
    repository: deps.roster.repository,
    payments: deps.payments.repository,
    clearBadge: deps.verification.clearBadge,
    newsletter: deps.newsletter.repository,
    newsletterDigests: deps.newsletter.digests,
    deleteOrganization: deps.deleteOrganization,
    deleteUser: deps.deleteUser,
    refund: deps.payments.refundLatest,
    ...mailOptions(context),
  });
  return {
    service,
    routes: routesOf(operatorRoutes, { operators: service }),
  };
}
