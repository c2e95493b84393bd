import { useEffect, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { Navigate, Outlet, useLocation, useNavigation } from 'react-router';
import { guardMessages } from '@si/contracts';
import { PageContainer } from '../../components/ui/page-container';
import { Spinner } from '../../components/ui/spinner';
import { useProfile } from '../../features/auth/api/get-profile';
import { useSession } from '../../features/auth/api/get-session';
import { sessionQueryKey } from '../../lib/session';
import { accessRules, decideAccess, type AccessRuleName } from './access';

/* The guard of the protected routes. One lazy module: public pages never load it. */

/** 'Loading...' while the session (or the verification check) loads. */
export function GuardLoading() {
  return (
    <PageContainer className="flex justify-center py-20">
      <p role="status" className="flex items-center gap-2 text-ink-muted">
        <Spinner className="size-5" />
        {guardMessages.loading}
      </p>
    </PageContainer>
  );
}

/**
 * The guard of a group of routes. The verification flag comes from the session; when the session
 * says 'not verified', the backend profile is asked (the email may have been verified since),
 * and if that fails the session's own flag stands (docs/product.md#route-access).
 */
export function createAccessGuard(ruleName: AccessRuleName) {
  const rule = accessRules[ruleName];
  return function AccessGuard() {
    const session = useSession();
    const location = useLocation();
    const navigation = useNavigation();
    const queryClient = useQueryClient();
    const user = session.data;
    const checkProfile =
      rule.level === 'verified' && Boolean(user && !user.isAnonymous && !user.emailVerified);
    const profile = useProfile({ enabled: checkProfile });
    const verifiedSince = checkProfile && profile.data?.emailVerified === true;
    // Whether this guard has let its page in: only a page it has shown may stay while it is left.
    const [shown, setShown] = useState(false);

    useEffect(() => {
      // Verified meanwhile: let the header and the other pages know.
      if (verifiedSince) void queryClient.invalidateQueries({ queryKey: sessionQueryKey });
    }, [verifiedSince, queryClient]);

    if (session.isPending || (checkProfile && profile.isPending)) return <GuardLoading />;

    const from = `${location.pathname}${location.search}${location.hash}`;
    const decision = decideAccess(user, rule, user?.emailVerified || verifiedSince);
    if (decision.kind === 'allow' && !shown) setShown(true);
    // Already leaving this page (sign-out, account deletion): the next page decides, not this
    // guard, which would otherwise send the visitor to /login as the user disappears. A page it
    // never let in stays unseen while its own redirect loads: shown then, the page would run
    // (plan selection without its flag goes to /dashboard) and the origin path would be lost.
    const leaving =
      navigation.state !== 'idle' && navigation.location.pathname !== location.pathname;
    // The user was just forgotten (sign-out, a lost session) and the next session is being read:
    // whoever forgot it is taking the visitor on, and a redirect from here would race theirs,
    // with this route's 'you need to be logged in', and show the page again on the way.
    const forgotten = user === null && session.isFetching;
    if (leaving || forgotten) return shown ? <Outlet /> : <GuardLoading />;
    switch (decision.kind) {
      case 'login':
        return (
          <Navigate
            to="/login"
            replace
            state={decision.message ? { from, message: decision.message } : { from }}
          />
        );
      case 'verify-email':
        return <Navigate to="/verify-email-required" replace state={{ from }} />;
      default:
        return <Outlet />;
    }
  };
}
