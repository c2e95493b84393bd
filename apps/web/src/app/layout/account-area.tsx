import { lazy, Suspense, useEffect, useRef } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { Link, useLocation, useNavigate } from 'react-router';
import { accountMenuTexts } from '@si/contracts';
import { buttonClasses } from '../../components/ui/button';
import { isPermanentUser, useSession } from '../../features/auth/api/get-session';
import { forgetUser } from '../../lib/forget-user';
import { onSessionLost } from '../../lib/session';
import { storeSessionLostMessage } from '../../lib/session-lost-message';
import { AccountAreaSpace } from './account-area-space';
import { AccountButton } from './account-button';
import { accountLinks } from './nav-items';

/** The dropdown loads only for signed-in users; its trigger is drawn meanwhile. */
const UserMenu = lazy(() => import('./user-menu'));

/**
 * The product's global handler: when a request finds the session gone, store the message, forget
 * the user (a new guest session follows) and go to /login, remembering the page, where the
 * message shows once.
 */
function useSessionLostRedirect() {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const location = useLocation();
  const current = useRef('/');
  useEffect(() => {
    current.current = `${location.pathname}${location.search}`;
  }, [location.pathname, location.search]);

  useEffect(
    () =>
      onSessionLost((hadPermanentUser) => {
        storeSessionLostMessage(hadPermanentUser);
        const from = current.current;
        // Forget the user first: /login sends a signed-in user home.
        void forgetUser(queryClient);
        if (!from.startsWith('/login')) void navigate('/login', { state: { from } });
      }),
    [navigate, queryClient],
  );
}

/**
 * The header's account area (desktop), loaded beside the first page: it starts the session.
 * While the session loads its space stays empty (no flash of Login for a signed-in user); a guest
 * or visitor gets Login and Sign Up, a registered user the user menu.
 */
export default function AccountArea() {
  const { data: user, isPending } = useSession();
  useSessionLostRedirect();
  if (isPending) return <AccountAreaSpace />;
  if (isPermanentUser(user)) {
    const label = user.displayName || user.email || accountMenuTexts.dashboard;
    return (
      <div className="ml-auto hidden md:block">
        <Suspense fallback={<AccountButton label={label} disabled />}>
          <UserMenu user={user} label={label} />
        </Suspense>
      </div>
    );
  }
  return (
    <div className="ml-auto hidden items-center gap-2 md:flex">
      {user ? (
        <span className="mr-1 rounded-pill bg-sunken px-3 py-1 text-sm font-semibold text-ink-muted">
          {accountMenuTexts.guest}
        </span>
      ) : null}
      <Link to={accountLinks.login.to} className={buttonClasses('ghost', 'sm')}>
        {accountLinks.login.label}
      </Link>
      <Link to={accountLinks.signup.to} className={buttonClasses('primary', 'sm')}>
        {accountLinks.signup.label}
      </Link>
    </div>
  );
}
