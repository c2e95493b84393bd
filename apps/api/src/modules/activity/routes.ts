import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ActivityEntry, ActivityMeta, ActivityQuery, ErrorBody, listEnvelope } from '@si/contracts';
import { organizationEditors } from '../organizations/editors.ts';
import type { ActivityService } from './service.ts';

const OrganizationParams = z.object({ id: z.string().max(100) });

/** An organization's activity, for its owners (ADR 048). */
export const activityRoutes: FastifyPluginAsyncZod<{ activity: ActivityService }> = async (
  app,
  { activity },
) => {
  app.get(
    '/organizations/:id/activity',
    {
      schema: {
        tags: ['organizations'],
        summary: "Who changed the organization's team or profile, and when (owners only)",
        description:
          'Newest first, a page at a time: pass meta.nextCursor back as cursor for older entries. What support did is shown as such, without the operator. Anyone else meets what every owner-only call answers: 403 on a published organization, 404 otherwise.',
        params: OrganizationParams,
        querystring: ActivityQuery,
        response: {
          200: listEnvelope(ActivityEntry, ActivityMeta),
          400: ErrorBody,
          401: ErrorBody,
          403: ErrorBody,
          404: ErrorBody,
        },
      },
      config: { access: { signedIn: organizationEditors } },
    },
    async (request) => {
      const { entries, meta } = await activity.forOwners(
        request.caller,
        request.params.id,
        request.query,
      );
      return { data: entries, meta };
    },
  );
};
