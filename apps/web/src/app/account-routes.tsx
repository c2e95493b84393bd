import type { ComponentType } from 'react';
import type { RouteObject } from 'react-router';
import { routePath, type PageId } from '@si/contracts';
import type { AccessRuleName } from './routes/access';
import { PageFallback } from './routes/page-fallback';

/*
 * The account routes (sign-in, sign-up, password reset, email verification, the dashboard, and
 * the guarded pages of later features). The router discovers them on the first navigation that
 * needs them (router.tsx), so the home page's first load carries none of this table (ADR 006).
 * Their pages load from a few modules: account screens, guards, dashboard, one per
 * organization screen (create, edit), one for the payment pages and one for the operator
 * console (whose access the server decides: the guard only asks for an account).
 */
const accountPages = () => import('./routes/account-pages');
const guardedRoutes = () => import('./routes/guarded-routes');
const dashboardPages = () => import('./routes/dashboard-pages');
const dashboardRoles = () => import('./routes/dashboard-roles');
const dashboardMembers = () => import('./routes/dashboard-members');
const submitOrganization = () => import('./routes/submit-organization');
const editOrganization = () => import('./routes/edit-organization');
const paymentPages = () => import('./routes/payment-pages');
const operatorConsole = () => import('./routes/operator-console');

/** route.lazy for a named component of a lazily loaded module. */
function component<Module, Name extends keyof Module>(load: () => Promise<Module>, name: Name) {
  return () => load().then((module) => ({ Component: module[name] as ComponentType }));
}

const page = (id: PageId, lazy: RouteObject['lazy']): RouteObject => ({
  path: routePath(id),
  HydrateFallback: PageFallback,
  lazy,
});

/**
 * A group of routes behind a guard (docs/product.md#route-access). The pages inside load no data
 * before the guard lets them render.
 */
function guarded(rule: AccessRuleName, children: RouteObject[]): RouteObject {
  return {
    HydrateFallback: PageFallback,
    lazy: () =>
      guardedRoutes().then(({ createAccessGuard }) => ({ Component: createAccessGuard(rule) })),
    children,
  };
}

export function accountRoutes(): RouteObject[] {
  return [
    page('login', component(accountPages, 'LoginPage')),
    page('signup', component(accountPages, 'SignupPage')),
    page('forgotPassword', component(accountPages, 'ForgotPasswordPage')),
    page('resetPassword', component(accountPages, 'ResetPasswordPage')),
    page('verifyEmail', component(accountPages, 'VerifyEmailPage')),
    page('unsubscribed', component(accountPages, 'UnsubscribedPage')),
    page('newsletterConfirm', component(accountPages, 'NewsletterConfirmPage')),
    page('invitation', component(accountPages, 'InvitationPage')),
    guarded('account', [
      page('verifyEmailRequired', component(accountPages, 'VerifyEmailRequiredRoute')),
    ]),
    guarded('dashboard', [
      {
        HydrateFallback: PageFallback,
        lazy: component(dashboardPages, 'DashboardLayout'),
        children: [
          page('profile', component(dashboardPages, 'DashboardProfile')),
          page('dashboard', component(dashboardPages, 'DashboardProfile')),
          page('dashboardOrganizations', component(dashboardPages, 'DashboardOrganizations')),
          page('dashboardInsights', component(dashboardPages, 'DashboardInsights')),
          page('dashboardRoles', component(dashboardRoles, 'DashboardRoles')),
          page(
            'dashboardActivity',
            component(() => import('./routes/dashboard-activity'), 'DashboardActivity'),
          ),
          page('dashboardMembers', component(dashboardMembers, 'DashboardMembers')),
          page('dashboardSavedSearches', component(dashboardPages, 'DashboardSavedSearches')),
          page(
            'dashboardApiKeys',
            component(() => import('./routes/dashboard-api-keys'), 'DashboardApiKeys'),
          ),
          page('dashboardSettings', component(dashboardPages, 'DashboardSettings')),
        ],
      },
    ]),
    guarded('create', [
      page('submitOrganization', component(submitOrganization, 'SubmitOrganizationPage')),
    ]),
    guarded('edit', [
      page('editOrganization', component(editOrganization, 'EditOrganizationPage')),
    ]),
    guarded('payments', [
      page('selectPlan', component(paymentPages, 'SelectPlanPage')),
      page('paymentCanceled', component(paymentPages, 'PaymentCanceledPage')),
      page('testCheckout', component(paymentPages, 'TestCheckoutPage')),
    ]),
    guarded('account', [
      {
        HydrateFallback: PageFallback,
        lazy: component(operatorConsole, 'ConsoleLayout'),
        children: [
          page('admin', component(operatorConsole, 'ConsoleHome')),
          page('adminReports', component(operatorConsole, 'ConsoleReports')),
          page('adminOrganizations', component(operatorConsole, 'ConsoleOrganizations')),
          page('adminOrganization', component(operatorConsole, 'ConsoleOrganization')),
          page('adminUsers', component(operatorConsole, 'ConsoleUsers')),
          page('adminUser', component(operatorConsole, 'ConsoleUser')),
          page('adminPayments', component(operatorConsole, 'ConsolePayments')),
          page('adminEmail', component(operatorConsole, 'ConsoleEmail')),
          page('adminNewsletter', component(operatorConsole, 'ConsoleNewsletter')),
          page('adminSavedSearches', component(operatorConsole, 'ConsoleSavedSearches')),
          page('adminAudit', component(operatorConsole, 'ConsoleAudit')),
          page('adminWebhooks', component(operatorConsole, 'ConsoleWebhooks')),
          page('adminWebhook', component(operatorConsole, 'ConsoleWebhook')),
        ],
      },
    ]),
  ];
}
