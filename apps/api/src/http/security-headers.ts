/**
 * The Content-Security-Policy the web app runs under: its own scripts only, no inline scripts,
 * no other hosts. Inline style attributes are allowed because the windowed grid positions rows
 * with them.
 */
export const contentSecurityPolicy = {
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
export const documentOnlyHeaders = [
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

/** A hashed build file (apps/web/dist/assets), never a page. */
export const isBuildAsset = (url: string) => url.startsWith('/assets/');
