import { AsyncLocalStorage } from 'node:async_hooks';

/**
 * What one identity request learned on its way, for the answer to use: the email a social
 * provider returned, so a refused sign-in can say whether that email has a password account.
 */
interface SignInContext {
  providerEmail?: string;
}

const storage = new AsyncLocalStorage<SignInContext>();

export function runIdentityRequest<T>(work: () => Promise<T>): Promise<T> {
  return storage.run({}, work);
}

export function rememberProviderEmail(email: unknown): void {
  const context = storage.getStore();
  if (context && typeof email === 'string') context.providerEmail = email.toLowerCase();
}

export function providerEmail(): string | undefined {
  return storage.getStore()?.providerEmail;
}
