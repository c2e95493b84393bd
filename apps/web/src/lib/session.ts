/** Query key of the current session (GET /api/auth/session). */
export const sessionQueryKey = ['session'] as const;
/**
 * Who is signed in, read without starting a guest session (a profile's owner tools): under the
 * session's key, so what refreshes the session refreshes it too.
 */
export const signedInUserQueryKey = [...sessionQueryKey, 'signed-in'] as const;
/** Prefix of every query that belongs to the signed-in user: forgotten when the user changes. */
export const userQueryKey = ['user'] as const;

let permanentUserSignedIn = false;
type SessionLostListener = (hadPermanentUser: boolean) => void;
const listeners = new Set<SessionLostListener>();
/** A loss reported before anyone listened (the app's handler loads lazily): delivered later. */
let unheardLoss: boolean | null = null;

/** Bumped whenever the app ends the session itself (sign-out, account deletion, session loss). */
let generation = 0;

/**
 * The app is ending the session on purpose: requests already on their way may come back 401,
 * and that is expected, not a lost session.
 */
export function endSessionOnPurpose(): void {
  generation += 1;
}

export function sessionGeneration(): number {
  return generation;
}

/** Kept up to date by the session query: decides which session-lost message applies. */
export function rememberSessionUser(user: { isAnonymous: boolean } | null | undefined): void {
  permanentUserSignedIn = Boolean(user && !user.isAnonymous);
}

/**
 * The session is gone (a request answered 401 and no user came back): tells the app, which
 * stores the product's message for /login and goes there. hadPermanentUser picks the message:
 * 'expired' after a registered user's session, 'login required' otherwise.
 */
export function reportSessionLost(): void {
  const hadPermanentUser = permanentUserSignedIn;
  permanentUserSignedIn = false;
  if (listeners.size === 0) unheardLoss = hadPermanentUser;
  for (const listener of listeners) listener(hadPermanentUser);
}

/** Subscribes to session loss (hearing at once one that nobody heard); returns the unsubscribe. */
export function onSessionLost(listener: SessionLostListener): () => void {
  listeners.add(listener);
  if (unheardLoss !== null) {
    const hadPermanentUser = unheardLoss;
    unheardLoss = null;
    listener(hadPermanentUser);
  }
  return () => {
    listeners.delete(listener);
  };
}
