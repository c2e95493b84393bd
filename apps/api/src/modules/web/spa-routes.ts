/**
 * The paths the web app answers (SPEC.md section 2 and DECISIONS.md 'Dashboard'), with the
 * title the server puts in the HTML before the app sets its own. Anything else is a 404 page.
 * The public ones are rendered on the server (with /, the profiles and the 404 page); the
 * account pages render in the browser.
 */
const spaRoutes: { pattern: RegExp; title: string; serverRendered?: true }[] = [
  { pattern: /^\/about$/, title: 'About', serverRendered: true },
  { pattern: /^\/contact$/, title: 'Contact', serverRendered: true },
  { pattern: /^\/faq$/, title: 'FAQ', serverRendered: true },
  { pattern: /^\/privacy$/, title: 'Privacy Policy', serverRendered: true },
  { pattern: /^\/login$/, title: 'Log In' },
  { pattern: /^\/signup$/, title: 'Sign Up' },
  { pattern: /^\/forgot-password$/, title: 'Reset your password' },
  { pattern: /^\/reset-password$/, title: 'Set a new password' },
  { pattern: /^\/verify-email$/, title: 'Verify Email' },
  { pattern: /^\/verify-email-required$/, title: 'Email Verification Required' },
  { pattern: /^\/profile$/, title: 'Dashboard' },
  { pattern: /^\/dashboard(\/organizations|\/settings)?$/, title: 'Dashboard' },
  { pattern: /^\/submit-organization$/, title: 'Submit Organization' },
  { pattern: /^\/organizations$/, title: 'Organizations' },
  { pattern: /^\/organizations\/[^/]+\/edit$/, title: 'Edit Organization' },
  { pattern: /^\/payments\/select\/[^/]+$/, title: 'Select a Subscription Plan' },
  { pattern: /^\/payments\/canceled$/, title: 'Payment Canceled' },
  { pattern: /^\/payments\/test-checkout\/[^/]+$/, title: 'Test Checkout' },
];

export function spaRoute(path: string): { title: string; serverRendered: boolean } | null {
  const normalized = path.length > 1 ? path.replace(/\/+$/, '') : path;
  const route = spaRoutes.find(({ pattern }) => pattern.test(normalized));
  return route ? { title: route.title, serverRendered: route.serverRendered ?? false } : null;
}

export const organizationPath = /^\/organizations\/([^/]+)\/?$/;
