import { useState, type ReactNode } from 'react';
import { Link } from 'react-router';
import { LockKeyhole, ShieldAlert } from 'lucide-react';
import { adminTexts, consoleTexts } from '@si/contracts';
import { Button, buttonClasses } from '../../../components/ui/button';
import { PageContainer } from '../../../components/ui/page-container';
import { Skeleton } from '../../../components/ui/skeleton';
import { Spinner } from '../../../components/ui/spinner';
import { StatusCard } from '../../../components/ui/status-card';
import { ApiError } from '../../../lib/api-client';
import { useOperator, type ConsoleOperator } from '../api/get-operator';
import { isSignInAgain } from '../api/console-request';
import { LoadFailed } from './list-states';

/**
 * While the server is asked who is here: the console's own shape in grey (heading, sections,
 * rows), under a line that says what is loading, so the wait reads as the console coming.
 */
function ConsoleLoading() {
  return (
    <PageContainer className="flex flex-col gap-6 py-8 sm:py-12">
      <div role="status" aria-busy="true" className="flex flex-col gap-6">
        <div className="flex flex-col gap-2">
          <p className="flex items-center gap-2 font-semibold text-ink-muted">
            <Spinner className="size-5" />
            {consoleTexts.loadingConsole}
          </p>
          <Skeleton className="h-10 w-72 max-w-full" />
        </div>
        <div
          aria-hidden="true"
          className="grid grid-cols-[minmax(0,1fr)] gap-6 lg:grid-cols-[13rem_minmax(0,1fr)] lg:gap-10"
        >
          <div className="grid grid-cols-2 gap-1 sm:grid-cols-4 lg:flex lg:flex-col">
            {Array.from({ length: 8 }, (_, index) => (
              <Skeleton key={index} className="h-11 w-full lg:h-10" />
            ))}
          </div>
          <div className="flex flex-col gap-3">
            <Skeleton className="h-8 w-48" />
            {Array.from({ length: 4 }, (_, index) => (
              <Skeleton key={index} className="h-14 w-full" />
            ))}
          </div>
        </div>
      </div>
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
