import { lookup } from 'node:dns/promises';
import { isIP } from 'node:net';
import { webhookMessages } from '@si/contracts';
import { isPublicAddress } from './public-address.ts';

/** Resolves a host name to its addresses; injected in tests (ADR 056). */
export type HostResolver = (host: string) => Promise<string[]>;

export const systemResolver: HostResolver = async (host) =>
  (await lookup(host, { all: true, verbatim: true })).map((entry) => entry.address);

/**
 * The explicit ways around the rules, for a receiver on this machine in tests and local
 * set-ups (WEBHOOKS_ALLOW_HTTP, WEBHOOKS_ALLOW_PRIVATE_ADDRESSES): both off by default.
 */
export interface TargetPolicy {
  allowHttp: boolean;
  allowPrivateAddresses: boolean;
  resolve: HostResolver;
}

/** The URL's host without IPv6 brackets. */
const hostOf = (url: URL) => url.hostname.replace(/^\[(.*)\]$/, '$1');

/** Why the URL may not be registered, or null: scheme, credentials, an IP literal's range. */
export function urlRefusal(raw: string, policy: TargetPolicy): string | null {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    return webhookMessages.urlInvalid;
  }
  if (url.protocol !== 'https:' && !(policy.allowHttp && url.protocol === 'http:')) {
    return url.protocol === 'http:' ? webhookMessages.httpsOnly : webhookMessages.urlInvalid;
  }
  if (url.username || url.password) return webhookMessages.urlCredentials;
  const host = hostOf(url);
  if (host === 'localhost' || host.endsWith('.localhost')) {
    if (!policy.allowPrivateAddresses) return webhookMessages.privateHost;
  }
  if (isIP(host) && !policy.allowPrivateAddresses && !isPublicAddress(host)) {
    return webhookMessages.privateHost;
  }
  return null;
}

/** A target that passed: the URL, and the one checked address the connection is pinned to. */
export interface CheckedTarget {
  url: URL;
  host: string;
  address: string;
}

export class RefusedTarget extends Error {}

/**
 * Resolves the URL's host now, at send time, and checks every address it gives: one private
 * address refuses the target, so a name cannot mix a public and a private answer. The address
 * returned is the one the request must connect to, so a second resolution (DNS rebinding)
 * never takes place.
 */
export async function checkTarget(raw: string, policy: TargetPolicy): Promise<CheckedTarget> {
  const refusal = urlRefusal(raw, policy);
  if (refusal) throw new RefusedTarget(refusal);
  const url = new URL(raw);
  const host = hostOf(url);
  const addresses = isIP(host) ? [host] : await policy.resolve(host);
  if (addresses.length === 0) throw new RefusedTarget(`${host} has no address`);
  if (!policy.allowPrivateAddresses) {
    const blocked = addresses.find((address) => !isPublicAddress(address));
    if (blocked) throw new RefusedTarget(`${webhookMessages.privateHost} (${host}: ${blocked})`);
  }
  return { url, host, address: addresses[0]! };
}
