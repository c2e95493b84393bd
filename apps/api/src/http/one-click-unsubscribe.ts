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

export interface OneClickUnsubscribeOptions {
  /** The list, which names the page the link ends on: /unsubscribed?list=<list>. */
  list: EmailList;
  /** '/insights/unsubscribe' */
  path: string;
  tags: string[];
  /** The link's query parameters besides `token`, the first naming the reader ('subscriber'). */
  params: readonly [string, ...string[]];
  what: string;
  unsubscribe(link: Record<string, string>): Promise<'done' | UnsubscribeError>;
  /**
   * The message a mail client's POST is refused with (404), or null to answer it as done. By
   * default only a forged link is refused: a used one leaves the reader out, as asked.
   */
  refusal?(outcome: UnsubscribeError): string | null;
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
  const { list, path, tags, params, what } = options;
  const refusal =
    options.refusal ??
    ((outcome: UnsubscribeError) => (outcome === 'invalid' ? unsubscribeLinkInvalid : null));
  const page = `/unsubscribed?list=${list}`;
  const Query = z.object({
    ...Object.fromEntries(params.map((name) => [name, z.string().max(100).default('')])),
    token: z.string().max(200).default(''),
  });
  const unsubscribe = (query: Record<string, string>) => options.unsubscribe(query);

  app.get(
    path,
    {
      schema: {
        tags,
        // A link in an email, not a call: it answers with a redirect to a page.
        hide: true,
        summary: `${what}'s unsubscribe link: stops it, then shows the result page`,
        description: 'No sign-in: the token proves the link. Redirects to /unsubscribed.',
        querystring: Query,
        response: { 303: z.null() },
      },
      config: { access: 'public' },
    },
    async (request, reply) => {
      const outcome = await unsubscribe(request.query as Record<string, string>);
      return reply
        .header('cache-control', 'no-store')
        .redirect(outcome === 'done' ? page : `${page}&error=${outcome}`, 303);
    },
  );

  // A mail client's one-click unsubscribe: a form POST from the provider's servers, with no
  // Origin of ours and no session.
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
        config: { crossSiteExempt: true, access: 'public' },
        schema: {
          tags,
          summary: `One-click unsubscribe from ${what} (RFC 8058 List-Unsubscribe-Post)`,
          querystring: Query,
          response: {
            200: dataEnvelope(z.object({ unsubscribed: z.literal(true) })),
            404: ErrorBody,
          },
        },
      },
      async (request) => {
        const outcome = await unsubscribe(request.query as Record<string, string>);
        const refused = outcome === 'done' ? null : refusal(outcome);
        if (refused) throw notFound(refused);
        return { data: { unsubscribed: true as const } };
      },
    );
  });
};
