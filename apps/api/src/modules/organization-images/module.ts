import multipart from '@fastify/multipart';
import { multipartLimits } from '../../adapters/images/upload.ts';
import { everyJobsInterval } from '../../assembly/cadence.ts';
import type { ModuleContext } from '../../assembly/context.ts';
import type { ModuleRoutes } from '../../assembly/module-routes.ts';
import type { OrganizationService } from '../organizations/service.ts';
import { organizationImageRoutes } from './routes.ts';
import { createOrganizationImageService } from './service.ts';
import { uploadSweepJob, type StoredShareCards } from './upload-sweep-job.ts';

/**
 * An organization's logo, banner and category images, and the sweep that removes stored files
 * no row points at (ADR 021), share cards' leftovers included.
 */
export function organizationImagesModule(
  context: ModuleContext,
  deps: { organizations: OrganizationService; cards: StoredShareCards },
) {
  const { storage, log } = context;
  const images = createOrganizationImageService({
    organizations: deps.organizations,
    storage,
    log,
  });
  const sweep = uploadSweepJob({ db: context.db, storage, logger: log, cards: deps.cards });
  context.jobs.add('sweepUploads', sweep, sweep.runAt, everyJobsInterval(context));
  // Multipart bodies are parsed only here, where images are uploaded; elsewhere they are a 415.
  const routes: ModuleRoutes = async (api) => {
    await api.register(async (scope) => {
      await scope.register(multipart, { limits: multipartLimits });
      await scope.register(organizationImageRoutes, { images });
    });
  };
  return { routes };
}
