import type { FastifyInstance, InjectOptions } from 'fastify';
import { TEST_PUBLIC_URL } from './test-app.ts';

export interface AgentResponse<T = unknown> {
  status: number;
  body: T;
  headers: Record<string, string | string[] | number | undefined>;
  cookies: string[];
}

/**
 * A browser stand-in for fastify.inject: it keeps cookies between calls and sends the site's
 * Origin, as a same-site page would.
 */
export function createAgent(app: FastifyInstance, options: { ip?: string } = {}) {
  const jar = new Map<string, string>();

  async function call<T = { data?: unknown; error?: { code: string; message: string } }>(
    method: InjectOptions['method'],
    url: string,
    body?: unknown,
    headers: Record<string, string> = {},
  ): Promise<AgentResponse<T>> {
    const cookie = [...jar].map(([name, value]) => `${name}=${value}`).join('; ');
    const response = await app.inject({
      method,
      url,
      headers: {
        origin: TEST_PUBLIC_URL,
        ...(cookie ? { cookie } : {}),
        ...(options.ip ? { 'x-forwarded-for': options.ip } : {}),
        ...headers,
      },
      ...(body === undefined ? {} : { payload: body as InjectOptions['payload'] }),
    });
    const setCookie = response.headers['set-cookie'];
    const cookies = setCookie ? (Array.isArray(setCookie) ? setCookie : [setCookie]) : [];
    for (const line of cookies) {
      const [pair, ...attributes] = line.split(';');
      const [name, ...rest] = (pair ?? '').split('=');
      if (!name) continue;
      const value = rest.join('=');
      const expired = attributes.some((part) => /max-age=0/i.test(part.trim()));
      if (expired || value === '') jar.delete(name.trim());
      else jar.set(name.trim(), value);
    }
    let parsed: unknown;
    try {
      parsed = response.json();
    } catch {
      parsed = response.body;
    }
    return { status: response.statusCode, body: parsed as T, headers: response.headers, cookies };
  }

  return {
    jar,
    get: <T = { data?: unknown; error?: { code: string; message: string } }>(url: string) =>
      call<T>('GET', url),
    post: <T = { data?: unknown; error?: { code: string; message: string } }>(
      url: string,
      body: unknown = {},
    ) => call<T>('POST', url, body),
    delete: <T = { data?: unknown; error?: { code: string; message: string } }>(
      url: string,
      body: unknown,
    ) => call<T>('DELETE', url, body),
    call,
  };
}
export type Agent = ReturnType<typeof createAgent>;

/**
 * Signs in through a provider as a browser would: ask the API for the provider's URL, follow it
 * (the stand-ins approve at once), and bring the code back to the API's callback. Returns the
 * callback's answer, a redirect to `callbackURL` or to /login with `?error=`.
 */
export async function socialSignIn(
  agent: Agent,
  provider: 'google' | 'github',
  callbackURL = '/dashboard',
) {
  const start = await agent.post<{ data: { url: string } }>('/api/auth/sign-in/social', {
    provider,
    callbackURL,
    errorCallbackURL: '/login',
  });
  if (start.status !== 200) throw new Error(`sign-in/social answered ${start.status}`);
  const authorize = await fetch(start.body.data.url, { redirect: 'manual' });
  const back = authorize.headers.get('location');
  if (!back) throw new Error(`provider did not redirect (${authorize.status})`);
  const callback = new URL(back);
  return agent.get(`${callback.pathname}${callback.search}`);
}
