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

// A guest's cookie must never land after an account's: the visitor would be a guest again right
// after signing in. So an account sign-in waits for a guest sign-in already sent; and a session
// read that found no session is not trusted if an account sign-in began meanwhile: it waits for
// that sign-in and reads again before creating a guest.
let guestSignIn: Promise<void> = Promise.resolve();
let accountSignIn: Promise<void> = Promise.resolve();
let accountSignIns = 0;
const settle = () => undefined;

/** Runs an account sign-in (email, sign-up, Google, GitHub) so that no guest lands after it. */
export function signInAfterGuest<T>(signIn: () => Promise<T>): Promise<T> {
  accountSignIns += 1;
  const run = guestSignIn.then(signIn);
  accountSignIn = run.then(settle, settle);
  return run;
}

/**
 * The signed-in user (GET /api/auth/session). A visitor without a session is signed in as an
 * anonymous guest first (SPEC.md section 4); a failed guest sign-in is only logged, except a
 * network failure, which the query retries.
 */
export async function getSession(signal?: AbortSignal): Promise<CurrentUser | null> {
  let signInsSeen = accountSignIns;
  let user = await readSession(signal);
  while (!user && accountSignIns !== signInsSeen) {
    signInsSeen = accountSignIns;
    await accountSignIn;
    user = await readSession(signal);
  }
  if (user) return user;
  const attempt = apiData('/auth/sign-in/anonymous', {
    method: 'POST',
    body: {},
    signal,
    sessionRefresh: false,
  });
  guestSignIn = attempt.then(settle, settle);
  try {
    await attempt;
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
