import type { FastifyPluginAsyncZod, ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  ErrorBody,
  dataEnvelope,
  unsubscribeLinkInvalid,
  type EmailList,
  type UnsubscribeError,
} from '@si/contracts';
import { notFound } from './errors.ts';
import { publicAccess } from './openapi.ts';

export interface OneClickUnsubscribeOptions {
  /** The list, which names the page the link ends on: /unsubscribed?list=<list>. */
  list: EmailList;
  /** '/insights/unsubscribe' */
  path: string;
  tags: string[];
  /** The query parameter that names the reader ('organization', 'subscriber'). */
  idParam: string;
  what: string;
  unsubscribe(id: string, token: string): Promise<'done' | UnsubscribeError>;
}

/**
 * A list email's way out, for every list alike: the link (GET, which does the work and then
 * shows the page) and a mail client's one-click POST (RFC 8058 List-Unsubscribe-Post). Neither
 * needs a session: the token in the address is the proof. A forged token changes nothing.
 */
export const oneClickUnsubscribeRoutes: FastifyPluginAsyncZod<OneClickUnsubscribeOptions> = async (
  app,
  options,
) => {
  const { list, path, tags, idParam, what } = options;
  const page = `/unsubscribed?list=${list}`;
  const Query = z.object({
    [idParam]: z.string().max(100).default(''),
    token: z.string().max(200).default(''),
  });
  const unsubscribe = (query: Record<string, string>) =>
    options.unsubscribe(query[idParam] ?? '', query.token ?? '');

  app.get(
    path,
    {
      schema: {
        tags,
        // A link in an email, not a call: it answers with a redirect to a page.
        hide: true,
        summary: `${what}'s unsubscribe link: stops it, then shows the result page`,
        description: 'No sign-in: the token proves the link. Redirects to /unsubscribed.',
        security: publicAccess,
        querystring: Query,
        response: { 303: z.null() },
      },
    },
    async (request, reply) => {
      const outcome = await unsubscribe(request.query as Record<string, string>);
      return reply
        .header('cache-control', 'no-store')
        .redirect(outcome === 'done' ? page : `${page}&error=${outcome}`, 303);
    },
  );

  // A mail client's one-click unsubscribe: a form POST from the provider's servers, with no
  // Origin of ours and no session. A link used already answers as done: the reader is out.
  await app.register(async (plain) => {
    const oneClick = plain.withTypeProvider<ZodTypeProvider>();
    oneClick.addContentTypeParser(
      'application/x-www-form-urlencoded',
      { parseAs: 'string', bodyLimit: 1024 },
      (_request, body, done) => done(null, body),
    );
    oneClick.post(
      path,
      {
        config: { crossSiteExempt: true },
        schema: {
          tags,
          summary: `One-click unsubscribe from ${what} (RFC 8058 List-Unsubscribe-Post)`,
          security: publicAccess,
          querystring: Query,
          response: {
            200: dataEnvelope(z.object({ unsubscribed: z.literal(true) })),
            404: ErrorBody,
          },
        },
      },
      async (request) => {
        const outcome = await unsubscribe(request.query as Record<string, string>);
        if (outcome === 'invalid') throw notFound(unsubscribeLinkInvalid);
        return { data: { unsubscribed: true as const } };
      },
    );
  });
};
