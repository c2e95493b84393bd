import { createHash, randomBytes } from 'node:crypto';
import { API_KEY_PREFIX } from '@si/contracts';

/** Random bytes in a secret: 256 bits, which no one guesses nor finds from its fingerprint. */
const SECRET_BYTES = 32;
/** base64url of 32 bytes, without padding. */
const SECRET_LENGTH = 43;
const SECRET_SHAPE = new RegExp(`^${API_KEY_PREFIX}[A-Za-z0-9_-]{${SECRET_LENGTH}}$`);
/** Characters of the secret kept in clear, after the prefix, to tell keys apart in the list. */
const SHOWN_CHARACTERS = 4;

/**
 * A new key's secret, the fingerprint stored in its place, and what the list shows of it. A
 * plain SHA-256 suffices where a password would need a slow hash: the secret is random and long,
 * so there is nothing to try words against (ADR 055), and every request can afford to check it.
 */
export function newSecret() {
  const secret = `${API_KEY_PREFIX}${randomBytes(SECRET_BYTES).toString('base64url')}`;
  return {
    secret,
    secretHash: fingerprint(secret),
    start: secret.slice(0, API_KEY_PREFIX.length + SHOWN_CHARACTERS),
  };
}

export const fingerprint = (secret: string) => createHash('sha256').update(secret).digest('hex');

/** Whether `presented` could be a key at all, before the database is asked. */
export const hasKeyShape = (presented: string) => SECRET_SHAPE.test(presented);
