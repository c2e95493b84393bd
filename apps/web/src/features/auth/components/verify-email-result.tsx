import { useEffect } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { Link, useSearchParams } from 'react-router';
import { CircleCheck, CircleX } from 'lucide-react';
import { authPageTitles, verificationMessages, verificationTexts } from '@si/contracts';
import { buttonClasses } from '../../../components/ui/button';
import { Spinner } from '../../../components/ui/spinner';
import { ApiError } from '../../../lib/api-client';
import { sessionQueryKey, userQueryKey } from '../../../lib/session';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { useVerifyEmail } from '../api/verify-email';
import { AuthFrame } from './auth-frame';

/** The server's message, or the verify call's own fallback (set in verifyEmail). */
function failureMessage(error: Error | null): string {
  if (error instanceof ApiError && error.message) return error.message;
  return verificationMessages.linkInvalid;
}

function ResultIcon({ ok }: { ok: boolean }) {
  const Icon = ok ? CircleCheck : CircleX;
  return (
    <span
      aria-hidden="true"
      className={
        ok
          ? 'mx-auto flex size-14 items-center justify-center rounded-pill bg-success-soft text-success-ink'
          : 'mx-auto flex size-14 items-center justify-center rounded-pill bg-danger-soft text-danger-ink'
      }
    >
      <Icon className="size-7" />
    </span>
  );
}

/**
 * /verify-email?token=&userId= : verifies the emailed link. A link without both parameters fails
 * at once, without asking the server. On success the session is read again (now verified).
 */
export function VerifyEmailResult() {
  useDocumentTitle(authPageTitles.verifyEmail);
  const [searchParams] = useSearchParams();
  const token = searchParams.get('token') ?? '';
  const userId = searchParams.get('userId') ?? '';
  const complete = Boolean(token && userId);
  const query = useVerifyEmail(token, userId, complete);
  const queryClient = useQueryClient();

  const succeeded = query.isSuccess;
  useEffect(() => {
    if (!succeeded) return;
    void queryClient.invalidateQueries({ queryKey: sessionQueryKey });
    void queryClient.invalidateQueries({ queryKey: userQueryKey });
  }, [succeeded, queryClient]);

  if (complete && query.isPending) {
    return (
      <AuthFrame heading={authPageTitles.verifyEmail}>
        <p role="status" className="flex items-center justify-center gap-2 text-ink-muted">
          <Spinner className="size-5" />
          {verificationTexts.verifying}
        </p>
      </AuthFrame>
    );
  }

  if (query.isSuccess) {
    return (
      <AuthFrame
        top={<ResultIcon ok />}
        heading={verificationTexts.successHeading}
        subtitle={query.data.message || verificationMessages.verified}
      >
        <div className="flex flex-col gap-3">
          <Link to="/submit-organization" className={buttonClasses('primary', 'md', 'w-full')}>
            {verificationTexts.addOrganization}
          </Link>
          <Link to="/" className={buttonClasses('secondary', 'md', 'w-full')}>
            {verificationTexts.continueHome}
          </Link>
        </div>
      </AuthFrame>
    );
  }

  return (
    <AuthFrame
      top={<ResultIcon ok={false} />}
      heading={verificationTexts.failureHeading}
      subtitle={complete ? failureMessage(query.error) : verificationMessages.missingInformation}
    >
      <div role="alert" className="sr-only">
        {verificationTexts.failureHeading}
      </div>
      <div className="flex flex-col gap-3">
        <Link to="/verify-email-required" className={buttonClasses('primary', 'md', 'w-full')}>
          {verificationTexts.requestNew}
        </Link>
        <Link to="/" className={buttonClasses('secondary', 'md', 'w-full')}>
          {verificationTexts.goHome}
        </Link>
      </div>
    </AuthFrame>
  );
}
