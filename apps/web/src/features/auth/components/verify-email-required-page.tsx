import type { ReactNode } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { Link } from 'react-router';
import { MailCheck } from 'lucide-react';
import {
  authErrorCodes,
  authPageTitles,
  verificationMessages,
  verificationTexts,
  type CurrentUser,
} from '@si/contracts';
import { Button, buttonClasses } from '../../../components/ui/button';
import { Notice } from '../../../components/ui/notice';
import { Spinner } from '../../../components/ui/spinner';
import { ApiError } from '../../../lib/api-client';
import { sessionQueryKey, userQueryKey } from '../../../lib/session';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { useResendVerification } from '../api/resend-verification';
import { AuthFrame } from './auth-frame';

function resendErrorMessage(error: Error): string {
  if (error instanceof ApiError) {
    if (error.code === authErrorCodes.alreadyVerified) return verificationMessages.alreadyVerified;
    if (error.status === 401) return verificationMessages.mustBeLoggedIn;
    // The server's message, or the resend call's own fallback (set in resendVerification).
    if (error.message) return error.message;
  }
  return verificationMessages.resendFailed;
}

/**
 * /verify-email-required: the user's email, 'Resend Verification Email' (idle, sending, sent and
 * then disabled), 'Continue to Home' and the support contact. A user who is verified (already,
 * or meanwhile in another tab) sees only that, and the way on to the page they wanted.
 */
export function VerifyEmailRequiredPage({
  user,
  verified,
  continueTo,
  supportLink,
}: {
  user: CurrentUser;
  /** The email is verified (the session or the backend profile says so). */
  verified: boolean;
  /** Where 'Continue' leads once verified (the remembered origin). */
  continueTo: string;
  supportLink: ReactNode;
}) {
  useDocumentTitle(authPageTitles.verifyEmailRequired);
  const queryClient = useQueryClient();
  const resend = useResendVerification();

  const onResend = () => {
    if (resend.isPending || resend.isSuccess) return;
    resend.mutate(undefined, {
      onError: (error) => {
        if (error instanceof ApiError && error.code === authErrorCodes.alreadyVerified) {
          void queryClient.invalidateQueries({ queryKey: sessionQueryKey });
          void queryClient.invalidateQueries({ queryKey: userQueryKey });
        }
      },
    });
  };

  const icon = (
    <span
      aria-hidden="true"
      className="mx-auto flex size-14 items-center justify-center rounded-pill bg-brand-soft text-brand-ink"
    >
      <MailCheck className="size-7" />
    </span>
  );

  // Nothing is left to do: no link to open, nothing to resend; only the way on.
  if (verified) {
    return (
      <AuthFrame top={icon} heading={verificationTexts.successHeading}>
        <Notice tone="success" message={verificationMessages.alreadyVerified} />
        <div className="flex flex-col gap-3">
          <Link to={continueTo} replace className={buttonClasses('primary', 'md', 'w-full')}>
            {verificationTexts.continue}
          </Link>
          {continueTo === '/' ? null : (
            <Link to="/" className={buttonClasses('secondary', 'md', 'w-full')}>
              {verificationTexts.continueHome}
            </Link>
          )}
        </div>
      </AuthFrame>
    );
  }

  const sent = resend.isSuccess;
  return (
    <AuthFrame top={icon} heading={verificationTexts.requiredHeading}>
      <div className="flex flex-col gap-2 text-center">
        <p className="text-ink-muted">
          {verificationTexts.sentTo}{' '}
          <strong className="font-semibold break-all text-ink" data-testid="verification-email">
            {user.email}
          </strong>
        </p>
        <p className="text-ink-muted">{verificationTexts.instructions}</p>
      </div>

      {sent ? (
        <Notice tone="success" message={resend.data.message || verificationMessages.resent} />
      ) : null}
      {resend.isError ? (
        <Notice
          tone={
            resend.error instanceof ApiError && resend.error.code === authErrorCodes.alreadyVerified
              ? 'success'
              : 'danger'
          }
          message={resendErrorMessage(resend.error)}
        />
      ) : null}

      <div className="flex flex-col gap-3">
        <Button
          onClick={onResend}
          disabled={resend.isPending || sent}
          aria-busy={resend.isPending}
          className="w-full"
        >
          {resend.isPending ? <Spinner /> : null}
          {resend.isPending
            ? verificationTexts.sending
            : sent
              ? verificationTexts.sent
              : verificationTexts.resend}
        </Button>
        <Link to="/" className={buttonClasses('secondary', 'md', 'w-full')}>
          {verificationTexts.continueHome}
        </Link>
      </div>

      <p className="text-center text-sm text-ink-muted">
        {verificationTexts.support} {supportLink}
      </p>
    </AuthFrame>
  );
}
