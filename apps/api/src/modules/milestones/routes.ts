import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  ErrorBody,
  MAX_MILESTONES,
  Milestone,
  MilestoneDeleteResult,
  MilestoneInput,
  dataEnvelope,
} from '@si/contracts';
import { PRIVATE_CACHE } from '../../http/cache-control.ts';
import { organizationEditors } from '../organizations/editors.ts';
import type { MilestoneService } from './service.ts';

const OrganizationParams = z.object({ id: z.string().max(100) });
const MilestoneParams = OrganizationParams.extend({ milestoneId: z.string().max(100) });
/** What PUT /organizations/{id} refuses, as these writes are part of the profile. */
const ownerErrors = {
  400: ErrorBody,
  401: ErrorBody,
  402: ErrorBody,
  403: ErrorBody,
  404: ErrorBody,
};

/** An organization's milestones (ADR 042): read with its profile, written by its owner. */
export const milestoneRoutes: FastifyPluginAsyncZod<{ milestones: MilestoneService }> = async (
  app,
  { milestones },
) => {
  const tags = ['organizations'];

  app.get(
    '/organizations/:id/milestones',
    {
      config: { cache: 'revalidate', access: 'visitor' },
      schema: {
        tags,
        summary: "A profile's milestones, newest first: a published one's, or the caller's own",
        description:
          'By year, then month (a milestone without a month after the dated ones of its year), then the one written last first. An unpublished organization is 404 to anyone but its owner.',
        params: OrganizationParams,
        response: { 200: dataEnvelope(z.array(Milestone)), 404: ErrorBody },
      },
    },
    async (request, reply) => {
      const { published, milestones: list } = await milestones.list(
        request.params.id,
        async () => (await request.visitor())?.user.id ?? null,
      );
      // As the profile itself: only its owner sees an unpublished one, and no shared cache.
      if (!published) reply.header('cache-control', PRIVATE_CACHE);
      return { data: list };
    },
  );

  app.post(
    '/organizations/:id/milestones',
    {
      schema: {
        tags,
        summary: 'Add a milestone (owner only, once paid for)',
        description: `At most ${MAX_MILESTONES} milestones: one more is 409 TOO_MANY_MILESTONES. A milestone is dated in the past: a year from 1800, and a month or none.`,
        params: OrganizationParams,
        body: MilestoneInput,
        response: { 201: dataEnvelope(Milestone), ...ownerErrors, 409: ErrorBody },
      },
      config: { access: { signedIn: organizationEditors } },
    },
    async (request, reply) => {
      const created = await milestones.create(request.caller, request.params.id, request.body);
      return reply.code(201).send({ data: created });
    },
  );

  app.put(
    '/organizations/:id/milestones/:milestoneId',
    {
      schema: {
        tags,
        summary: 'Replace a milestone (owner only, once paid for)',
        params: MilestoneParams,
        body: MilestoneInput,
        response: { 200: dataEnvelope(Milestone), ...ownerErrors },
      },
      config: { access: { signedIn: organizationEditors } },
    },
    async (request) => ({
      data: await milestones.update(
        request.caller,
        request.params.id,
        request.params.milestoneId,
        request.body,
      ),
    }),
  );

  app.delete(
    '/organizations/:id/milestones/:milestoneId',
    {
      schema: {
        tags,
        summary: 'Delete a milestone (owner only, once paid for)',
        params: MilestoneParams,
        response: { 200: dataEnvelope(MilestoneDeleteResult), ...ownerErrors },
      },
      config: { access: { signedIn: organizationEditors } },
    },
    async (request) => {
      await milestones.delete(request.caller, request.params.id, request.params.milestoneId);
      return { data: { deleted: true as const } };
    },
  );
};
