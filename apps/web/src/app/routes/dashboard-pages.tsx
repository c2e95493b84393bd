import { useEffect, useState } from 'react';
import { Link, Outlet, useLocation, useParams, useSearchParams } from 'react-router';
import { ArrowLeft } from 'lucide-react';
import {
  accountDeletionMessages,
  authErrorCodes,
  authPageTitles,
  dashboardTexts,
  embedTexts,
  insightsTexts,
  messageForAuthErrorCode,
  type InsightPeriod,
  paymentTexts,
  roleCan,
  savedSearchTexts,
  type SavedSearch,
  type SocialProviderId,
} from '@si/contracts';
import { SuccessBanner } from '../../components/ui/message-banner';
import { DeleteAccount } from '../../features/account/components/delete-account';
import {
  DashboardSection,
  DashboardSectionGroup,
  DashboardShell,
} from '../../features/account/components/dashboard-shell';
import { MyOrganizations } from '../../features/account/components/organization-lists';
import { useMyOrganizations } from '../../features/account/api/get-my-organizations';
import { EmbedSnippets } from '../../features/insights/components/embed-snippets';
import { InsightsPanel } from '../../features/insights/components/insights-panel';
import { PasswordSettings } from '../../features/account/components/password-settings';
import { ProfileInformation } from '../../features/account/components/profile-information';
import { useProfile } from '../../features/auth/api/get-profile';
import { useSession } from '../../features/auth/api/get-session';
import { startSocialSignIn } from '../../features/auth/api/social-sign-in';
import { useMySubscriptions } from '../../features/payments/api/get-subscriptions';
import { useCategories } from '../../features/reference/api/get-categories';
import { useCountries } from '../../features/reference/api/get-countries';
import { SavedSearchList } from '../../features/saved-searches/components/saved-search-list';
import { savedSearchLabels } from '../../features/saved-searches/filter-labels';
import { byCode, byId, lookupOf } from '../../lib/lookups';
import { InvoiceList } from '../../features/payments/components/invoice-list';
import { PublicationStatus } from '../../features/payments/components/publication-status';
import { SubscriptionList } from '../../features/payments/components/subscription-list';
import { messageFromState, useFlashMessage } from '../../lib/use-flash-message';
import { useDocumentTitle } from '../../lib/use-document-title';
import { GuardLoading } from './guarded-routes';

/*
 * The account area (docs/product.md#account-area): /profile and /dashboard (Profile),
 * /dashboard/organizations and /dashboard/settings, in one lazy module.
 */

const ORGANIZATIONS_PATH = '/dashboard/organizations';

/**
 * The account area around /profile and /dashboard/*: a message passed in navigation state shows
 * for 5 s, and one that says something was deleted switches to My Organizations (docs/product.md#account-area). It
 * does so where it arrives: after deleting an organization the owner lands on /profile, the
 * address docs/product.md#account-area gives, showing the Organizations section there.
 */
export function DashboardLayout() {
  const location = useLocation();
  const [message, dismissMessage] = useFlashMessage();
  const organizationsHere =
    messageFromState(location.state)?.includes('deleted') === true &&
    location.pathname !== ORGANIZATIONS_PATH;
  return (
    <DashboardShell
      banner={message ? <SuccessBanner message={message} onDismiss={dismissMessage} /> : null}
      activePath={organizationsHere ? ORGANIZATIONS_PATH : undefined}
    >
      {organizationsHere ? <DashboardOrganizations /> : <Outlet />}
    </DashboardShell>
  );
}

/** /dashboard and /profile : Profile Information, from the backend profile (the session meanwhile). */
export function DashboardProfile() {
  useDocumentTitle(authPageTitles.dashboard);
  const session = useSession();
  const profile = useProfile();
  const user = profile.data ?? session.data;
  if (!user) return <GuardLoading />;
  return <ProfileInformation user={user} />;
}

/**
 * /dashboard/organizations : My Organizations, each with where it stands in the directory (from
 * its latest subscription), and My Subscriptions. Billing is an owner's (ADR 047): an editor is
 * offered no plan, and someone who is an owner nowhere sees no subscriptions or receipts.
 */
export function DashboardOrganizations() {
  useDocumentTitle(authPageTitles.dashboardOrganizations);
  const subscriptions = useMySubscriptions();
  const mine = useMyOrganizations().data;
  const byOrganization = new Map(
    subscriptions.data?.map((subscription) => [subscription.organizationId, subscription]),
  );
  const billsNone =
    mine !== undefined &&
    mine.length > 0 &&
    !mine.some((organization) => roleCan(organization.myRole, 'billing'));
  return (
    <>
      <MyOrganizations
        renderPublication={(organization) => (
          <PublicationStatus
            organization={organization}
            subscription={byOrganization.get(organization.id)}
            pending={subscriptions.isPending}
            billing={roleCan(organization.myRole, 'billing')}
          />
        )}
      />
      {billsNone ? null : (
        <>
          <DashboardSection id="my-subscriptions" title={dashboardTexts.mySubscriptions}>
            <SubscriptionList />
          </DashboardSection>
          <DashboardSection id="past-invoices" title={paymentTexts.invoicesTitle}>
            <InvoiceList />
          </DashboardSection>
        </>
      )}
    </>
  );
}

const periodOf = (value: string | null): InsightPeriod =>
  value === '7' ? 7 : value === '90' ? 90 : 30;

/**
 * /dashboard/organizations/:orgId/insights : what one of the owner's profiles earned (ADR 031),
 * the period in the address (?days=7|30|90) so that a view can be shared with a colleague.
 */
export function DashboardInsights() {
  useDocumentTitle(insightsTexts.pageTitle);
  const { orgId = '' } = useParams();
  const [searchParams, setSearchParams] = useSearchParams();
  const days = periodOf(searchParams.get('days'));
  const mine = useMyOrganizations().data?.find((organization) => organization.id === orgId);
  const name = mine?.name;
  return (
    <>
      <DashboardSection
        id="insights"
        title={name ? insightsTexts.title(name) : insightsTexts.pageTitle}
        description={insightsTexts.intro}
        action={
          <Link
            to={ORGANIZATIONS_PATH}
            className="inline-flex min-h-touch items-center gap-1.5 text-sm font-semibold text-brand-ink underline-offset-4 hover:underline sm:min-h-9"
          >
            <ArrowLeft aria-hidden="true" className="size-4" />
            {insightsTexts.back}
          </Link>
        }
      >
        <InsightsPanel
          organizationId={orgId}
          days={days}
          onDaysChange={(period) => setSearchParams({ days: String(period) }, { replace: true })}
        />
      </DashboardSection>
      {/* Beside the counts they earn: only a member who reads insights sees them (ADR 052). */}
      {mine && roleCan(mine.myRole, 'insights') ? (
        <DashboardSection id="embed" title={embedTexts.heading} description={embedTexts.intro}>
          <EmbedSnippets organizationId={mine.id} name={mine.name} published={mine.published} />
        </DashboardSection>
      ) : null}
    </>
  );
}

/** /dashboard/saved-searches : the account's saved searches and their alerts (ADR 034, 046). */
export function DashboardSavedSearches() {
  useDocumentTitle(savedSearchTexts.heading);
  const categoriesById = lookupOf(useCategories().data, byId);
  const countriesByCode = lookupOf(useCountries().data, byCode);
  const labelsOf = (search: SavedSearch) =>
    savedSearchLabels(search, {
      category: (id) => categoriesById.get(id)?.name ?? id,
      country: (code) => countriesByCode.get(code)?.name ?? code,
    });
  return (
    <DashboardSection
      id="saved-searches"
      title={savedSearchTexts.heading}
      description={savedSearchTexts.intro}
    >
      <SavedSearchList labelsOf={labelsOf} />
    </DashboardSection>
  );
}

/**
 * Where a re-authentication for account deletion comes back, signed in again or with its error:
 * the settings, dialog open (a signed-in user on /login would be sent home, error unseen).
 */
export const CONFIRM_DELETE_PATH = '/dashboard/settings?confirmDelete=1';

const cancelledReauthentication: ReadonlySet<string> = new Set([
  authErrorCodes.userCancelled,
  authErrorCodes.popupClosed,
  authErrorCodes.cancelled,
]);

const reauthenticate = (provider: SocialProviderId) =>
  startSocialSignIn(provider, CONFIRM_DELETE_PATH, CONFIRM_DELETE_PATH);

/** /dashboard/settings : password change and account deletion. */
export function DashboardSettings() {
  useDocumentTitle(authPageTitles.dashboardSettings);
  const session = useSession();
  const profile = useProfile();
  const [searchParams, setSearchParams] = useSearchParams();
  const [confirmDelete] = useState(() => searchParams.has('confirmDelete'));
  const [reauthError] = useState(() => {
    const code = searchParams.get('error');
    if (!code) return null;
    // Backing out of the provider's sign-in: the product's deletion message, not the sign-in one.
    if (cancelledReauthentication.has(code)) return accountDeletionMessages.reauthCancelled;
    return messageForAuthErrorCode(code, searchParams.get('provider') ?? undefined);
  });

  const hasConfirmQuery = searchParams.has('confirmDelete');
  useEffect(() => {
    if (hasConfirmQuery) setSearchParams({}, { replace: true });
  }, [hasConfirmQuery, setSearchParams]);

  const user = profile.data ?? session.data;
  if (!user) return <GuardLoading />;
  return (
    <DashboardSectionGroup id="account-settings" title={dashboardTexts.accountSettings}>
      <PasswordSettings user={user} />
      <DeleteAccount
        user={user}
        initiallyOpen={confirmDelete}
        initialError={reauthError}
        reauthenticate={reauthenticate}
      />
    </DashboardSectionGroup>
  );
}
