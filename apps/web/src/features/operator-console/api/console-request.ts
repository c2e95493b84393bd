import { errorCodes } from '@si/contracts';
import { ApiError, apiRequest, type ApiRequestOptions } from '../../../lib/api-client';
import { reportSessionLost, userQueryKey } from '../../../lib/session';

/** The console's queries: under the user's key, so they go when the user changes. */
export const consoleKeys = {
  all: [...userQueryKey, 'console'] as const,
  operator: () => [...consoleKeys.all, 'operator'] as const,
  organizations: () => [...consoleKeys.all, 'organizations'] as const,
  organizationList: (query: object) => [...consoleKeys.organizations(), 'list', query] as const,
  organization: (id: string) => [...consoleKeys.organizations(), 'detail', id] as const,
  reports: () => [...consoleKeys.all, 'reports'] as const,
  reportList: (query: object) => [...consoleKeys.reports(), query] as const,
  audit: (query: object) => [...consoleKeys.all, 'audit', query] as const,
  overview: () => [...consoleKeys.all, 'overview'] as const,
  users: () => [...consoleKeys.all, 'users'] as const,
  userList: (query: object) => [...consoleKeys.users(), 'list', query] as const,
  user: (id: string) => [...consoleKeys.users(), 'detail', id] as const,
  subscriptions: () => [...consoleKeys.all, 'subscriptions'] as const,
  guestCodes: () => [...consoleKeys.all, 'guest-codes'] as const,
  emails: (query: object) => [...consoleKeys.all, 'emails', query] as const,
  newsletter: () => [...consoleKeys.all, 'newsletter'] as const,
  webhooks: () => [...consoleKeys.all, 'webhooks'] as const,
  webhookDeliveries: (id: string) => [...consoleKeys.webhooks(), 'deliveries', id] as const,
};

/** A 401 that asks the operator to sign in again (ADR 028), not a lost session. */
export const isSignInAgain = (error: unknown): boolean =>
  error instanceof ApiError && error.status === 401 && error.code === errorCodes.signInAgain;

/**
 * Calls /api/admin. A 401 is an answer here: 'sign in again' is shown by the console, while any
 * other 401 is the session gone, handled as everywhere (docs/product.md#route-access).
 */
export async function consoleRequest<TBody>(
  path: string,
  options: ApiRequestOptions = {},
): Promise<TBody> {
  try {
    return await apiRequest<TBody>(`/admin${path}`, { ...options, sessionRefresh: false });
  } catch (error) {
    if (error instanceof ApiError && error.status === 401 && !isSignInAgain(error)) {
      reportSessionLost();
    }
    throw error;
  }
}
