import { hashPassword, verifyPassword } from 'better-auth/crypto';

/**
 * How passwords are hashed and checked: better-auth's scrypt, named once so that identity and
 * the account deletion's password check use the same functions without reaching into each other.
 */
export const passwordHashing = { hash: hashPassword, verify: verifyPassword };
