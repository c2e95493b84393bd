import type { AuthProviderId } from '@si/contracts';

/** better-auth's provider ids as docs/product.md#identity-and-sessions names them ('credential' is 'password'). */
export const providerId = (id: string) => (id === 'credential' ? 'password' : id);
export const isKnownProvider = (id: string): id is AuthProviderId =>
  id === 'password' || id === 'google' || id === 'github';
