/** Returns the URL when it parses with the http: or https: protocol, otherwise null. */
export function toSafeHttpUrl(value: string | null | undefined): URL | null {
  if (!value) return null;
  try {
    const url = new URL(value.trim());
    return url.protocol === 'http:' || url.protocol === 'https:' ? url : null;
  } catch {
    return null;
  }
}

/** "https://www.example.org/about" -> "example.org" */
export function displayHost(url: URL): string {
  return url.hostname.replace(/^www\./, '');
}
