import { mailOptions, type ModuleContext } from '../../assembly/context.ts';
import { routesOf } from '../../assembly/module-routes.ts';
import type { OrganizationService } from '../organizations/service.ts';
import { createAcceptance } from './acceptance.ts';
import { createOwnerInvitations } from './owner-invitations.ts';
import { createInvitationQueries } from './queries.ts';
import { invitationRoutes } from './routes.ts';
import { createInvitationSending } from './sending.ts';

/** Invitations by email to join an organization (ADR 049). */
export function invitationsModule(
  context: ModuleContext,
  { organizations }: { organizations: OrganizationService },
) {
  const { config } = context;
  const now = () => new Date();
  const queries = createInvitationQueries(context.db);
  const sending = createInvitationSending({
    ...mailOptions(context),
    counters: context.counters,
    limits: {
      enabled: config.RATE_LIMITS,
      windowMs: config.RATE_LIMIT_WINDOW_MS,
      perOwner: config.RATE_LIMIT_INVITATION_MAX,
      perAddress: config.RATE_LIMIT_INVITATION_ADDRESS_MAX,
    },
    now,
  });
  const owners = createOwnerInvitations(queries, organizations, sending, now);
  const acceptance = createAcceptance(queries, now);
  return { routes: routesOf(invitationRoutes, { owners, acceptance }) };
}
