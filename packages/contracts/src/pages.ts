import type { pageDescriptions } from './page-texts.ts';

/** One page of the web app. */
export interface PageEntry {
  /** React Router's path: ':name' is a parameter, '*' every path no other page has. */
  path: string;
  /**
   * The title the server puts in the HTML before the app sets its own (with the site's suffix);
   * null where the server writes the head from the page's data (home, profiles, not found).
   */
  title: string | null;
  /** The page's meta description, named in pageDescriptions (null: written from its data). */
  description: keyof typeof pageDescriptions | null;
  /** Rendered on the server (the public pages); the others render in the browser. */
  serverRendered: boolean;
  /** The lazy module of apps/web/src/app/routes/ that holds the page (null: a redirect). */
  module: string | null;
}

/**
 * Every page of the web app, once. The web app's route table takes its paths from here, the
 * server-side renderer its modules, and the API's page serving its titles, descriptions and which
 * pages it renders; a web test checks the route table against this list. Paths, not texts, so the
 * home page's first load carries little (the descriptions stay in page-texts.ts).
 */
export const pages = {
  home: {
    path: '/',
    title: null,
    description: null,
    serverRendered: true,
    module: 'home',
  },
  organizations: {
    path: '/organizations',
    title: 'Organizations',
    description: 'home',
    serverRendered: false,
    module: null,
  },
  organization: {
    path: '/organizations/:orgId',
    title: null,
    description: null,
    serverRendered: true,
    module: 'organization-detail',
  },
  role: {
    path: '/organizations/:orgId/roles/:roleId',
    title: null,
    description: null,
    serverRendered: true,
    module: 'role-detail',
  },
  roles: {
    path: '/roles',
    title: 'Open roles',
    description: 'roles',
    serverRendered: true,
    module: 'roles',
  },
  about: {
    path: '/about',
    title: 'About',
    description: 'about',
    serverRendered: true,
    module: 'about',
  },
  contact: {
    path: '/contact',
    title: 'Contact',
    description: 'contact',
    serverRendered: true,
    module: 'contact',
  },
  faq: { path: '/faq', title: 'FAQ', description: 'faq', serverRendered: true, module: 'faq' },
  privacy: {
    path: '/privacy',
    title: 'Privacy Policy',
    description: 'privacy',
    serverRendered: true,
    module: 'privacy',
  },
  login: {
    path: '/login',
    title: 'Log In',
    description: 'login',
    serverRendered: false,
    module: 'account-pages',
  },
  signup: {
    path: '/signup',
    title: 'Sign Up',
    description: 'signup',
    serverRendered: false,
    module: 'account-pages',
  },
  forgotPassword: {
    path: '/forgot-password',
    title: 'Reset your password',
    description: 'passwordReset',
    serverRendered: false,
    module: 'account-pages',
  },
  resetPassword: {
    path: '/reset-password',
    title: 'Set a new password',
    description: 'passwordReset',
    serverRendered: false,
    module: 'account-pages',
  },
  verifyEmail: {
    path: '/verify-email',
    title: 'Verify Email',
    description: 'emailVerification',
    serverRendered: false,
    module: 'account-pages',
  },
  verifyEmailRequired: {
    path: '/verify-email-required',
    title: 'Email Verification Required',
    description: 'emailVerification',
    serverRendered: false,
    module: 'account-pages',
  },
  profile: {
    path: '/profile',
    title: 'Dashboard',
    description: 'account',
    serverRendered: false,
    module: 'dashboard-pages',
  },
  dashboard: {
    path: '/dashboard',
    title: 'Dashboard',
    description: 'account',
    serverRendered: false,
    module: 'dashboard-pages',
  },
  dashboardOrganizations: {
    path: '/dashboard/organizations',
    title: 'Dashboard',
    description: 'account',
    serverRendered: false,
    module: 'dashboard-pages',
  },
  unsubscribed: {
    path: '/unsubscribed',
    title: 'Unsubscribed',
    description: 'account',
    serverRendered: false,
    module: 'account-pages',
  },
  invitation: {
    path: '/invitations/:token',
    title: 'Invitation',
    description: 'account',
    serverRendered: false,
    module: 'account-pages',
  },
  newsletterConfirm: {
    path: '/newsletter/confirm',
    title: 'Confirm your subscription',
    description: 'newsletter',
    serverRendered: false,
    module: 'account-pages',
  },
  dashboardInsights: {
    path: '/dashboard/organizations/:orgId/insights',
    title: 'Insights',
    description: 'account',
    serverRendered: false,
    module: 'dashboard-pages',
  },
  dashboardRoles: {
    path: '/dashboard/organizations/:orgId/roles',
    title: 'Open roles and milestones',
    description: 'account',
    serverRendered: false,
    module: 'dashboard-roles',
  },
  dashboardActivity: {
    path: '/dashboard/organizations/:orgId/activity',
    title: 'Activity',
    description: 'account',
    serverRendered: false,
    module: 'dashboard-activity',
  },
  dashboardMembers: {
    path: '/dashboard/organizations/:orgId/members',
    title: 'Members',
    description: 'account',
    serverRendered: false,
    module: 'dashboard-members',
  },
  dashboardSavedSearches: {
    path: '/dashboard/saved-searches',
    title: 'Saved searches',
    description: 'account',
    serverRendered: false,
    module: 'dashboard-pages',
  },
  dashboardApiKeys: {
    path: '/dashboard/api-keys',
    title: 'API keys',
    description: 'account',
    serverRendered: false,
    module: 'dashboard-api-keys',
  },
  dashboardSettings: {
    path: '/dashboard/settings',
    title: 'Dashboard',
    description: 'account',
    serverRendered: false,
    module: 'dashboard-pages',
  },
  submitOrganization: {
    path: '/submit-organization',
    title: 'Submit Organization',
    description: 'account',
    serverRendered: false,
    module: 'submit-organization',
  },
  editOrganization: {
    path: '/organizations/:orgId/edit',
    title: 'Edit Organization',
    description: 'account',
    serverRendered: false,
    module: 'edit-organization',
  },
  selectPlan: {
    path: '/payments/select/:orgId',
    title: 'Select a Subscription Plan',
    description: 'account',
    serverRendered: false,
    module: 'payment-pages',
  },
  paymentCanceled: {
    path: '/payments/canceled',
    title: 'Payment Canceled',
    description: 'account',
    serverRendered: false,
    module: 'payment-pages',
  },
  testCheckout: {
    path: '/payments/test-checkout/:sessionId',
    title: 'Test Checkout',
    description: 'account',
    serverRendered: false,
    module: 'payment-pages',
  },
  admin: {
    path: '/admin',
    title: 'Operator console',
    description: 'console',
    serverRendered: false,
    module: 'operator-console',
  },
  adminReports: {
    path: '/admin/reports',
    title: 'Console: Reports',
    description: 'console',
    serverRendered: false,
    module: 'operator-console',
  },
  adminOrganizations: {
    path: '/admin/organizations',
    title: 'Console: Organizations',
    description: 'console',
    serverRendered: false,
    module: 'operator-console',
  },
  adminOrganization: {
    path: '/admin/organizations/:orgId',
    title: 'Console: Organization',
    description: 'console',
    serverRendered: false,
    module: 'operator-console',
  },
  adminSavedSearches: {
    path: '/admin/saved-searches',
    title: 'Console: Saved searches',
    description: 'console',
    serverRendered: false,
    module: 'operator-console',
  },
  adminAudit: {
    path: '/admin/audit',
    title: 'Console: Audit log',
    description: 'console',
    serverRendered: false,
    module: 'operator-console',
  },
  adminUsers: {
    path: '/admin/users',
    title: 'Console: Users',
    description: 'console',
    serverRendered: false,
    module: 'operator-console',
  },
  adminUser: {
    path: '/admin/users/:userId',
    title: 'Console: User',
    description: 'console',
    serverRendered: false,
    module: 'operator-console',
  },
  adminPayments: {
    path: '/admin/payments',
    title: 'Console: Payments',
    description: 'console',
    serverRendered: false,
    module: 'operator-console',
  },
  adminEmail: {
    path: '/admin/email',
    title: 'Console: Email',
    description: 'console',
    serverRendered: false,
    module: 'operator-console',
  },
  adminNewsletter: {
    path: '/admin/newsletter',
    title: 'Console: Newsletter',
    description: 'console',
    serverRendered: false,
    module: 'operator-console',
  },
  adminWebhooks: {
    path: '/admin/webhooks',
    title: 'Console: Webhooks',
    description: 'console',
    serverRendered: false,
    module: 'operator-console',
  },
  adminWebhook: {
    path: '/admin/webhooks/:endpointId',
    title: 'Console: Webhook endpoint',
    description: 'console',
    serverRendered: false,
    module: 'operator-console',
  },
  'not-found': {
    path: '*',
    title: null,
    description: null,
    serverRendered: true,
    module: 'not-found',
  },
} as const satisfies Record<string, PageEntry>;

export type PageId = keyof typeof pages;

/** A page's path as a child route of the layout (no leading '/'). */
export const routePath = (id: PageId): string => pages[id].path.replace(/^\//, '');
