import { randomUUID } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import { sql } from 'drizzle-orm';
import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ErrorBody } from '@si/contracts';
import { operatorCli } from '../support/operators.ts';
import { signUp } from '../support/accounts.ts';
import { createOrganization } from '../support/factories.ts';
import { unreachableStripe } from '../support/payments.ts';
import { createTestApp, TEST_PUBLIC_URL, type TestContext } from '../support/test-app.ts';
import {
  base64url,
  bodyCases,
  forgedCursors,
  identityOperations,
  madeUpParam,
  malformedUrls,
  malformedValues,
  otherApiOperations,
  pagePaths,
  queryShapes,
  reportBodies,
  undocumentedBodyFields,
  unexpectedMethods,
  unparsableRequests,
  wellFormedCursor,
  type BodyFields,
} from './fuzz-corpus.ts';
import { rawRequest } from './raw-http.ts';

/**
 * Sends crafted input to every operation of the OpenAPI document (so routes added later are
 * covered without editing this file), to the identity routes the document hides, and to the
 * public pages. Rules: no answer is a 5xx; every 4xx under /api is `{ error: { code, message,
 * fields? } }`; too deep or too large JSON is a 4xx; text PostgreSQL cannot store is a 400.
 */

interface OpenApiSchema {
  $ref?: string;
  type?: string | string[];
  properties?: Record<string, OpenApiSchema>;
  allOf?: OpenApiSchema[];
  anyOf?: OpenApiSchema[];
  oneOf?: OpenApiSchema[];
}
interface OpenApiParameter {
  in: string;
  name: string;
}
interface OpenApiOperation {
  parameters?: OpenApiParameter[];
  requestBody?: { content?: Record<string, { schema?: OpenApiSchema }> };
}
interface OpenApiDocument {
  paths: Record<string, Record<string, OpenApiOperation | OpenApiParameter[]>>;
  components?: { schemas?: Record<string, OpenApiSchema> };
}

interface Operation {
  method: string;
  /** The path as the document writes it, `{name}` for each parameter. */
  path: string;
  pathParams: string[];
  queryParams: string[];
  /** Body fields, or null when the operation takes no body. */
  body: BodyFields | null;
  /** A route of the API whose input is validated: unstorable text must be refused with 400. */
  validated: boolean;
}

type Mode = 'no session' | 'signed in';
const modes: Mode[] = ['no session', 'signed in'];
const httpMethods = new Set(['get', 'post', 'put', 'patch', 'delete']);
const stateChanging = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

const isApiPath = (path: string) =>
  path === '/api' || path.startsWith('/api/') || path.startsWith('/api?');
const fill = (path: string, value: string) => path.replace(/\{[^}]+\}/g, value);
const paramNames = (path: string) => [...path.matchAll(/\{([^}]+)\}/g)].map((match) => match[1]!);
/** Control and non-ASCII bytes of a raw request target, written as \xNN in messages. */
const printable = (text: string) =>
  [...text]
    .map((char) => {
      const code = char.charCodeAt(0);
      return code < 0x20 || (code >= 0x7f && code <= 0xff)
        ? `\\x${code.toString(16).padStart(2, '0')}`
        : char;
    })
    .join('');
const polluted = () => (Object.prototype as Record<string, unknown>).polluted !== undefined;

function resolveSchema(doc: OpenApiDocument, schema: OpenApiSchema | undefined): OpenApiSchema {
  if (!schema) return {};
  if (schema.$ref) {
    const name = schema.$ref.split('/').pop()!;
    return resolveSchema(doc, doc.components?.schemas?.[name]);
  }
  const parts = [...(schema.allOf ?? []), ...(schema.anyOf ?? []), ...(schema.oneOf ?? [])];
  if (parts.length === 0) return schema;
  const properties = { ...schema.properties };
  for (const part of parts) Object.assign(properties, resolveSchema(doc, part).properties);
  return { ...schema, properties };
}

function bodyFields(doc: OpenApiDocument, operation: OpenApiOperation): BodyFields | null {
  const content = operation.requestBody?.content;
  if (!content) return null;
  const schema = resolveSchema(
    doc,
    (content['application/json'] ?? Object.values(content)[0])?.schema,
  );
  const properties = Object.entries(schema.properties ?? {});
  const isString = (property: OpenApiSchema) => {
    const { type } = resolveSchema(doc, property);
    return type === 'string' || (Array.isArray(type) && type.includes('string'));
  };
  return {
    all: properties.map(([name]) => name),
    strings: properties.filter(([, property]) => isString(property)).map(([name]) => name),
  };
}

/** The operations of the document, then the identity and other /api routes it leaves out. */
function operationsOf(doc: OpenApiDocument): Operation[] {
  const operations: Operation[] = [];
  for (const [path, item] of Object.entries(doc.paths)) {
    const shared = Array.isArray(item.parameters) ? item.parameters : [];
    for (const [method, entry] of Object.entries(item)) {
      if (!httpMethods.has(method) || Array.isArray(entry)) continue;
      const parameters = [...shared, ...(entry.parameters ?? [])];
      operations.push({
        method: method.toUpperCase(),
        path,
        pathParams: paramNames(path),
        queryParams: parameters.filter((p) => p.in === 'query').map((p) => p.name),
        body: bodyFields(doc, entry) ?? (method === 'get' ? null : { all: [], strings: [] }),
        validated: isApiPath(path),
      });
    }
  }
  const known = new Set(operations.map(({ method, path }) => `${method} ${path}`));
  const extra = [
    ...identityOperations.map((op) => ({ ...op, validated: true })),
    ...otherApiOperations.map((op) => ({ ...op, validated: false })),
  ];
  for (const { method, path, validated } of extra) {
    if (known.has(`${method} ${path}`)) continue;
    operations.push({
      method,
      path,
      pathParams: paramNames(path),
      queryParams: [],
      body: method === 'GET' ? null : undocumentedBodyFields,
      validated,
    });
  }
  return operations;
}

interface Answer {
  status: number;
  text: string;
  setCookie: string[];
}

describe('security fuzzing: crafted input never reaches a 5xx', () => {
  let ctx: TestContext;
  let port: number;
  let operations: Operation[];

  /**
   * A signed-up account's cookies; signs up again when a case ended the session. The account is
   * an operator too, so the console's operations (/api/admin) read their input rather than
   * refusing it unread; everywhere else an operator is an ordinary user.
   */
  const session = {
    jar: null as Map<string, string> | null,
    accounts: 0,
    async cookie(): Promise<string> {
      if (!this.jar) {
        const email = `fuzz-${++this.accounts}@example.org`;
        const { browser } = await signUp(ctx, email);
        await operatorCli(ctx, 'grant', email);
        if (![...browser.jar.keys()].some((name) => /session_token/.test(name)))
          throw new Error(`sign-up set no session cookie: ${[...browser.jar.keys()].join(', ')}`);
        this.jar = new Map(browser.jar);
      }
      return [...this.jar].map(([name, value]) => `${name}=${value}`).join('; ');
    },
    /**
     * A case that set or cleared the session cookie (sign-out, a guest sign-in replacing the
     * account) leaves no signed-up session: the next signed-in case signs up afresh.
     */
    absorb(setCookie: string[]) {
      if (setCookie.some((line) => /session_token/.test(line.split('=')[0] ?? ''))) this.jar = null;
    },
  };

  /**
   * light-my-request passes the URL through WHATWG URL parsing; a URL that comes out of it
   * changed (dot-segments, raw bytes) goes over a real socket instead, byte for byte.
   */
  function injectKeepsUrl(url: string): boolean {
    const parsed = new URL(url, 'http://localhost');
    return `${parsed.pathname}${parsed.search}` === url;
  }

  async function send(
    mode: Mode,
    method: string,
    url: string,
    body?: { payload?: string | Buffer; contentType?: string },
  ): Promise<Answer> {
    const headers: Record<string, string> = { origin: TEST_PUBLIC_URL };
    if (mode === 'signed in') headers.cookie = await session.cookie();
    if (body?.contentType !== '' && body?.payload !== undefined)
      headers['content-type'] = body.contentType ?? 'application/json';
    let answer: Answer;
    if (injectKeepsUrl(url)) {
      const response = await ctx.app.inject({
        method: method as InjectOptions['method'],
        url,
        headers,
        ...(body?.payload !== undefined ? { payload: body.payload } : {}),
      });
      const setCookie = response.headers['set-cookie'];
      answer = {
        status: response.statusCode,
        text: response.body,
        setCookie: setCookie ? (Array.isArray(setCookie) ? setCookie : [setCookie]) : [],
      };
    } else {
      const response = await rawRequest(port, {
        method,
        target: url,
        headers,
        body: body?.payload,
      });
      answer = { status: response.status, text: response.body, setCookie: [] };
    }
    if (mode === 'signed in') session.absorb(answer.setCookie);
    return answer;
  }

  /** What is wrong with an answer, or null. */
  function problem(
    method: string,
    path: string,
    answer: Answer,
    rules: { expect?: number[]; apiShape?: boolean } = {},
  ): string | null {
    const problems: string[] = [];
    if (!(answer.status >= 100 && answer.status < 500)) problems.push('server error');
    if (rules.expect && !rules.expect.includes(answer.status))
      problems.push(`expected ${rules.expect.join(' or ')}`);
    const apiShape = rules.apiShape ?? isApiPath(path);
    if (apiShape && answer.status >= 400 && method !== 'HEAD') {
      let parsed: unknown;
      try {
        parsed = JSON.parse(answer.text);
      } catch {
        parsed = undefined;
      }
      if (!ErrorBody.safeParse(parsed).success) problems.push("not the API's error shape");
    }
    return problems.length > 0 ? problems.join(', ') : null;
  }

  function record(
    failures: string[],
    label: { method: string; path: string; case: string; mode?: Mode },
    answer: Answer,
    rules?: { expect?: number[]; apiShape?: boolean; url?: string },
  ) {
    const found = problem(label.method, rules?.url ?? label.path, answer, rules);
    if (!found) return;
    const body = answer.text.length > 300 ? `${answer.text.slice(0, 300)}...` : answer.text;
    const path = printable(label.path.length > 100 ? `${label.path.slice(0, 100)}...` : label.path);
    failures.push(
      `${label.method} ${path} [${label.case}]${label.mode ? ` (${label.mode})` : ''}: ${found}; ${answer.status} ${body}`,
    );
  }

  beforeAll(async () => {
    // Stripe configured, so that its webhook is fuzzed too (refused on its signature first).
    ctx = await createTestApp({ RATE_LIMITS: 'off', ...unreachableStripe });
    await ctx.app.listen({ port: 0, host: '127.0.0.1' });
    port = (ctx.app.server.address() as AddressInfo).port;
    const doc = await ctx.app.inject({ method: 'GET', url: '/api/docs/json' });
    operations = operationsOf(doc.json() as OpenApiDocument);
  });
  afterAll(() => ctx.close());

  it('finds the operations in the OpenAPI document', () => {
    const listed = operations.map(({ method, path }) => `${method} ${path}`);
    expect(listed).toEqual(
      expect.arrayContaining([
        'GET /api/organizations',
        'GET /api/organizations/{id}',
        'POST /api/auth/sign-in/email',
        'POST /api/auth/sign-up/email',
        'POST /api/organizations/{id}/reports',
      ]),
    );
    expect(operations.find((op) => op.path === '/api/organizations')?.queryParams).toContain(
      'cursor',
    );
  });

  it('refuses malformed query values and path parameters, in the API shape', async () => {
    const failures: string[] = [];
    for (const op of operations) {
      const base = fill(op.path, randomUUID());
      for (const mode of modes) {
        for (const param of [...op.queryParams, madeUpParam]) {
          for (const value of malformedValues) {
            const answer = await send(mode, op.method, `${base}?${param}=${value.encoded}`);
            record(failures, { ...op, case: `query ${param} = ${value.name}`, mode }, answer, {
              ...(value.unstorable && op.validated && { expect: [400] }),
            });
          }
          for (const shape of queryShapes(param)) {
            const answer = await send(mode, op.method, `${base}?${shape.query}`);
            record(failures, { ...op, case: `query ${shape.name} (${param})`, mode }, answer, {
              ...(shape.unstorable && op.validated && { expect: [400] }),
            });
            if (polluted())
              failures.push(`${op.method} ${op.path} [${shape.name}]: polluted Object.prototype`);
          }
        }
        for (const param of op.pathParams) {
          for (const value of malformedValues) {
            const url = fill(op.path.replace(`{${param}}`, value.encoded), randomUUID());
            const answer = await send(mode, op.method, url);
            record(failures, { ...op, case: `path ${param} = ${value.name}`, mode }, answer, {
              url,
              ...(value.unstorable && op.validated && { expect: [400] }),
            });
          }
        }
      }
    }
    expect(failures).toEqual([]);
    // Every operation, every malformed value, both modes: minutes on a loaded machine, and more
    // with each route the API gains.
  }, 300_000);

  it('stores or refuses crafted reports of a published profile, never a 5xx', async () => {
    const failures: string[] = [];
    const id = await createOrganization(ctx.database.db);
    const path = '/api/organizations/{id}/reports';
    for (const mode of modes) {
      for (const { name, body, expect: allowed } of reportBodies) {
        // A repeat is deduplicated by the database, so every case still runs the insert.
        const answer = await send(mode, 'POST', fill(path, id), { payload: JSON.stringify(body) });
        record(failures, { method: 'POST', path, case: name, mode }, answer, { expect: allowed });
      }
    }
    expect(failures).toEqual([]);
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  }, 60_000);

  it('refuses forged list cursors with 400', async () => {
    const failures: string[] = [];
    // The public lists' cursors. An activity's (ADR 048) is an entry's id, read by owners and
    // operators only: organization-activity.test.ts refuses broken ones.
    const withCursor = operations.filter(
      (op) => op.queryParams.includes('cursor') && !op.path.endsWith('/activity'),
    );
    expect(withCursor.length).toBeGreaterThan(0);
    for (const op of withCursor) {
      const base = fill(op.path, randomUUID());
      for (const mode of modes) {
        for (const forged of forgedCursors) {
          const answer = await send(mode, op.method, `${base}?cursor=${forged.cursor}`);
          record(failures, { ...op, case: forged.name, mode }, answer, { expect: [400] });
          const limited = await send(mode, op.method, `${base}?limit=1&cursor=${forged.cursor}`);
          record(failures, { ...op, case: `${forged.name}, with limit`, mode }, limited, {
            expect: [400],
          });
        }
        const fine = await send(mode, op.method, `${base}?cursor=${wellFormedCursor(op.path)}`);
        record(failures, { ...op, case: 'well-formed cursor', mode }, fine, { expect: [200] });
      }
    }
    expect(failures).toEqual([]);
  }, 60_000);

  it('refuses malformed, too deep, too large and unstorable request bodies', async () => {
    const failures: string[] = [];
    for (const op of operations.filter((candidate) => stateChanging.has(candidate.method))) {
      const url = fill(op.path, randomUUID());
      for (const mode of modes) {
        for (const bodyCase of bodyCases(op.body ?? undocumentedBodyFields)) {
          const answer = await send(mode, op.method, url, bodyCase);
          record(failures, { ...op, case: bodyCase.name, mode }, answer, {
            ...(bodyCase.expect && { expect: bodyCase.expect }),
          });
          if (bodyCase.pollutes && polluted())
            failures.push(
              `${op.method} ${op.path} [${bodyCase.name}] (${mode}): polluted Object.prototype`,
            );
        }
      }
    }
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
    expect(failures).toEqual([]);
  }, 120_000);

  it('answers methods no route has in the API shape', async () => {
    const failures: string[] = [];
    const paths = [...new Set(operations.map((op) => op.path))];
    for (const path of paths) {
      for (const method of unexpectedMethods) {
        for (const mode of modes) {
          const answer = await send(mode, method, fill(path, randomUUID()), { payload: '{}' });
          record(failures, { method, path, case: 'method without a route', mode }, answer);
        }
      }
    }
    expect(failures).toEqual([]);
  }, 60_000);

  it('never answers a page with a 5xx, whatever its path and query', async () => {
    const failures: string[] = [];
    for (const path of pagePaths) {
      for (const mode of modes) {
        const plain = await send(
          mode,
          'GET',
          fill(path, path.includes('part') ? '1' : randomUUID()),
        );
        record(failures, { method: 'GET', path, case: 'plain', mode }, plain);
        for (const value of malformedValues) {
          const query = await send(
            mode,
            'GET',
            `${fill(path, '1')}?${madeUpParam}=${value.encoded}`,
          );
          record(failures, { method: 'GET', path, case: `query = ${value.name}`, mode }, query);
          if (!path.includes('{')) continue;
          const url = fill(path, value.encoded);
          const inPath = await send(mode, 'GET', url);
          record(failures, { method: 'GET', path, case: `path = ${value.name}`, mode }, inPath, {
            url,
          });
        }
      }
    }
    expect(failures).toEqual([]);
  }, 60_000);

  it('answers malformed URLs with 400 in the API shape, sent byte for byte', async () => {
    const failures: string[] = [];
    for (const { name, target, expect: allowed, apiShape } of malformedUrls) {
      for (const method of ['GET', 'POST']) {
        for (const mode of modes) {
          const headers: Record<string, string> = { origin: TEST_PUBLIC_URL };
          if (mode === 'signed in') headers.cookie = await session.cookie();
          const response = await rawRequest(port, { method, target, headers });
          const answer = { status: response.status, text: response.body, setCookie: [] };
          record(failures, { method, path: target, case: name, mode }, answer, {
            apiShape,
            ...(allowed && { expect: allowed }),
          });
        }
      }
    }
    expect(failures).toEqual([]);
  }, 60_000);

  it('answers requests the HTTP parser refuses in the API shape', async () => {
    const failures: string[] = [];
    for (const { name, target, apiShape } of unparsableRequests) {
      const response = await rawRequest(port, { method: 'GET', target });
      const answer = { status: response.status, text: response.body, setCookie: [] };
      record(failures, { method: 'GET', path: target, case: name }, answer, {
        apiShape,
      });
    }
    expect(failures).toEqual([]);
  });
});

describe('security fuzzing: a failed query is logged without its values', () => {
  let ctx: TestContext;
  const logLines: string[] = [];
  const forgedId = randomUUID();
  const forgedCursor = base64url(JSON.stringify(['\u0000fuzz', forgedId]));
  const marker = 'zqxjfuzzmarker';

  beforeAll(async () => {
    ctx = await createTestApp({ RATE_LIMITS: 'off' }, { logLines });
  });
  afterAll(() => ctx.close());

  const errorLines = (lines: string[]) =>
    lines.filter((line) => {
      try {
        return ((JSON.parse(line) as { level?: number }).level ?? 0) >= 50;
      } catch {
        return true;
      }
    });
  const leaks = (lines: string[], values: string[]) =>
    lines.filter(
      (line) =>
        line.includes('Failed query') ||
        line.includes('params:') ||
        values.some((value) => line.includes(value)),
    );

  it('logs no error line with the forged cursor or a NUL query value', async () => {
    const requests: InjectOptions[] = [
      { method: 'GET', url: `/api/organizations?cursor=${forgedCursor}` },
      { method: 'GET', url: `/api/organizations?q=${marker}%00` },
      { method: 'GET', url: `/api/organizations/${marker}%00` },
      {
        method: 'POST',
        url: '/api/auth/sign-up/email',
        headers: { origin: TEST_PUBLIC_URL, 'content-type': 'application/json' },
        payload: JSON.stringify({
          email: `${marker}\u0000@example.org`,
          password: 'secret1',
          name: '',
        }),
      },
    ];
    for (const request of requests) await ctx.app.inject(request);
    const values = [forgedCursor, forgedId, marker, '\\u0000', '\u0000'];
    expect(leaks(errorLines(logLines), values)).toEqual([]);
  });

  it('logs a real database failure without the query parameters', async () => {
    // Break the table under a profile read: the next one fails in the database itself, with
    // the id it was asked for as the query's parameter.
    await ctx.database.db.execute(sql`alter table organizations rename to organizations_fuzz_gone`);
    const logged = logLines.length;
    const missingId = '0f0e0d0c-0b0a-4908-8706-050403020100';
    try {
      const response = await ctx.app.inject({
        method: 'GET',
        url: `/api/organizations/${missingId}`,
      });
      expect(response.statusCode).toBe(500);
      expect(ErrorBody.safeParse(response.json()).success).toBe(true);
    } finally {
      await ctx.database.db.execute(
        sql`alter table organizations_fuzz_gone rename to organizations`,
      );
    }
    const lines = errorLines(logLines.slice(logged));
    expect(lines.length).toBeGreaterThan(0);
    expect(leaks(lines, [missingId])).toEqual([]);
  });
});
