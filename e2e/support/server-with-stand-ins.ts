/**
 * The server the browser tests run against, with real stand-ins for everything outside it: an
 * SMTP server that keeps what it receives, a local OpenID Connect provider for Google, and a
 * local GitHub. A small control API lets the tests read the mail and pick the next social user.
 */
import { createServer } from 'node:http';
import { startGitHubStandIn } from '../../apps/api/test/support/github-stand-in.ts';
import { startGoogleProvider } from '../../apps/api/test/support/google-provider.ts';
import { startMailbox } from '../../apps/api/test/support/mailbox.ts';
import { E2E_PORTS } from './ports.ts';

const mailbox = await startMailbox({ port: E2E_PORTS.smtp });
const google = await startGoogleProvider(E2E_PORTS.google);
const github = await startGitHubStandIn(E2E_PORTS.github);

const control = createServer((request, response) => {
  void (async () => {
    const url = new URL(request.url ?? '/', 'http://control');
    let body = '';
    for await (const chunk of request) body += String(chunk);
    response.setHeader('content-type', 'application/json');
    if (url.pathname === '/messages') {
      const to = url.searchParams.get('to') ?? '';
      response.end(JSON.stringify(mailbox.to(to)));
    } else if (url.pathname === '/google/next-user' && request.method === 'POST') {
      google.setNextUser(JSON.parse(body));
      response.end('{}');
    } else if (url.pathname === '/github/next-user' && request.method === 'POST') {
      github.setNextUser(JSON.parse(body));
      response.end('{}');
    } else {
      response.statusCode = 404;
      response.end('{}');
    }
  })();
});
await new Promise<void>((resolve) => control.listen(E2E_PORTS.control, '127.0.0.1', resolve));

Object.assign(process.env, {
  SMTP_URL: mailbox.url,
  EMAIL_RELAY_INTERVAL_MS: '500',
  // Insights counted by a visit show on the owner's page a moment later, not 5 s later.
  INSIGHTS_FLUSH_MS: '300',
  // The webhook tests' receiver listens on 127.0.0.1 over http: let in by the two explicit
  // switches (ADR 056), which a real deployment leaves off; deliveries go out twice a second.
  WEBHOOKS_ALLOW_HTTP: 'on',
  WEBHOOKS_ALLOW_PRIVATE_ADDRESSES: 'on',
  WEBHOOKS_INTERVAL_MS: '500',
  ...google.env,
  ...github.env,
});
await import('../../apps/api/src/server.ts');
