import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { FastifyRequest } from 'fastify';
import { AdminDigestPreview, AdminDigestSent, ErrorBody, dataEnvelope } from '@si/contracts';
import type { Actor, OperatorService } from './service.ts';

type App = Parameters<FastifyPluginAsyncZod>[0];

/**
 * The console's next digest (ADR 037): a preview, and "send now" as that month's one digest.
 * Registered inside operatorRoutes, whose routes only operators may call.
 */
export function registerDigestRoutes(
  app: App,
  {
    newsletter,
    actor,
    admin,
  }: {
    newsletter: OperatorService['newsletter'];
    actor: (request: FastifyRequest) => Actor;
    admin: { tags: string[] };
  },
) {
  const refusals = { 401: ErrorBody, 403: ErrorBody };

  app.get(
    '/admin/newsletter/digest-preview',
    {
      schema: {
        ...admin,
        summary:
          'The next digest: its month, subject, line, organizations and recipients, and why it cannot be sent now (null when it can)',
        response: { 200: dataEnvelope(AdminDigestPreview), ...refusals },
      },
    },
    async () => ({ data: await newsletter.digestPreview() }),
  );

  app.post(
    '/admin/newsletter/digest-send',
    {
      schema: {
        ...admin,
        summary: "Send the next digest now, as its month's one; audited",
        description:
          '409 NEWSLETTER_DIGEST_SENT when that month’s digest went out already (a month’s digest is sent once, and the job then sends nothing more of it); 409 NEWSLETTER_DIGEST_EMPTY when no organization is new for it.',
        response: { 200: dataEnvelope(AdminDigestSent), 409: ErrorBody, ...refusals },
      },
    },
    async (request) => ({ data: await newsletter.digestSend(actor(request)) }),
  );
}
