import { cleanup, render } from '@testing-library/react';
import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { flushSync } from 'react-dom';
import { createMemoryRouter, RouterProvider, type InitialEntry } from 'react-router';
import { afterEach, vi } from 'vitest';
import type { CurrentUser } from '@si/contracts';
import { createRoutes, discoverAccountRoutes } from '../src/app/router';
import { createQueryClient } from '../src/lib/query-client';
// The account routes load lazily in the app; loading them here keeps a test from waiting on
// their first transform (slow on a busy machine).
import '../src/app/account-routes';
import '../src/app/routes/account-pages';
import '../src/app/routes/dashboard-pages';
import '../src/app/routes/guarded-routes';

export function makeUser(overrides: Partial<CurrentUser> = {}): CurrentUser {
  return {
    id: 'user-1',
    email: 'ada@example.org',
    displayName: 'Ada Lovelace',
    emailVerified: true,
    isAnonymous: false,
    providers: ['password'],
    createdAt: '2026-03-03T10:00:00.000Z',
    ...overrides,
  };
}

export const guestUser = makeUser({
  id: 'guest-1',
  email: null,
  displayName: null,
  emailVerified: false,
  isAnonymous: true,
  providers: [],
});

export function json(body: unknown, status = 200): Promise<Response> {
  return Promise.resolve(
    new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } }),
  );
}

export function apiError(status: number, code: string, message: string): Promise<Response> {
  return json({ error: { code, message } }, status);
}

function answerUnlessAborted(
  response: Promise<Response>,
  signal: AbortSignal | null | undefined,
): Promise<Response> {
  if (!signal) return response;
  const aborted = () => new DOMException('The request was aborted', 'AbortError');
  if (signal.aborted) return Promise.reject(aborted());
  return Promise.race([
    response,
    new Promise<Response>((_, reject) =>
      signal.addEventListener('abort', () => reject(aborted()), { once: true }),
    ),
  ]);
}

type Handler = (request: {
  method: string;
  url: URL;
  body: unknown;
  /** The body as sent (a FormData for uploads). */
  raw: RequestInit['body'];
}) => Promise<Response>;

/**
 * Stubs fetch with handlers keyed 'METHOD /api/path'; anything else answers 404. Public data
 * the layout asks for (site, reference data) answers with empty lists.
 */
export function stubApi(handlers: Record<string, Handler>) {
  const fetchMock = vi.fn((input: RequestInfo | URL, init?: RequestInit) =>
    // Like a real fetch, an aborted request rejects, even one whose answer never comes.
    answerUnlessAborted(answer(input, init), init?.signal),
  );
  const answer = (input: RequestInfo | URL, init?: RequestInit) => {
    const url = new URL(String(input), 'http://localhost');
    const method = init?.method ?? 'GET';
    const body: unknown = typeof init?.body === 'string' ? JSON.parse(init.body) : undefined;
    const handler = handlers[`${method} ${url.pathname}`];
    if (handler) return handler({ method, url, body, raw: init?.body });
    if (method === 'GET' && url.pathname === '/api/site') {
      return json({
        data: {
          supportEmail: 'support@example.org',
          supportPhone: '+1 555',
          supportAddress: '1 Example St',
          supportTimeZone: 'Africa/Nairobi',
          dataDeletionSubject: 'Data Deletion Request',
          parentBrands: {
            education: { name: 'Example Education Company', url: null },
            hiring: { name: 'Example Hiring Platform', url: null },
          },
        },
      });
    }
    return apiError(404, 'NOT_FOUND', 'not found');
  };
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

/** Calls of the fetch mock as 'METHOD /api/path'. */
export function callsOf(fetchMock: ReturnType<typeof stubApi>): string[] {
  return fetchMock.mock.calls.map(([input, init]) => {
    const url = new URL(String(input), 'http://localhost');
    return `${init?.method ?? 'GET'} ${url.pathname}`;
  });
}

// A test's app and queries stop with it: nothing still in flight answers into the next test.
const rendered: QueryClient[] = [];
afterEach(async () => {
  cleanup();
  for (const client of rendered.splice(0)) {
    await client.cancelQueries();
    client.clear();
  }
});

/** Renders the whole app (public and account routes) at a path, in memory. */
export function renderApp(entry: InitialEntry) {
  const queryClient = createQueryClient();
  rendered.push(queryClient);
  const router = createMemoryRouter(createRoutes(queryClient), {
    initialEntries: [entry],
    patchRoutesOnNavigation: discoverAccountRoutes,
  });
  const view = render(
    <QueryClientProvider client={queryClient}>
      <RouterProvider router={router} flushSync={(update) => void flushSync(update)} />
    </QueryClientProvider>,
  );
  return { router, queryClient, ...view };
}
