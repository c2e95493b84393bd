import { createRequire } from 'node:module';
import { isIP } from 'node:net';

// Required, not imported: the server's bundle keeps packages external and drops a JSON import's
// `with { type: 'json' }`, which Node then refuses at start.
const freeMail = new Set<string>(
  createRequire(import.meta.url)('email-providers/all.json') as string[],
);

/**
 * A free email provider's domain, or a name under one (mail.yahoo.co.uk): anyone can have an
 * address there, so it proves nothing about who runs a website. The list is the
 * `email-providers` package's (several thousand providers, kept up to date there).
 */
export function isFreeMailDomain(domain: string): boolean {
  const labels = domain.split('.');
  for (let i = 0; i < labels.length - 1; i += 1) {
    if (freeMail.has(labels.slice(i).join('.'))) return true;
  }
  return false;
}

/** A host no one can receive mail at for this purpose: an address, a single label, a local name. */
export function isUnusableDomain(domain: string): boolean {
  return (
    isIP(domain.replace(/^\[|\]$/g, '')) !== 0 ||
    !domain.includes('.') ||
    /\.(local|localhost|test|invalid|example|internal)$/.test(domain) ||
    domain === 'localhost'
  );
}
