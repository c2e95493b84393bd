import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface GitHubUser {
  id: number;
  login: string;
  name: string | null;
  email: string;
}

/**
 * A local stand-in for GitHub's OAuth endpoints (authorize, access_token) and the two REST
 * calls sign-in makes (/user, /user/emails). Authorize approves at once and sends the browser
 * back with a code, unless the next user is set to `null`, which answers access_denied.
 */
export async function startGitHubStandIn(port = 0) {
  let nextUser: GitHubUser | null = {
    id: 1001,
    login: 'octo',
    name: 'Octo Cat',
    email: 'octo@example.com',
  };
  const codes = new Map<string, GitHubUser>();
  const tokens = new Map<string, GitHubUser>();

  const json = (response: ServerResponse, status: number, body: unknown) => {
    response.writeHead(status, { 'content-type': 'application/json' });
    response.end(JSON.stringify(body));
  };
  const readBody = async (request: IncomingMessage) => {
    let text = '';
    for await (const chunk of request) text += String(chunk);
    return new URLSearchParams(text);
  };

  const server = createServer((request, response) => {
    const url = new URL(request.url ?? '/', 'http://stand-in');
    void (async () => {
      if (url.pathname === '/login/oauth/authorize') {
        const redirect = new URL(url.searchParams.get('redirect_uri') ?? '');
        redirect.searchParams.set('state', url.searchParams.get('state') ?? '');
        if (nextUser) {
          const code = `code-${crypto.randomUUID()}`;
          codes.set(code, nextUser);
          redirect.searchParams.set('code', code);
        } else {
          redirect.searchParams.set('error', 'access_denied');
        }
        response.writeHead(302, { location: redirect.toString() });
        response.end();
        return;
      }
      if (url.pathname === '/login/oauth/access_token' && request.method === 'POST') {
        const form = await readBody(request);
        const user = codes.get(form.get('code') ?? '');
        if (!user) return json(response, 200, { error: 'bad_verification_code' });
        codes.delete(form.get('code') ?? '');
        const token = `gho_${crypto.randomUUID()}`;
        tokens.set(token, user);
        return json(response, 200, {
          access_token: token,
          token_type: 'bearer',
          scope: 'read:user,user:email',
        });
      }
      const user = tokens.get((request.headers.authorization ?? '').replace(/^Bearer /i, ''));
      if (!user) return json(response, 401, { message: 'Bad credentials' });
      if (url.pathname === '/user') {
        return json(response, 200, {
          id: user.id,
          login: user.login,
          name: user.name,
          email: null,
          avatar_url: null,
        });
      }
      if (url.pathname === '/user/emails') {
        return json(response, 200, [{ email: user.email, primary: true, verified: true }]);
      }
      json(response, 404, { message: 'Not Found' });
    })();
  });
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    url,
    /** Environment that points the app's GitHub sign-in here. */
    env: {
      GITHUB_CLIENT_ID: 'test-github-client',
      GITHUB_CLIENT_SECRET: 'test-github-secret',
      GITHUB_OAUTH_URL: url,
      GITHUB_API_URL: url,
    },
    /** Who the next authorization signs in as; null makes it answer access_denied. */
    setNextUser(user: GitHubUser | null) {
      nextUser = user;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
export type GitHubStandIn = Awaited<ReturnType<typeof startGitHubStandIn>>;
