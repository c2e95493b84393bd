import { createHash } from 'node:crypto';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  Country,
  CreateOrganizationRequest,
  ErrorBody,
  Organization,
  OrganizationDeleteResult,
  OrganizationListMeta,
  OrganizationListQuery,
  OrganizationSummary,
  UpdateOrganizationRequest,
  dataEnvelope,
  listEnvelope,
} from '@si/contracts';
import { listCompression } from '../../http/answer-compression.ts';
import { organizationEditors } from './editors.ts';
import type { InsightsService } from '../insights/service.ts';
import { directoryPageBody, publicReads } from './public-reads.ts';
import type { OrganizationService } from './service.ts';

/**
 * JSON already serialized in the shape the route's response schema documents, typed as that
 * schema's reply so that Fastify sends the bytes as they are: the busiest route neither
 * serializes nor validates its items again on the way out (ADR 018).
 */
function preSerializedJson(body: Buffer): never {
  return body as unknown as never;
}

const OrganizationParams = z.object({ id: z.string().max(100) });
const ownerErrors = { 400: ErrorBody, 401: ErrorBody, 403: ErrorBody, 404: ErrorBody };

export const organizationRoutes: FastifyPluginAsyncZod<{
  organizations: OrganizationService;
  /** Counts each page's impressions and each profile's views (ADR 031). */
  insights: Pick<InsightsService, 'count'>;
}> = async (app, { organizations, insights }) => {
  const reads = publicReads(organizations);
  app.get(
    '/organizations',
    {
      compress: listCompression,
      config: { cache: 'directory', access: 'public' },
      schema: {
        tags: ['organizations'],
        summary: 'Published organizations, filtered, searched and paged by cursor',
        description:
          'country: organizations with country ALL match every country. categories: comma-joined ids; an organization matches when it has every one. q: prefix text search over name, description and location. meta.facets counts matching organizations per category.',
        querystring: OrganizationListQuery,
        response: { 200: listEnvelope(OrganizationSummary, OrganizationListMeta), 400: ErrorBody },
      },
    },
    async (request, reply) => {
      const page = await reads.directoryPage(request.query);
      insights.count(request, page.ids, 'impressions');
      const body = preSerializedJson(directoryPageBody(page));
      // The same URL against the same index state is the same page: tagged without hashing it.
      const tag = `W/"${page.state}.${createHash('sha1').update(request.url).digest('base64url')}"`;
      return reply.type('application/json; charset=utf-8').header('etag', tag).send(body);
    },
  );

  app.post(
    '/organizations',
    {
      schema: {
        tags: ['organizations'],
        summary:
          'Create an organization (signed-in, verified users); it stays unpublished until paid',
        description:
          'The caller becomes its owner (createdBy) and paymentStatus is pending. Fields the caller may not set are refused.',
        body: CreateOrganizationRequest,
        response: { 201: dataEnvelope(Organization), ...ownerErrors },
      },
      config: { access: { signedIn: organizationEditors } },
    },
    async (request, reply) => {
      const created = await organizations.create(request.caller, request.body);
      return reply.code(201).send({ data: created });
    },
  );

  app.get(
    '/organizations/active-countries',
    {
      config: { cache: 'directory', access: 'public' },
      schema: {
        tags: ['organizations'],
        summary: 'Countries that have at least one published organization',
        response: { 200: dataEnvelope(z.array(Country)) },
      },
    },
    () => reads.activeCountries(),
  );

  app.get(
    '/organizations/:id',
    {
      config: { cache: 'revalidate', access: 'visitor' },
      schema: {
        tags: ['organizations'],
        summary: "One organization: a published one, or the caller's own unpublished one",
        params: OrganizationParams,
        response: { 200: dataEnvelope(Organization), 404: ErrorBody },
      },
    },
    async (request, reply) => {
      const organization = await reads.profile(
        request.params.id,
        async () => (await request.visitor())?.user.id ?? null,
      );
      // Only its owner sees an unpublished profile: no shared cache may keep that answer.
      if (!organization.published) reply.header('cache-control', 'private, no-store');
      else insights.count(request, [organization.id], 'views');
      return { data: organization };
    },
  );

  app.put(
    '/organizations/:id',
    {
      schema: {
        tags: ['organizations'],
        summary: 'Save the whole editable profile (owner only, once paid for)',
        description:
          'version is the one the editor loaded; a save made on an older version answers 409 STALE_VERSION. An organization without a live subscription answers 402 PAYMENT_REQUIRED.',
        params: OrganizationParams,
        body: UpdateOrganizationRequest,
        response: {
          200: dataEnvelope(Organization),
          ...ownerErrors,
          402: ErrorBody,
          409: ErrorBody,
        },
      },
      config: { access: { signedIn: organizationEditors } },
    },
    async (request) => ({
      data: await organizations.update(request.caller, request.params.id, request.body),
    }),
  );

  app.delete(
    '/organizations/:id',
    {
      schema: {
        tags: ['organizations'],
        summary: 'Delete the organization with its images (owner only)',
        description:
          'Its subscriptions are canceled at the payment provider first; if that fails, nothing is deleted (502 PAYMENT_PROVIDER_UNAVAILABLE).',
        params: OrganizationParams,
        response: { 200: dataEnvelope(OrganizationDeleteResult), ...ownerErrors, 502: ErrorBody },
      },
      config: { access: { signedIn: organizationEditors } },
    },
    async (request) => {
      await organizations.delete(request.caller, request.params.id);
      return { data: { deleted: true as const } };
    },
  );
};
