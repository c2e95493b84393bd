import { mailOptions, type ModuleContext } from '../../assembly/context.ts';
import { routesOf } from '../../assembly/module-routes.ts';
import type { OrganizationService } from '../organizations/service.ts';
import { codeDigests } from './code-digest.ts';
import { createVerificationRepository } from './repository.ts';
import { verificationRoutes } from './routes.ts';
import { createVerificationService } from './service.ts';

/** The Verified badge (ADR 032): a code sent to an address on the website's domain. */
export function verificationModule(
  context: ModuleContext,
  { organizations }: { organizations: OrganizationService },
) {
  const repository = createVerificationRepository();
  const service = createVerificationService({
    db: context.db,
    repository,
    organizations,
    digests: codeDigests(context.secret),
    ...mailOptions(context),
  });
  return { repository, routes: routesOf(verificationRoutes, { verification: service }) };
}
