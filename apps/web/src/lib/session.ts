/** Query key of the current session (GET /api/auth/session). */
export const sessionQueryKey = ['session'] as const;
/** Prefix of every query that belongs to the signed-in user: forgotten when the user changes. */
export const userQueryKey = ['user'] as const;

let permanentUserSignedIn = false;
type SessionLostListener = (hadPermanentUser: boolean) => void;
const listeners = new Set<SessionLostListener>();

/** Kept up to date by the session query: decides which session-lost message applies. */
export function rememberSessionUser(user: { isAnonymous: boolean } | null | undefined): void {
  permanentUserSignedIn = Boolean(user && !user.isAnonymous);
}

/**
 * The session is gone (a request answered 401 and no user came back): tells the app, which
 * stores SPEC.md's message for /login and goes there. hadPermanentUser picks the message:
 * 'expired' after a registered user's session, 'login required' otherwise.
 */
export function reportSessionLost(): void {
  const hadPermanentUser = permanentUserSignedIn;
  permanentUserSignedIn = false;
  for (const listener of listeners) listener(hadPermanentUser);
}

/** Subscribes to session loss; returns the unsubscribe function. */
export function onSessionLost(listener: SessionLostListener): () => void {
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
  };
}
