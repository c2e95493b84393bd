const probeOrigin = 'http://origin.invalid';

/**
 * The path to go back to after signing in, if it is a path of this site: it must start with a
 * single '/', never '//' or '/\' (another host), hold no backslash or control character (which
 * browsers drop or read as '/'), and resolve to this origin. Anything else gives null.
 */
export function safeRedirectPath(value: unknown): string | null {
  if (typeof value !== 'string' || value.length > 2048) return null;
  if (!value.startsWith('/') || value.startsWith('//')) return null;
  // eslint-disable-next-line no-control-regex
  if (/[\\\u0000-\u001f\u007f]/.test(value)) return null;
  let url: URL;
  try {
    url = new URL(value, probeOrigin);
  } catch {
    return null;
  }
  if (url.origin !== probeOrigin) return null;
  return `${url.pathname}${url.search}${url.hash}`;
}

/** The same-site origin path carried in navigation state ({ from }), or the fallback. */
export function originFromState(state: unknown, fallback = '/'): string {
  const from =
    typeof state === 'object' && state !== null && 'from' in state
      ? safeRedirectPath((state as { from: unknown }).from)
      : null;
  return from ?? fallback;
}
