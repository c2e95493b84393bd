/**
 * The crafted inputs of the security fuzz test (fuzz.test.ts). Every case is data: a name that
 * appears in failure messages, the text to send, and, where a rule fixes the answer, the
 * statuses allowed. Add a case here and every operation, present and future, receives it.
 */

/** Base64url of a text: how the API's opaque cursors are written. */
export const base64url = (text: string): string => Buffer.from(text, 'utf8').toString('base64url');

/** A value for a query parameter or a path segment, already percent-encoded as sent. */
export interface TextCase {
  name: string;
  encoded: string;
  /** Decodes to text PostgreSQL cannot store: an API operation must answer 400. */
  unstorable?: boolean;
}

export const malformedValues: TextCase[] = [
  { name: 'NUL', encoded: '%00', unstorable: true },
  { name: 'NUL inside', encoded: 'a%00b', unstorable: true },
  { name: 'lone high surrogate (WTF-8 bytes)', encoded: '%ED%A0%80' },
  { name: 'lone low surrogate (WTF-8 bytes)', encoded: '%ED%B0%80' },
  { name: 'lone surrogate (%u escape)', encoded: '%uD800' },
  { name: 'overlong UTF-8 NUL', encoded: '%C0%80' },
  { name: 'invalid UTF-8 byte', encoded: '%FF%FE' },
  { name: '10,000 characters', encoded: 'a'.repeat(10_000) },
  { name: '% alone', encoded: '%' },
  { name: 'broken %-escape', encoded: '%E0%A4%A' },
  { name: '[]', encoded: '[]' },
  { name: '__proto__', encoded: '__proto__' },
  { name: 'constructor', encoded: 'constructor' },
  { name: 'emoji', encoded: encodeURIComponent('😀🇰🇪👩🏽‍🚀') },
  { name: 'empty', encoded: '' },
  { name: 'encoded dot-segments', encoded: '..%2F..%2Fetc%2Fpasswd' },
  { name: 'SQL quote', encoded: encodeURIComponent("' OR 1=1 --") },
  { name: 'markup', encoded: encodeURIComponent('<script>alert(1)</script>') },
  { name: 'control characters', encoded: '%01%1B%7F' },
  { name: 'a negative number', encoded: '-1' },
  { name: 'a huge number', encoded: '1e309' },
  // Whole numbers past what an integer (2^31 - 1) or bigint column, or a double, holds exactly.
  { name: '2^31', encoded: '2147483648' },
  { name: '-2^31 - 1', encoded: '-2147483649' },
  { name: '2^53 + 1', encoded: '9007199254740993' },
  { name: '10^20', encoded: '100000000000000000000' },
];

/** Query strings built around one parameter name: repeated keys, brackets, prototype keys. */
export function queryShapes(
  param: string,
): { name: string; query: string; unstorable?: boolean }[] {
  return [
    { name: 'repeated key', query: `${param}=1&${param}=2` },
    { name: 'repeated key, one NUL', query: `${param}=1&${param}=%00`, unstorable: true },
    { name: 'key[]', query: `${param}[]=1` },
    { name: 'key[a]', query: `${param}[a]=1` },
    { name: 'key without =', query: param },
    { name: 'NUL in the key', query: `${param}%00=1`, unstorable: true },
    { name: '__proto__[polluted]', query: `__proto__[polluted]=1&${param}=1` },
    { name: 'constructor[prototype][polluted]', query: `constructor[prototype][polluted]=1` },
    { name: '__proto__ key', query: `__proto__=1` },
    { name: 'empty pairs', query: `&&=&${param}==&` },
  ];
}

/** A query parameter no operation declares. */
export const madeUpParam = 'zz_fuzz';

const someUuid = '0b7a3f4e-2c1d-4e5f-8a9b-0c1d2e3f4a5b';

/** Cursors no page ever handed out: each must be refused with 400, never reach the database. */
/**
 * A cursor of the shape the list at `path` gives: the directory's pages by name and id, the open
 * roles by date posted and id (ADR 044).
 */
export const wellFormedCursor = (path: string): string =>
  base64url(JSON.stringify([path === '/api/roles' ? new Date().toISOString() : 'a', someUuid]));

export const forgedCursors: { name: string; cursor: string }[] = [
  { name: 'cursor with NUL inside', cursor: base64url(JSON.stringify(['\u0000', someUuid])) },
  {
    name: 'cursor with NUL in the id',
    cursor: base64url(JSON.stringify(['a', `${someUuid}\u0000`])),
  },
  {
    name: 'cursor with lone surrogate inside',
    cursor: base64url(JSON.stringify(['\ud800', someUuid])),
  },
  {
    name: 'cursor with lone low surrogate inside',
    cursor: base64url(JSON.stringify(['a\udc00b', someUuid])),
  },
  { name: 'cursor not base64', cursor: '!!!not*base64~~~' },
  { name: 'cursor of non-JSON', cursor: base64url('hello, world') },
  { name: 'cursor of {}', cursor: base64url('{}') },
  { name: 'cursor of a 3-tuple', cursor: base64url(JSON.stringify(['a', someUuid, 'c'])) },
  { name: 'cursor of ["a","not-a-uuid"]', cursor: base64url(JSON.stringify(['a', 'not-a-uuid'])) },
  { name: 'cursor of [1, uuid]', cursor: base64url(JSON.stringify([1, someUuid])) },
  { name: 'cursor of [null, uuid]', cursor: base64url(JSON.stringify([null, someUuid])) },
  { name: 'cursor of a deep array', cursor: base64url(`${'['.repeat(300)}${']'.repeat(300)}`) },
  { name: 'cursor of __proto__', cursor: base64url('{"__proto__":{"polluted":true}}') },
  { name: 'cursor with % escapes', cursor: '%00%ff' },
];

/** A request body as sent, with the statuses a rule allows (any status below 500 if none). */
export interface BodyCase {
  name: string;
  payload?: string | Buffer;
  contentType?: string;
  expect?: number[];
  /** Tries to reach Object.prototype: checked after the answer. */
  pollutes?: boolean;
}

/** The fields of a request body, as the OpenAPI document declares them. */
export interface BodyFields {
  /** Every declared property. */
  all: string[];
  /** Properties declared as strings. */
  strings: string[];
}

const nestedObjects = (depth: number) => `${'{"a":'.repeat(depth)}1${'}'.repeat(depth)}`;
const nestedArrays = (depth: number) => `${'['.repeat(depth)}${']'.repeat(depth)}`;
const tooDeep = [400];
const tooLarge = [400, 413];
const refused = [400];

function withEvery(fields: string[], value: unknown): string {
  return JSON.stringify(Object.fromEntries(fields.map((field) => [field, value])));
}

/** Every body case for an operation whose body declares `fields`. */
export function bodyCases(fields: BodyFields): BodyCase[] {
  const strings = fields.strings.length > 0 ? fields.strings : ['value'];
  const all = fields.all.length > 0 ? fields.all : strings;
  const first = strings[0]!;
  const json = 'application/json';
  return [
    { name: 'nested 10,000 objects deep', payload: nestedObjects(10_000), expect: tooDeep },
    { name: 'nested 10,000 arrays deep', payload: nestedArrays(10_000), expect: tooDeep },
    {
      name: 'nested 5,000 deep inside a field',
      payload: `{"${first}":${nestedArrays(5_000)}}`,
      expect: tooDeep,
    },
    { name: '10,000 unclosed arrays', payload: '['.repeat(10_000), expect: tooDeep },
    { name: 'nested 100,000 arrays deep', payload: nestedArrays(100_000), expect: tooLarge },
    { name: 'nested 100,000 objects deep', payload: nestedObjects(100_000), expect: tooLarge },
    {
      name: '2 MB body',
      payload: JSON.stringify({ [first]: 'a'.repeat(2 * 1024 * 1024) }),
      expect: tooLarge,
    },
    {
      name: 'a 1.6 MB array of small objects',
      payload: `[${Array.from({ length: 200_000 }, () => '{"a":1}').join(',')}]`,
      expect: tooLarge,
    },
    { name: 'NUL in every string field', payload: withEvery(strings, 'a\u0000b'), expect: refused },
    {
      name: 'lone high surrogate in every string field',
      payload: withEvery(strings, 'a\ud800b'),
      expect: refused,
    },
    {
      name: 'lone low surrogate in every string field',
      payload: withEvery(strings, '\udc00'),
      expect: refused,
    },
    { name: 'lone surrogate as a raw escape', payload: `{"${first}":"\\ud800"}`, expect: refused },
    {
      name: 'NUL in a key',
      payload: JSON.stringify({ ['a\u0000']: 'x', [first]: 'x' }),
      expect: refused,
    },
    {
      name: 'NUL inside a nested object',
      payload: withEvery(strings, { x: '\u0000' }),
      expect: refused,
    },
    { name: 'NUL inside an array', payload: withEvery(strings, ['ok', '\u0000']), expect: refused },
    {
      name: '10,000 characters in every string field',
      payload: withEvery(strings, 'a'.repeat(10_000)),
    },
    { name: 'emoji in every string field', payload: withEvery(strings, '😀🇰🇪👩🏽‍🚀') },
    { name: 'numbers for every field', payload: withEvery(all, 12345) },
    { name: 'arrays for every field', payload: withEvery(all, ['a']) },
    { name: 'null for every field', payload: withEvery(all, null) },
    { name: 'objects for every field', payload: withEvery(all, { a: 1 }) },
    { name: 'booleans for every field', payload: withEvery(all, true) },
    { name: 'a body that is an array', payload: '[]' },
    { name: 'a body that is a string', payload: '"text"' },
    { name: 'a body that is a number', payload: '123' },
    { name: 'a body that is null', payload: 'null' },
    { name: 'a huge number', payload: withEvery(all, 1e308).replaceAll('1e+308', '1e999') },
    { name: '2^31 in every field', payload: withEvery(all, 2 ** 31) },
    { name: '-2^31 - 1 in every field', payload: withEvery(all, -(2 ** 31) - 1) },
    {
      name: '2^53 + 1 in every field',
      payload: withEvery(all, 0).replaceAll(':0', ':9007199254740993'),
    },
    { name: '10^20 in every field', payload: withEvery(all, 1e20) },
    { name: '__proto__ key', payload: '{"__proto__":{"polluted":true}}', pollutes: true },
    {
      name: '__proto__ key beside the fields',
      payload: `{"${first}":"x","__proto__":{"polluted":true}}`,
      pollutes: true,
    },
    {
      name: 'constructor.prototype key',
      payload: '{"constructor":{"prototype":{"polluted":true}}}',
      pollutes: true,
    },
    {
      name: 'nested __proto__ key',
      payload: `{"${first}":{"__proto__":{"polluted":true}}}`,
      pollutes: true,
    },
    { name: 'invalid JSON: cut short', payload: `{"${first}":` },
    { name: 'invalid JSON: single quotes', payload: "{'a':1}" },
    { name: 'invalid JSON: trailing garbage', payload: '{}x' },
    { name: 'invalid JSON: NaN', payload: 'NaN' },
    { name: 'invalid JSON: raw NUL', payload: `{"${first}":"a\u0000b"}` },
    { name: 'invalid JSON: bad escape', payload: `{"${first}":"\\x00"}` },
    {
      name: 'invalid UTF-8 bytes',
      payload: Buffer.from([0x7b, 0x22, 0x61, 0x22, 0x3a, 0x22, 0xff, 0xfe, 0x22, 0x7d]),
    },
    { name: 'empty body', payload: '' },
    { name: 'empty body, no content-type', payload: '', contentType: '' },
    { name: 'text/plain body', payload: `{"${first}":"x"}`, contentType: 'text/plain' },
    {
      name: 'form body with NUL',
      payload: `${first}=a%00b`,
      contentType: 'application/x-www-form-urlencoded',
    },
    {
      name: 'multipart without boundary',
      payload: '--x\r\n\r\n',
      contentType: 'multipart/form-data',
    },
    {
      name: 'JSON declared as UTF-16',
      payload: `{"${first}":"x"}`,
      contentType: `${json}; charset=utf-16`,
    },
    {
      name: 'JSON with a made-up content-type',
      payload: `{"${first}":"x"}`,
      contentType: 'application/x-fuzz',
    },
  ];
}

/**
 * Bodies for a report of a published profile (POST /api/organizations/{id}/reports, ADR 029),
 * where one that passes validation reaches the database: the status each must get. Details are
 * text and stored as sent, markup included; the operators' side shows them as text.
 */
export const reportBodies: { name: string; body: unknown; expect: number[] }[] = [
  { name: 'reason __proto__', body: { reason: '__proto__' }, expect: [400] },
  { name: 'reason constructor', body: { reason: 'constructor' }, expect: [400] },
  { name: 'reason in capitals', body: { reason: 'SPAM' }, expect: [400] },
  { name: 'reason with spaces', body: { reason: ' spam ' }, expect: [400] },
  { name: 'reason as a list', body: { reason: ['spam'] }, expect: [400] },
  { name: 'details as a number', body: { reason: 'spam', details: 1 }, expect: [400] },
  { name: 'details null', body: { reason: 'spam', details: null }, expect: [400] },
  { name: 'details with NUL', body: { reason: 'spam', details: 'a\u0000b' }, expect: [400] },
  {
    name: 'details with a lone surrogate',
    body: { reason: 'spam', details: '\ud800' },
    expect: [400],
  },
  {
    name: 'details of 1,001 characters',
    body: { reason: 'spam', details: 'a'.repeat(1001) },
    expect: [400],
  },
  {
    name: 'details of 500 emoji (1,000 UTF-16 units)',
    body: { reason: 'spam', details: '😀'.repeat(500) },
    expect: [200],
  },
  {
    name: 'details of markup',
    body: { reason: 'offensive', details: '<img src=x onerror=alert(1)>' },
    expect: [200],
  },
  {
    name: 'details of SQL',
    body: { reason: 'other', details: "'); drop table profile_reports; --" },
    expect: [200],
  },
  {
    name: 'details of whitespace only',
    body: { reason: 'inaccurate', details: ' \n\t ' },
    expect: [200],
  },
  {
    name: 'details of control characters',
    body: { reason: 'other', details: '\u0001\u001b\u007f' },
    expect: [200],
  },
];

/**
 * Fields tried on better-auth calls the OpenAPI document does not describe: the names its
 * endpoints read.
 */
export const undocumentedBodyFields: BodyFields = {
  all: [
    'email',
    'password',
    'name',
    'token',
    'newPassword',
    'currentPassword',
    'callbackURL',
    'image',
  ],
  strings: [
    'email',
    'password',
    'name',
    'token',
    'newPassword',
    'currentPassword',
    'callbackURL',
    'image',
  ],
};

/** Better-auth routes served under /api/auth, listed here in case the document hides them. */
export const identityOperations: { method: 'GET' | 'POST'; path: string }[] = [
  { method: 'POST', path: '/api/auth/sign-in/email' },
  { method: 'POST', path: '/api/auth/sign-up/email' },
  { method: 'POST', path: '/api/auth/change-password' },
  { method: 'POST', path: '/api/auth/update-user' },
  { method: 'POST', path: '/api/auth/request-password-reset' },
  { method: 'POST', path: '/api/auth/reset-password' },
  { method: 'POST', path: '/api/auth/sign-in/anonymous' },
  { method: 'POST', path: '/api/auth/sign-out' },
  { method: 'GET', path: '/api/auth/get-session' },
];

/** Routes outside the document that still answer under /api. */
export const otherApiOperations: { method: 'GET'; path: string }[] = [
  { method: 'GET', path: '/api/docs/json' },
  { method: 'GET', path: '/api/docs/static/{file}' },
  { method: 'GET', path: '/api/no-such-route' },
];

/** Public pages (server-rendered HTML and files) and an unknown page. */
export const pagePaths = [
  '/',
  '/about',
  '/contact',
  '/faq',
  '/privacy',
  '/organizations/{id}',
  '/organizations/{id}/roles/{roleId}',
  '/sitemap.xml',
  '/sitemap-{part}.xml',
  '/robots.txt',
  '/og-image.png',
  '/og/organizations/{id}.png',
  '/embed/organizations/{id}',
  '/embed/organizations/{id}/badge.svg',
  '/healthz',
  '/readyz',
  '/no-such-page',
];

/** Methods no route is expected to have, sent to every path of the document. */
export const unexpectedMethods = ['PUT', 'PATCH', 'OPTIONS'] as const;

/**
 * Request targets sent byte for byte over a socket. `apiShape`: the answer must be the API's
 * error shape; `expect`: the statuses allowed.
 */
export const malformedUrls: {
  name: string;
  target: string;
  expect?: number[];
  apiShape: boolean;
}[] = [
  {
    name: 'broken escape in an id',
    target: '/api/organizations/%E0%A4%A',
    expect: [400],
    apiShape: true,
  },
  { name: '% alone after /api/', target: '/api/%', expect: [400], apiShape: true },
  { name: 'invalid UTF-8 at the root', target: '/%ff%fe', expect: [400], apiShape: true },
  {
    name: 'invalid UTF-8 in an id',
    target: '/api/organizations/%ff%fe',
    expect: [400],
    apiShape: true,
  },
  {
    name: 'lone surrogate bytes in an id',
    target: '/api/organizations/%ED%A0%80',
    expect: [400],
    apiShape: true,
  },
  {
    name: 'broken escape in a page path',
    target: '/organizations/%E0%A4%A',
    expect: [400],
    apiShape: true,
  },
  {
    name: 'lone surrogate bytes in a page path',
    target: '/organizations/%ED%A0%80',
    expect: [400],
    apiShape: true,
  },
  {
    name: 'broken escape in an auth path',
    target: '/api/auth/%E0%A4%A',
    expect: [400],
    apiShape: true,
  },
  { name: 'broken escape, POST', target: '/api/auth/sign-in/%', expect: [400], apiShape: true },
  { name: 'NUL escape in an id', target: '/api/organizations/%00', expect: [400], apiShape: true },
  { name: 'NUL escape in an unknown API path', target: '/api/%00', apiShape: true },
  { name: '% alone in the query', target: '/api/organizations?%', apiShape: true },
  {
    name: 'broken escape in a query value',
    target: '/api/organizations?q=%E0%A4%A',
    apiShape: true,
  },
  { name: 'invalid UTF-8 in a query value', target: '/api/organizations?q=%ff', apiShape: true },
  { name: 'encoded dot-segments', target: '/api/%2e%2e/%2e%2e/etc/passwd', apiShape: true },
  {
    name: 'raw dot-segments',
    target: '/api/../api/organizations/../../etc/passwd',
    apiShape: false,
  },
  { name: 'double slashes', target: '//api//organizations', apiShape: false },
  { name: 'encoded slash in an id', target: '/api/organizations/a%2Fb', apiShape: true },
  { name: 'backslash', target: '/api\\organizations', apiShape: false },
  {
    name: 'absolute-form target',
    target: 'http://evil.test/api/organizations/%E0%A4%A',
    apiShape: true,
  },
  { name: 'fragment in the target', target: '/api/organizations#%E0%A4%A', apiShape: true },
  {
    name: 'id of 10,000 characters',
    target: `/api/organizations/${'a'.repeat(10_000)}`,
    apiShape: true,
  },
  {
    name: 'query of 10,000 characters',
    target: `/api/organizations?q=${'%'.repeat(10_000)}`,
    apiShape: true,
  },
];

/**
 * Requests Node's HTTP parser refuses before the app sees them (control bytes in the target,
 * a request line over the header size limit). They are answered by the server's client-error
 * handler; the rule for /api paths is the same.
 */
export const unparsableRequests: { name: string; target: string; apiShape: boolean }[] = [
  { name: 'raw 0xff bytes in an id', target: '/api/organizations/\u00ff\u00fe', apiShape: true },
  { name: 'raw NUL byte in the target', target: '/api/organizations/\u0000', apiShape: true },
  { name: 'raw control byte in the query', target: '/api/organizations?q=\u0001', apiShape: true },
  {
    name: 'target over the header size limit',
    target: `/api/organizations?q=${'a'.repeat(20_000)}`,
    apiShape: true,
  },
];
