import { useLocation } from 'react-router';
import { useProfile } from '../../features/auth/api/get-profile';
import { useSession } from '../../features/auth/api/get-session';
import { AuthPage } from '../../features/auth/components/auth-page';
import { ForgotPasswordPage } from '../../features/auth/components/forgot-password-page';
import { ResetPasswordPage } from '../../features/auth/components/reset-password-page';
import { VerifyEmailRequiredPage } from '../../features/auth/components/verify-email-required-page';
import { VerifyEmailResult } from '../../features/auth/components/verify-email-result';
import { SupportEmailLink } from '../../features/site/components/support-email-link';
import { UnsubscribedPage } from '../../features/email-lists/components/unsubscribed-page';
import { NewsletterConfirmPage } from '../../features/newsletter/components/confirm-page';
import { InvitationPage } from './invitation-page';
import { originFromState } from '../../lib/safe-redirect';
import { GuardLoading } from './guarded-routes';

/*
 * The account screens, one lazy module for all of them: the route table then carries one
 * import for the lot, which keeps the home page's first load inside its budget (ADR 005, 006).
 */

/** /login : the Log In tab. */
export function LoginPage() {
  return <AuthPage mode="login" />;
}

/** /signup : the Sign Up tab. */
export function SignupPage() {
  return <AuthPage mode="signup" />;
}

/** /forgot-password : asks for the password-reset email. */
export { ForgotPasswordPage };

/** /reset-password?token= : the page the reset email links to. */
export { ResetPasswordPage };

/** /verify-email?token=&userId= : the result of the emailed verification link. */
export function VerifyEmailPage() {
  return <VerifyEmailResult />;
}

/** /unsubscribed?list= : where an email's unsubscribe link ends, in the list's own words. */
export { UnsubscribedPage };

/** /newsletter/confirm?token= : the newsletter's confirmation link (double opt-in). */
export { NewsletterConfirmPage };

/** /invitations/:token : an owner's invitation to join their organization (ADR 049). */
export { InvitationPage };

/** /verify-email-required : behind the 'signed-in, non-anonymous' guard. */
export function VerifyEmailRequiredRoute() {
  const { data: user } = useSession();
  const location = useLocation();
  const profile = useProfile({ enabled: Boolean(user && !user.emailVerified) });
  if (!user) return <GuardLoading />;
  return (
    <VerifyEmailRequiredPage
      user={user}
      verified={user.emailVerified || profile.data?.emailVerified === true}
      continueTo={originFromState(location.state)}
      supportLink={<SupportEmailLink />}
    />
  );
}
