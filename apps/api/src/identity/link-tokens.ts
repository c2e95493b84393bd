import { createHash, randomBytes } from 'node:crypto';

/**
 * The secret of an emailed single-use link: 32 random bytes, in the URL as base64url. Only its
 * sha256 is stored, so a copy of the database opens no link.
 */
export const newLinkToken = () => randomBytes(32).toString('base64url');

/** What is stored of a link's token, and looked up when the link is opened. */
export const linkTokenHash = (token: string) => createHash('sha256').update(token).digest('hex');
