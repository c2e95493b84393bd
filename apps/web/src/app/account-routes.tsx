import type { ComponentType } from 'react';
import type { RouteObject } from 'react-router';
import type { AccessRuleName } from './routes/access';
import { PageFallback } from './routes/page-fallback';

/*
 * The account routes (sign-in, sign-up, password reset, email verification, the dashboard, and
 * the guarded pages of later features). The router discovers them on the first navigation that
 * needs them (router.tsx), so the home page's first load carries none of this table (ADR 006).
 * Their pages load from a few modules: account screens, guards, dashboard, one per
 * organization screen (create, edit) and one for the payment pages.
 */
const accountPages = () => import('./routes/account-pages');
const guardedRoutes = () => import('./routes/guarded-routes');
const dashboardPages = () => import('./routes/dashboard-pages');
const submitOrganization = () => import('./routes/submit-organization');
const editOrganization = () => import('./routes/edit-organization');
const paymentPages = () => import('./routes/payment-pages');

/** route.lazy for a named component of a lazily loaded module. */
function component<Module, Name extends keyof Module>(load: () => Promise<Module>, name: Name) {
  return () => load().then((module) => ({ Component: module[name] as ComponentType }));
}

const page = (path: string, lazy: RouteObject['lazy']): RouteObject => ({
  path,
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
    page('forgot-password', component(accountPages, 'ForgotPasswordPage')),
    page('reset-password', component(accountPages, 'ResetPasswordPage')),
    page('verify-email', component(accountPages, 'VerifyEmailPage')),
    guarded('account', [
      page('verify-email-required', component(accountPages, 'VerifyEmailRequiredRoute')),
    ]),
    guarded('dashboard', [
      {
        HydrateFallback: PageFallback,
        lazy: component(dashboardPages, 'DashboardLayout'),
        children: [
          page('profile', component(dashboardPages, 'DashboardProfile')),
          page('dashboard', component(dashboardPages, 'DashboardProfile')),
          page('dashboard/organizations', component(dashboardPages, 'DashboardOrganizations')),
          page('dashboard/settings', component(dashboardPages, 'DashboardSettings')),
        ],
      },
    ]),
    guarded('create', [
      page('submit-organization', component(submitOrganization, 'SubmitOrganizationPage')),
    ]),
    guarded('edit', [
      page('organizations/:orgId/edit', component(editOrganization, 'EditOrganizationPage')),
    ]),
    guarded('payments', [
      page('payments/select/:orgId', component(paymentPages, 'SelectPlanPage')),
      page('payments/canceled', component(paymentPages, 'PaymentCanceledPage')),
      page('payments/test-checkout/:sessionId', component(paymentPages, 'TestCheckoutPage')),
    ]),
  ];
}
