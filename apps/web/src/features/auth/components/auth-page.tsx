import { useEffect, useRef, useState } from 'react';
import { Link, Navigate, useLocation, useNavigate, useSearchParams } from 'react-router';
import {
  authFormTexts,
  authPageTitles,
  signInMessages,
  socialProviders,
  type SocialProviderId,
} from '@si/contracts';
import { Notice } from '../../../components/ui/notice';
import { Spinner } from '../../../components/ui/spinner';
import { originFromState, safeRedirectPath } from '../../../lib/safe-redirect';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { messageFromState } from '../../../lib/use-flash-message';
import { isPermanentUser, useSession } from '../api/get-session';
import type { EmailCredentials } from '../api/sign-in';
import { signInWithEmail } from '../api/sign-in';
import { signUpWithEmail } from '../api/sign-up';
import {
  toAuthError,
  useAuthExpiryMessage,
  useSocialSignInError,
  type AuthError,
} from '../hooks/use-auth-notices';
import { useCompleteSignIn } from '../hooks/use-complete-sign-in';
import { AuthErrorNotice } from './auth-error-notice';
import { AuthFrame } from './auth-frame';
import { AuthTabs } from './auth-tabs';
import { EmailPasswordForm, type AuthMode } from './email-password-form';
import { SocialButtons } from './social-buttons';

const texts = {
  login: {
    title: authPageTitles.login,
    heading: authFormTexts.loginHeading,
    subtitle: authFormTexts.loginSubtitle,
    guestSubtitle: authFormTexts.loginGuestSubtitle,
  },
  signup: {
    title: authPageTitles.signup,
    heading: authFormTexts.signupHeading,
    subtitle: authFormTexts.signupSubtitle,
    guestSubtitle: authFormTexts.signupGuestSubtitle,
  },
} as const;

/** Query of /login when a social sign-in comes back: ?social=<provider>&next=<path>. */
const SOCIAL_RETURN_PARAM = 'social';
const NEXT_PARAM = 'next';

/** Where a social sign-in returns: /login, which syncs the user and then goes on to `next`. */
function socialReturnPath(provider: SocialProviderId, next: string): string {
  const query = new URLSearchParams({ [SOCIAL_RETURN_PARAM]: provider, [NEXT_PARAM]: next });
  return `/login?${query.toString()}`;
}

/** The page to open after signing in: the remembered origin, never a sign-in page itself. */
function destinationAfterLogin(state: unknown): string {
  const origin = originFromState(state);
  return /^\/(login|signup)(?=[/?#]|$)/.test(origin) ? '/' : origin;
}

function isSocialProvider(value: string | null): value is SocialProviderId {
  return socialProviders.some((provider) => provider === value);
}

/**
 * /login and /signup: tabs, the product's headings (guest variants), Google and GitHub, and the
 * email form. Shows the message passed in navigation state, the session-lost message (once)
 * and a social sign-in error; a signed-in registered user is sent home.
 */
export function AuthPage({ mode }: { mode: AuthMode }) {
  const copy = texts[mode];
  useDocumentTitle(copy.title);
  const location = useLocation();
  const navigate = useNavigate();
  const [searchParams] = useSearchParams();
  const session = useSession();
  const completeSignIn = useCompleteSignIn();
  const expiryMessage = useAuthExpiryMessage();
  const socialError = useSocialSignInError();
  const navigationMessage = messageFromState(location.state);
  // Without cookies no session can start: say so before the visitor tries (docs/product.md#texts-that-are-part-of-the-contract).
  const [error, setError] = useState<AuthError | null>(
    () =>
      socialError ??
      (navigator.cookieEnabled ? null : { message: signInMessages.webStorageUnsupported }),
  );

  const socialParam = searchParams.get(SOCIAL_RETURN_PARAM);
  const socialReturn = mode === 'login' && isSocialProvider(socialParam) ? socialParam : null;
  const socialNext = safeRedirectPath(searchParams.get(NEXT_PARAM)) ?? '/';
  // 'completing': signed in, syncing before leaving; 'held': signed in but the sync failed.
  const [phase, setPhase] = useState<'idle' | 'completing' | 'held'>('idle');

  const finish = async (destination: string, state?: unknown) => {
    setPhase('completing');
    try {
      await completeSignIn();
    } catch (caught) {
      setError(toAuthError(caught));
      setPhase('held');
      return;
    }
    await navigate(destination, { replace: true, state });
  };

  const submit = async (credentials: EmailCredentials) => {
    try {
      if (mode === 'login') await signInWithEmail(credentials);
      else await signUpWithEmail(credentials);
    } catch (caught) {
      setError(toAuthError(caught));
      return;
    }
    if (mode === 'login') await finish(destinationAfterLogin(location.state));
    else await finish('/verify-email-required', { from: destinationAfterLogin(location.state) });
  };

  // Back from Google or GitHub: sync the new user once the session shows it, then go on.
  const socialHandled = useRef(false);
  const user = session.data;
  const sessionReady = !session.isPending;
  useEffect(() => {
    if (!socialReturn || !sessionReady || socialHandled.current) return;
    socialHandled.current = true;
    // Not signed in after all: show the page without the return query.
    if (!isPermanentUser(user)) {
      void navigate('/login', { replace: true });
      return;
    }
    completeSignIn().then(
      () => navigate(socialNext, { replace: true }),
      (caught: unknown) => {
        setError(toAuthError(caught));
        setPhase('held');
      },
    );
  }, [socialReturn, sessionReady, user, navigate, completeSignIn, socialNext]);

  if (phase === 'idle' && !socialReturn && isPermanentUser(user)) {
    return <Navigate to="/" replace />;
  }

  if (socialReturn && phase !== 'held') {
    return (
      <AuthFrame heading={copy.heading}>
        <p role="status" className="flex items-center justify-center gap-2 text-ink-muted">
          <Spinner className="size-5" />
          {authFormTexts.completing}
        </p>
      </AuthFrame>
    );
  }

  const guest = user?.isAnonymous === true;
  const busy = phase === 'completing';
  const next = destinationAfterLogin(location.state);

  return (
    <AuthFrame
      top={<AuthTabs />}
      heading={copy.heading}
      subtitle={guest ? copy.guestSubtitle : copy.subtitle}
      footer={
        mode === 'login' ? (
          <p>
            {authFormTexts.noAccount}{' '}
            <Link
              to="/signup"
              state={location.state}
              className="font-semibold text-brand-ink underline-offset-4 hover:underline"
            >
              {authFormTexts.tabSignup}
            </Link>
          </p>
        ) : (
          <p>
            {authFormTexts.haveAccount}{' '}
            <Link
              to="/login"
              state={location.state}
              className="font-semibold text-brand-ink underline-offset-4 hover:underline"
            >
              {authFormTexts.tabLogin}
            </Link>
          </p>
        )
      }
    >
      {expiryMessage || navigationMessage || error ? (
        <div className="flex flex-col gap-3">
          {expiryMessage ? <Notice message={expiryMessage} testId="auth-expiry-message" /> : null}
          {navigationMessage ? (
            <Notice message={navigationMessage} testId="auth-navigation-message" />
          ) : null}
          {error ? <AuthErrorNotice error={error} /> : null}
        </div>
      ) : null}

      <SocialButtons
        disabled={busy}
        onError={setError}
        callbackPath={(provider) => socialReturnPath(provider, next)}
      />

      <div className="flex items-center gap-3 text-sm text-ink-subtle">
        <span aria-hidden="true" className="h-px flex-1 bg-line" />
        {authFormTexts.emailDivider}
        <span aria-hidden="true" className="h-px flex-1 bg-line" />
      </div>

      <EmailPasswordForm mode={mode} busy={busy} onSend={() => setError(null)} onSubmit={submit} />
    </AuthFrame>
  );
}
