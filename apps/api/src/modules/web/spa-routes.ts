import { pageDescriptions } from '@si/contracts';

/**
 * The paths the web app answers (docs/product.md#route-access and docs/product.md#account-area), with the
 * title the server puts in the HTML before the app sets its own, and the page's own meta
 * description. Anything else is a 404 page.
 * The public ones are rendered on the server (with /, the profiles and the 404 page); the
 * account pages render in the browser.
 */
const spaRoutes: {
  pattern: RegExp;
  title: string;
  description: string;
  serverRendered?: true;
}[] = [
  {
    pattern: /^\/about$/,
    title: 'About',
    description: pageDescriptions.about,
    serverRendered: true,
  },
  {
    pattern: /^\/contact$/,
    title: 'Contact',
    description: pageDescriptions.contact,
    serverRendered: true,
  },
  { pattern: /^\/faq$/, title: 'FAQ', description: pageDescriptions.faq, serverRendered: true },
  {
    pattern: /^\/privacy$/,
    title: 'Privacy Policy',
    description: pageDescriptions.privacy,
    serverRendered: true,
  },
  { pattern: /^\/login$/, title: 'Log In', description: pageDescriptions.login },
  { pattern: /^\/signup$/, title: 'Sign Up', description: pageDescriptions.signup },
  {
    pattern: /^\/forgot-password$/,
    title: 'Reset your password',
    description: pageDescriptions.passwordReset,
  },
  {
    pattern: /^\/reset-password$/,
    title: 'Set a new password',
    description: pageDescriptions.passwordReset,
  },
  {
    pattern: /^\/verify-email$/,
    title: 'Verify Email',
    description: pageDescriptions.emailVerification,
  },
  {
    pattern: /^\/verify-email-required$/,
    title: 'Email Verification Required',
    description: pageDescriptions.emailVerification,
  },
  { pattern: /^\/profile$/, title: 'Dashboard', description: pageDescriptions.account },
  {
    pattern: /^\/dashboard(\/organizations|\/settings)?$/,
    title: 'Dashboard',
    description: pageDescriptions.account,
  },
  {
    pattern: /^\/submit-organization$/,
    title: 'Submit Organization',
    description: pageDescriptions.account,
  },
  { pattern: /^\/organizations$/, title: 'Organizations', description: pageDescriptions.home },
  {
    pattern: /^\/organizations\/[^/]+\/edit$/,
    title: 'Edit Organization',
    description: pageDescriptions.account,
  },
  {
    pattern: /^\/payments\/select\/[^/]+$/,
    title: 'Select a Subscription Plan',
    description: pageDescriptions.account,
  },
  {
    pattern: /^\/payments\/canceled$/,
    title: 'Payment Canceled',
    description: pageDescriptions.account,
  },
  {
    pattern: /^\/payments\/test-checkout\/[^/]+$/,
    title: 'Test Checkout',
    description: pageDescriptions.account,
  },
];

export function spaRoute(
  path: string,
): { title: string; description: string; serverRendered: boolean } | null {
  const normalized = path.length > 1 ? path.replace(/\/+$/, '') : path;
  const route = spaRoutes.find(({ pattern }) => pattern.test(normalized));
  return route
    ? {
        title: route.title,
        description: route.description,
        serverRendered: route.serverRendered ?? false,
      }
    : null;
}

export const organizationPath = /^\/organizations\/([^/]+)\/?$/;
