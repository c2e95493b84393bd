import { useCallback } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { Outlet, useLocation, useNavigate, useParams } from 'react-router';
import { consoleTexts, savedSearchConsoleTexts, webhookTexts } from '@si/contracts';
import { signOut } from '../../features/auth/api/sign-out';
import { AuditPage } from '../../features/operator-console/components/audit-page';
import { ConsoleGate } from '../../features/operator-console/components/console-gate';
import { ConsoleShell } from '../../features/operator-console/components/console-shell';
import { OrganizationDetailPage } from '../../features/operator-console/components/organization-detail';
import { OrganizationsPage } from '../../features/operator-console/components/organizations-page';
import { ConsoleOverview } from '../../features/operator-console/components/overview';
import { ReportsPage } from '../../features/operator-console/components/reports-page';
import { EmailPage } from '../../features/operator-console/components/email-page';
import { NewsletterPage } from '../../features/operator-console/components/newsletter-page';
import { SavedSearchesPage } from '../../features/operator-console/components/saved-searches-page';
import { PaymentsPage } from '../../features/operator-console/components/payments-page';
import { UserDetailPage } from '../../features/operator-console/components/user-detail';
import { UsersPage } from '../../features/operator-console/components/users-page';
import { WebhookEndpointPage } from '../../features/operator-console/components/webhook-endpoint-page';
import { WebhooksPage } from '../../features/operator-console/components/webhooks-page';
import { useCountries } from '../../features/reference/api/get-countries';
import { forgetUser } from '../../lib/forget-user';
import { useDocumentTitle } from '../../lib/use-document-title';

/*
 * The operator console, /admin (docs/product.md#operator-console, ADR 028), in one lazy module:
 * no public page's JavaScript carries it.
 */

/** The console's frame: the server is asked first (GET /api/admin/me), then the sections. */
export function ConsoleLayout() {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const location = useLocation();
  const from = `${location.pathname}${location.search}`;
  const signInAgain = useCallback(async () => {
    try {
      await signOut();
    } catch (error) {
      console.warn('Sign-out failed', error);
    }
    const forgotten = forgetUser(queryClient);
    await navigate('/login', { state: { from } });
    await forgotten;
  }, [queryClient, navigate, from]);
  return (
    <ConsoleGate onSignInAgain={signInAgain}>
      {(operator) => (
        <ConsoleShell operatorEmail={operator.email}>
          <Outlet />
        </ConsoleShell>
      )}
    </ConsoleGate>
  );
}

export function ConsoleHome() {
  useDocumentTitle(consoleTexts.titles.overview);
  return <ConsoleOverview />;
}

export function ConsoleReports() {
  useDocumentTitle(consoleTexts.titles.reports);
  return <ReportsPage />;
}

export function ConsoleOrganizations() {
  useDocumentTitle(consoleTexts.titles.organizations);
  return <OrganizationsPage />;
}

export function ConsoleOrganization() {
  const { orgId = '' } = useParams();
  const countries = useCountries();
  return <OrganizationDetailPage key={orgId} id={orgId} countries={countries.data} />;
}

export function ConsoleAudit() {
  useDocumentTitle(consoleTexts.titles.audit);
  return <AuditPage />;
}

export function ConsoleUsers() {
  useDocumentTitle(consoleTexts.titles.users);
  return <UsersPage />;
}

export function ConsoleUser() {
  const { userId = '' } = useParams();
  return <UserDetailPage key={userId} id={userId} />;
}

export function ConsolePayments() {
  useDocumentTitle(consoleTexts.titles.payments);
  return <PaymentsPage />;
}

export function ConsoleEmail() {
  useDocumentTitle(consoleTexts.titles.email);
  return <EmailPage />;
}

export function ConsoleNewsletter() {
  useDocumentTitle(consoleTexts.titles.newsletter);
  return <NewsletterPage />;
}

export function ConsoleSavedSearches() {
  useDocumentTitle(savedSearchConsoleTexts.title);
  return <SavedSearchesPage />;
}

export function ConsoleWebhooks() {
  useDocumentTitle(webhookTexts.title);
  return <WebhooksPage />;
}

export function ConsoleWebhook() {
  const { endpointId = '' } = useParams();
  useDocumentTitle(webhookTexts.endpointTitle);
  return <WebhookEndpointPage key={endpointId} id={endpointId} />;
}
