import { isRouteErrorResponse, useLocation, useNavigate, useRouteError } from 'react-router';
import { useQueryClient } from '@tanstack/react-query';
import { AlertIcon } from '../../components/ui/icons';
import { errorBoundaryTexts } from '@si/contracts';
import { Button } from '../../components/ui/button';
import { PageContainer } from '../../components/ui/page-container';
import { StatusCard } from '../../components/ui/status-card';
import { useDocumentTitle } from '../../lib/use-document-title';

function messageOf(error: unknown): string {
  if (isRouteErrorResponse(error)) {
    const data: unknown = error.data;
    return typeof data === 'string' && data ? data : `${error.status} ${error.statusText}`.trim();
  }
  if (error instanceof Error && error.message) return error.message;
  return errorBoundaryTexts.fallback;
}

/** Generic render/loader error: 'Something went wrong', the message, and 'Try again'. */
export function RouteErrorBoundary() {
  const error = useRouteError();
  const navigate = useNavigate();
  const location = useLocation();
  const queryClient = useQueryClient();
  useDocumentTitle('Error');

  const retry = () => {
    // Forget failed queries and render the same URL again (a new navigation resets this boundary).
    void queryClient.resetQueries({ predicate: (query) => query.state.status === 'error' });
    void navigate(
      { pathname: location.pathname, search: location.search, hash: location.hash },
      { replace: true, state: location.state },
    );
  };

  return (
    <PageContainer className="py-16">
      <StatusCard
        as="h1"
        role="alert"
        tone="danger"
        icon={<AlertIcon className="size-6" />}
        title={errorBoundaryTexts.heading}
        action={<Button onClick={retry}>{errorBoundaryTexts.retry}</Button>}
      >
        {messageOf(error)}
      </StatusCard>
    </PageContainer>
  );
}
