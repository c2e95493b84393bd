import { useState, type ReactNode } from 'react';
import { Link } from 'react-router';
import { LockKeyhole, ShieldAlert } from 'lucide-react';
import { adminTexts, consoleTexts } from '@si/contracts';
import { Button, buttonClasses } from '../../../components/ui/button';
import { PageContainer } from '../../../components/ui/page-container';
import { Spinner } from '../../../components/ui/spinner';
import { StatusCard } from '../../../components/ui/status-card';
import { ApiError } from '../../../lib/api-client';
import { useOperator, type ConsoleOperator } from '../api/get-operator';
import { isSignInAgain } from '../api/console-request';
import { LoadFailed } from './list-states';

function ConsoleLoading() {
  return (
    <PageContainer className="flex justify-center py-20">
      <p role="status" className="flex items-center gap-2 text-ink-muted">
        <Spinner className="size-5" />
        {consoleTexts.loading}
      </p>
    </PageContainer>
  );
}

/**
 * The console's door (ADR 028): it asks the server who is here before it shows anything. The
 * server decides; this only reflects its answer: an operator gets the console, one signed in too
 * long ago a way to sign in again, anyone else a plain page without the console around it.
 */
export function ConsoleGate({
  onSignInAgain,
  children,
}: {
  /** Signs out and goes to /login, coming back here. */
  onSignInAgain: () => Promise<void>;
  children: (operator: ConsoleOperator) => ReactNode;
}) {
  const [signingOut, setSigningOut] = useState(false);
  // Signed out, the server would answer a plain 401, taken for a lost session: a second sign-out
  // racing the first, and /login showing 'you need to be logged in' to an operator who chose it.
  const operator = useOperator(!signingOut);
  if (operator.isPending) return <ConsoleLoading />;
  if (operator.isError) {
    const { error } = operator;
    if (isSignInAgain(error)) {
      return (
        <PageContainer className="py-12 sm:py-20">
          <StatusCard
            as="h1"
            title={consoleTexts.signInAgainTitle}
            icon={<LockKeyhole className="size-6" />}
            action={
              <Button
                disabled={signingOut}
                aria-busy={signingOut}
                onClick={() => {
                  setSigningOut(true);
                  void onSignInAgain().finally(() => setSigningOut(false));
                }}
              >
                {signingOut ? <Spinner /> : null}
                {consoleTexts.signInAgain}
              </Button>
            }
          >
            {adminTexts.signInAgain}
          </StatusCard>
        </PageContainer>
      );
    }
    if (error instanceof ApiError && error.status === 403) {
      return (
        <PageContainer className="py-12 sm:py-20">
          <StatusCard
            as="h1"
            title={error.message || adminTexts.operatorsOnly}
            icon={<ShieldAlert className="size-6" />}
            action={
              <Link to="/" className={buttonClasses('secondary')}>
                {consoleTexts.goHome}
              </Link>
            }
          />
        </PageContainer>
      );
    }
    // The session went: the app is on its way to /login (api/console-request.ts).
    if (error instanceof ApiError && error.status === 401) return <ConsoleLoading />;
    return (
      <PageContainer className="py-12">
        <LoadFailed error={error} onRetry={() => void operator.refetch()} />
      </PageContainer>
    );
  }
  return children(operator.data);
}
