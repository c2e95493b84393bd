import type { FastifyInstance, FastifyRequest, RouteOptions } from 'fastify';
import type { Identity } from '../identity/better-auth.ts';
import { requireCaller, type CallerRefusals } from '../identity/caller-checks.ts';
import { readSession, type AuthSession } from '../identity/session.ts';

/**
 * Who may call a route, said once in its `config.access`:
 * - `public`: anyone; nobody's session is read (public answers may be cached).
 * - `visitor`: anyone; the handler may read the caller's session once with `request.visitor()`.
 * - `signed-in`: a session, guest or permanent; 401 otherwise.
 * - `{ signedIn }`: a session, and a permanent account or a verified email where the refusals
 *   say so, refused in the feature's own words (`CallerRefusals`).
 * - `owner`: the owner of the organization the route names (or an operator, where the service
 *   says so). Who that is depends on the organization, so the service checks it and answers
 *   anyone else 'not found', telling nobody an unpublished organization exists; the hook only
 *   reads the session.
 * - `operator`: an operator signed in within 12 hours, refused before the input is read.
 * - `better-auth`: better-auth reads the session itself; the route's `security` documents it.
 * The service behind the route still decides what the caller may do with what (ownership).
 */
export type Access =
  | 'public'
  | 'visitor'
  | 'signed-in'
  | { signedIn: CallerRefusals }
  | 'owner'
  | 'operator'
  | 'better-auth';

/** The signed-in operator a console route was let in for. */
export interface OperatorCaller {
  id: string;
  email: string;
}

declare module 'fastify' {
  interface FastifyContextConfig {
    access?: Access;
  }
  interface FastifyRequest {
    /**
     * The session the route's access let in: never null for `signed-in`, `{ signedIn }` and
     * `operator`; null for `public`, `visitor` and `better-auth`, and for `owner` without one.
     */
    caller: AuthSession | null;
    /** The operator, on `operator` routes. */
    operator: OperatorCaller | null;
    /** The caller's session, if any, read at most once per request. */
    visitor(): Promise<AuthSession | null>;
  }
}

const accessOf = (request: FastifyRequest) => request.routeOptions.config.access;

/**
 * Registers, for the routes of `app`'s scope, the one place a session is read: every route must
 * declare its access (start fails otherwise), and the hooks refuse a caller the level does not
 * let in, with the messages the product uses, before the handler runs.
 */
export function registerRouteAccess(
  app: FastifyInstance,
  {
    identity,
    operatorGate,
  }: {
    identity: Identity;
    operatorGate: (session: AuthSession | null) => Promise<OperatorCaller>;
  },
) {
  app.decorateRequest('caller', null);
  app.decorateRequest('operator', null);
  app.decorateRequest('visitor', async () => null);
  // Checked once every plugin has added its routes: a plugin may declare the access of all its
  // routes at once (the operators' console does), after this scope's hook has seen them.
  const routes: RouteOptions[] = [];
  app.addHook('onRoute', (route) => {
    routes.push(route);
  });
  app.addHook('onReady', async () => {
    const undeclared = routes.filter((route) => !route.config?.access);
    if (undeclared.length > 0) {
      const names = undeclared.map((route) => `${[route.method].flat().join(',')} ${route.url}`);
      throw new Error(`Routes that declare no access: ${names.join('; ')}`);
    }
  });
  app.addHook('onRequest', async (request, reply) => {
    let session: Promise<AuthSession | null> | undefined;
    request.visitor = () => (session ??= readSession(identity, request, reply));
  });
  // Operators are refused before their input is read, so the console's inputs probe nothing.
  app.addHook('preValidation', async (request) => {
    if (accessOf(request) !== 'operator') return;
    const session = await request.visitor();
    request.operator = await operatorGate(session);
    request.caller = session;
  });
  app.addHook('preHandler', async (request) => {
    const access = accessOf(request);
    if (access === 'owner') request.caller = await request.visitor();
    else if (access === 'signed-in') request.caller = requireCaller(await request.visitor());
    else if (typeof access === 'object') {
      request.caller = requireCaller(await request.visitor(), access.signedIn);
    }
  });
}
