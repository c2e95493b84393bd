import { queryOptions, useQuery } from '@tanstack/react-query';
import type { CurrentUser } from '@si/contracts';
import { ApiError, apiData } from '../../../lib/api-client';
import { rememberSessionUser, sessionQueryKey } from '../../../lib/session';

async function readSession(signal?: AbortSignal): Promise<CurrentUser | null> {
  const user = await apiData<CurrentUser | null>('/auth/session', {
    signal,
    sessionRefresh: false,
  });
  rememberSessionUser(user);
  return user;
}

// Session reads and account sign-ins take turns. Any of their answers may set or clear the session
// cookie: a guest sign-in sets the guest's, and a read made with a session the sign-in has just
// replaced clears it. Overlapping, the last answer would win and a visitor who had just signed
// in would be a guest again. In turns, each request carries the cookie the previous one left.
let turns: Promise<void> = Promise.resolve();
const settle = () => undefined;

function inTurn<T>(work: () => Promise<T>): Promise<T> {
  const run = turns.then(work);
  turns = run.then(settle, settle);
  return run;
}

/** Runs an account sign-in (email, sign-up, Google, GitHub) once no session read is under way. */
export function signInAfterGuest<T>(signIn: () => Promise<T>): Promise<T> {
  return inTurn(signIn);
}

/**
 * The signed-in user (GET /api/auth/session). A visitor without a session is signed in as an
 * anonymous guest first (docs/product.md#sign-in-sign-up-and-password-reset); a failed guest sign-in is only logged, except a
 * network failure, which the query retries.
 */
export function getSession(signal?: AbortSignal): Promise<CurrentUser | null> {
  return inTurn(() => readOrStartGuest(signal));
}

/**
 * Who is signed in, or null, without signing a visitor in as a guest: for a page that only needs
 * to know whether its owner is there (the profile's Edit and Delete), read as soon as the page
 * runs, not when the header starts the session (at the first interaction on a phone, ADR 017).
 */
export function readSignedInUser(signal?: AbortSignal): Promise<CurrentUser | null> {
  return inTurn(() => readSession(signal));
}

async function readOrStartGuest(signal?: AbortSignal): Promise<CurrentUser | null> {
  const user = await readSession(signal);
  if (user) return user;
  // Not cancelled with the read that started it: a sign-in aborted on its way back may still set
  // the guest's cookie after the next turn has begun, and that turn's own sign-in, sent with it,
  // would be refused ("already a guest"). Run to its end, the next turn reads the guest instead.
  try {
    await apiData('/auth/sign-in/anonymous', { method: 'POST', body: {}, sessionRefresh: false });
  } catch (error) {
    if (error instanceof ApiError && error.isNetworkError) throw error;
    console.warn('Guest sign-in failed', error);
    return null;
  }
  return readSession(signal);
}

export const sessionQueryOptions = () =>
  queryOptions({
    queryKey: sessionQueryKey,
    queryFn: ({ signal }) => getSession(signal),
    // Signing in or out in another tab, or verifying the email there, shows up on return.
    refetchOnWindowFocus: true,
  });

/** The session; public pages never wait for it (the header reserves its space meanwhile). */
export function useSession() {
  return useQuery(sessionQueryOptions());
}

/** A signed-in user with a real account (not an anonymous guest). */
export function isPermanentUser(user: CurrentUser | null | undefined): user is CurrentUser {
  return Boolean(user && !user.isAnonymous);
}
