import type { FastifyDynamicSwaggerOptions } from '@fastify/swagger';
import type { FastifyContextConfig } from 'fastify';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';
import {
  API_KEY_HEADER,
  ErrorBody,
  apiKeyErrorCodes,
  authErrorCodes,
  errorCodes,
  paymentErrorCodes,
  roleErrorCodes,
} from '@si/contracts';
import { isPublicRead } from './cors.ts';
import type { Access } from './route-access.ts';

/**
 * The OpenAPI document's defaults, in one place: how the API is protected, the error answers
 * every operation can give, and an operationId for each. A route only writes what is its own
 * (summary, schemas); whatever it leaves out is filled in here, so routes added later are
 * documented by default. Its security requirement follows from the access it declares. `npm run openapi:lint` checks the result.
 */

/** OpenAPI security requirements: any one entry suffices; `{}` means "none needed". */
type SecurityRequirements = ReadonlyArray<Readonly<Record<string, readonly string[]>>>;

/** Anyone may call it. Also the default of a route that declares no `security`. */
export const publicAccess: SecurityRequirements = [];
/** A signed-in user: the session cookie or a bearer token. */
export const sessionRequired: SecurityRequirements = [{ cookieSession: [] }, { bearerToken: [] }];
/** Works without a session, and answers for the user when there is one. */
export const sessionOptional: SecurityRequirements = [
  {},
  { cookieSession: [] },
  { bearerToken: [] },
];

/** A public read: anyone, or with an API key for the key's own rate limit (ADR 055). */
const keyOptional: SecurityRequirements = [{}, { apiKey: [] }];

/**
 * What a route's access means in the document (better-auth's routes say it themselves). A public
 * read takes an API key; its visitor's session, where it reads one, is never the key's.
 */
function securityOf(
  config: FastifyContextConfig | undefined,
  methods: string[],
): SecurityRequirements {
  const access: Access | undefined = config?.access;
  if (methods.some((method) => isPublicRead(method, config))) {
    return access === 'visitor' ? [...sessionOptional, { apiKey: [] }] : keyOptional;
  }
  if (access === undefined || access === 'public' || access === 'better-auth') return publicAccess;
  return access === 'visitor' ? sessionOptional : sessionRequired;
}

const takesApiKey = (security: SecurityRequirements) => security.some((entry) => 'apiKey' in entry);

const STATE_CHANGING = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/** What each error status means, whichever route gives it. */
const errorAnswers: Record<number, string> = {
  400: `The input was refused: \`${errorCodes.validation}\` with \`fields\` naming each invalid field, or \`${errorCodes.badRequest}\` for a malformed URL or body.`,
  401: `No user is signed in (\`${authErrorCodes.noUser}\`): send the session cookie or a bearer token. On a public read, the API key sent is malformed, unknown or revoked (\`${apiKeyErrorCodes.invalid}\`).`,
  403: `Refused. A state-changing request from another site's page is refused with \`${errorCodes.crossSite}\` (bearer-token requests without cookies are exempt); an API key sent to anything but a public read with \`${apiKeyErrorCodes.readOnly}\`.`,
  402: `The organization has no live subscription yet (\`${paymentErrorCodes.paymentRequired}\`): choose a plan or apply a guest code first.`,
  404: `Not found (\`${errorCodes.notFound}\`).`,
  409: 'The request conflicts with the current state (a stale version, an existing subscription, a subscription that cannot be canceled or resumed now, a limit of roles reached).',
  410: `Gone: what was public is not any more (\`${roleErrorCodes.roleClosed}\`: a role closed, past its closing date or held).`,
  502: `The payment provider could not be reached (\`${paymentErrorCodes.providerUnavailable}\`); nothing was changed.`,
  429: `Too many requests from this address or with this API key, too many password attempts for this account from any address, or too many reports of one profile (\`${errorCodes.rateLimited}\`); try again later.`,
};

const errorAnswer = (status: number, body: unknown = ErrorBody) => ({
  description: errorAnswers[status] ?? 'Refused.',
  content: { 'application/json': { schema: body } },
});

type RouteDocument = Parameters<typeof jsonSchemaTransform>[0];

/** The error statuses an operation can answer with, from what its route declares. */
function defaultErrorStatuses(
  { schema, url, route }: RouteDocument,
  security: SecurityRequirements,
): number[] {
  const methods = [route.method].flat();
  const hasPathParams = Boolean(schema.params) || /[:*]/.test(url);
  const needsSession =
    security.length > 0 && security.every((entry) => Object.keys(entry).length > 0);
  const rateLimited =
    Boolean((route.config as { rateLimit?: unknown } | undefined)?.rateLimit) ||
    takesApiKey(security);
  return [
    // Every operation: a malformed URL, or text PostgreSQL cannot store in any query or input.
    400,
    ...(needsSession || takesApiKey(security) ? [401] : []),
    ...(methods.some((method) => STATE_CHANGING.has(method)) ? [403] : []),
    ...(hasPathParams ? [404] : []),
    ...(rateLimited ? [429] : []),
  ];
}

/**
 * `transform` of @fastify/swagger: adds the central defaults to a route's schema, then lets
 * fastify-type-provider-zod turn its zod schemas into JSON Schema. Only the document changes:
 * the route's own validation and serialization never see these additions.
 */
export const documentRoute: typeof jsonSchemaTransform = (document) => {
  const { url } = document;
  // The document describes the JSON API; pages, assets and probes are not part of it.
  if (!url.startsWith('/api/')) return { schema: { ...document.schema, hide: true }, url };
  const schema = document.schema ?? {};
  if (schema.hide) return jsonSchemaTransform(document);

  const security =
    schema.security ??
    securityOf(document.route.config, [document.route.method].flat().map(String));
  const declared = (schema.response ?? {}) as Record<string, unknown>;
  const response: Record<string, unknown> = {};
  for (const [status, body] of Object.entries(declared)) {
    const described =
      Number(status) >= 400 && !(typeof body === 'object' && body !== null && 'content' in body);
    response[status] = described ? errorAnswer(Number(status), body) : body;
  }
  for (const status of defaultErrorStatuses({ ...document, schema }, security)) {
    response[status] ??= errorAnswer(status);
  }

  const result = jsonSchemaTransform({ ...document, schema: { ...schema, security, response } });
  // Without a declared success answer, keep the one @fastify/swagger would have written.
  if (!Object.keys(declared).some((status) => /^[23]/.test(status))) {
    result.schema.response = {
      200: { type: 'null', description: 'Default Response' },
      ...(result.schema.response as object),
    };
  }
  return result;
};

const verbs: Record<string, string> = {
  delete: 'delete',
  get: 'get',
  patch: 'patch',
  post: 'post',
  put: 'put',
};
const isParam = (segment: string) => /^(\{.*\}|:.*|\*)$/.test(segment);
const singular = (word: string) =>
  word.endsWith('ies')
    ? `${word.slice(0, -3)}y`
    : word.endsWith('sses')
      ? word.slice(0, -2)
      : word.endsWith('s') && !word.endsWith('ss')
        ? word.slice(0, -1)
        : word;

/**
 * A stable camelCase operationId from the method and the path: GET /api/organizations/{id} is
 * getOrganization, POST /api/auth/sign-in/email postAuthSignInEmail. A segment followed by a
 * parameter names one item, so it is made singular; parameters themselves are left out.
 */
export function operationIdFor(method: string, path: string): string {
  const segments = path
    .replace(/^\/api(?=\/|$)/, '')
    .split('/')
    .filter(Boolean);
  const words = segments.flatMap((segment, index) => {
    if (isParam(segment)) return [];
    const next = segments[index + 1];
    const parts = segment.split(/[^a-zA-Z0-9]+/).filter(Boolean);
    if (next !== undefined && isParam(next) && parts.length > 0) {
      parts.push(singular(parts.pop()!));
    }
    return parts;
  });
  return [verbs[method.toLowerCase()] ?? method.toLowerCase(), ...words]
    .map((word, index) =>
      index === 0 ? word : `${word.charAt(0).toUpperCase()}${word.slice(1).toLowerCase()}`,
    )
    .join('');
}

type Operations = Record<string, Record<string, { operationId?: string } | undefined>>;
const httpMethods = ['get', 'put', 'post', 'delete', 'options', 'head', 'patch', 'trace'];

/** `transformObject` of @fastify/swagger: an operationId on every operation without one. */
const withOperationIds: NonNullable<FastifyDynamicSwaggerOptions['transformObject']> = (
  document,
) => {
  if (!('openapiObject' in document)) return document.swaggerObject;
  const paths = (document.openapiObject.paths ?? {}) as Operations;
  for (const [path, item] of Object.entries(paths)) {
    for (const method of httpMethods) {
      const operation = item[method];
      // A route with several methods shares one operation object: each gets its own copy.
      if (operation) {
        item[method] = {
          ...operation,
          operationId: operation.operationId ?? operationIdFor(method, path),
        };
      }
    }
  }
  return document.openapiObject;
};

/** better-auth's session cookie (cookiePrefix 'si'; `__Secure-` on HTTPS, identity/). */
export const sessionCookieName = (publicUrl: string) =>
  `${publicUrl.startsWith('https://') ? '__Secure-' : ''}si.session_token`;

/** The limits the document states: per window, per address without a key and per key. */
export interface DocumentedLimits {
  windowMinutes: number;
  publicMax: number;
  keyMax: number;
}

/** The options of the @fastify/swagger registration in app.ts. */
export function swaggerOptions(
  publicUrl: string,
  limits: DocumentedLimits | null,
): FastifyDynamicSwaggerOptions {
  const limitText = limits
    ? `Public reads are limited per ${limits.windowMinutes} minutes: ${limits.publicMax} per client address without a key, ${limits.keyMax} per key whatever the address.`
    : 'This server counts no rate limits.';
  return {
    openapi: {
      info: {
        title: 'Scaling Impact API',
        description:
          'Public directory of mission-driven organizations. Success bodies are { data }, errors { error: { code, message, fields? } }.',
        version: '1.0.0',
        license: { name: 'Proprietary', url: new URL('/about', publicUrl).toString() },
        contact: { name: 'Scaling Impact', url: new URL('/contact', publicUrl).toString() },
      },
      servers: [{ url: publicUrl }],
      components: {
        securitySchemes: {
          cookieSession: {
            type: 'apiKey',
            in: 'cookie',
            name: sessionCookieName(publicUrl),
            description:
              'The httpOnly session cookie. Browsers receive it from sign-in and sign-up (POST /api/auth/sign-in/email, /api/auth/sign-up/email; a guest gets one from /api/auth/sign-in/anonymous) and send it back by themselves. A state-changing request (POST, PUT, PATCH, DELETE) sent with it from another site is refused with 403 `CROSS_SITE_REQUEST`.',
          },
          apiKey: {
            type: 'apiKey',
            in: 'header',
            name: API_KEY_HEADER,
            description: `An API key made in the dashboard (API keys), sent on public reads (GET, HEAD) only. ${limitText} Answers carry X-RateLimit-Limit, X-RateLimit-Remaining and X-RateLimit-Reset (seconds); a 429 also Retry-After. A key reads what anyone can read: on any other route it is refused (403 \`${apiKeyErrorCodes.readOnly}\`), and a malformed, unknown or revoked key is 401 \`${apiKeyErrorCodes.invalid}\`, never taken as no key. Public reads answer browsers of any origin (CORS, without credentials).`,
          },
          bearerToken: {
            type: 'http',
            scheme: 'bearer',
            description:
              'For clients that are not browsers: send `X-Auth-Mode: bearer` (and no cookies) with sign-in or sign-up to receive the session token in the answer, then send `Authorization: Bearer <token>` with every request. Bearer requests that send no cookies are exempt from the cross-site check.',
          },
        },
      },
    },
    transform: documentRoute,
    transformObject: withOperationIds,
  };
}
