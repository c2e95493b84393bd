import type { onRequestHookHandler } from 'fastify';
import helmet from 'helmet';

/**
 * The Content-Security-Policy the web app runs under: its own scripts only, no inline scripts,
 * no other hosts. Inline style attributes are allowed because the windowed grid positions rows
 * with them.
 */
const contentSecurityPolicy = {
  defaultSrc: ["'self'"],
  scriptSrc: ["'self'"],
  styleSrc: ["'self'", "'unsafe-inline'"],
  imgSrc: ["'self'", 'data:', 'blob:'],
  fontSrc: ["'self'", 'data:'],
  connectSrc: ["'self'"],
  objectSrc: ["'none'"],
  baseUri: ["'self'"],
  formAction: ["'self'"],
  frameAncestors: ["'none'"],
  upgradeInsecureRequests: null,
};

/** Helmet's middleware with the product's choices. */
const helmetHeaders = helmet({
  contentSecurityPolicy: { directives: contentSecurityPolicy },
  crossOriginEmbedderPolicy: false,
  // Images are embedded by link-preview crawlers and other sites.
  crossOriginResourcePolicy: { policy: 'cross-origin' },
});

/**
 * Every answer's security headers (Content-Security-Policy, HSTS, frame and referrer rules...).
 * Made once: @fastify/helmet made the middleware again for every request, parsing the policy
 * each time, and that was a quarter of /healthz's CPU.
 */
export const setSecurityHeaders: onRequestHookHandler = (request, reply, done) =>
  helmetHeaders(request.raw, reply.raw, (error?: unknown) => done(error as Error | undefined));

/** Powerful browser features the product never uses, switched off for its pages and any frame. */
export const permissionsPolicy = [
  'accelerometer=()',
  'camera=()',
  'display-capture=()',
  'geolocation=()',
  'gyroscope=()',
  'magnetometer=()',
  'microphone=()',
  'midi=()',
  'payment=()',
  'usb=()',
].join(', ');

/**
 * Headers that only a document (a page) obeys. The build's scripts, styles and fonts go out
 * without them: sent with each of a page's files they cost about 750 bytes apiece, on the
 * phone's connection, for nothing (ADR 017).
 */
const documentOnlyHeaders = [
  'content-security-policy',
  'cross-origin-opener-policy',
  'origin-agent-cluster',
  'permissions-policy',
  'x-dns-prefetch-control',
  'x-download-options',
  'x-frame-options',
  'x-permitted-cross-domain-policies',
  'x-xss-protection',
] as const;

/**
 * Headers a hashed build file does without besides those: the host's HSTS and referrer rules
 * come with its pages, a request id names nothing worth finding in a log, and an immutable file
 * is never revalidated. About 230 bytes apiece, a kilobyte or two of a phone's first load.
 */
export const buildAssetOmittedHeaders = [
  ...documentOnlyHeaders,
  'strict-transport-security',
  'referrer-policy',
  'etag',
  'last-modified',
] as const;

/** A hashed build file (apps/web/dist/assets), never a page. */
export const isBuildAsset = (url: string) => url.startsWith('/assets/');
