import type { FastifyReply, FastifyRequest } from 'fastify';
import { fromNodeHeaders } from 'better-auth/node';
import type { Identity } from './better-auth.ts';

export type AuthSession = NonNullable<Awaited<ReturnType<Identity['api']['getSession']>>>;

/**
 * The session of a request, from its cookie or its `Authorization: Bearer` token. When
 * better-auth extends the session (once a day of use), the refreshed cookie goes on the reply.
 */
export async function readSession(
  identity: Identity,
  request: FastifyRequest,
  reply?: FastifyReply,
): Promise<AuthSession | null> {
  const { headers, response } = await identity.api.getSession({
    headers: fromNodeHeaders(request.headers),
    returnHeaders: true,
  });
  const cookies = headers.getSetCookie();
  if (reply && cookies.length > 0) reply.header('set-cookie', cookies);
  return response;
}
