/**
 * The paths the web app answers (SPEC.md section 2 and DECISIONS.md 'Dashboard'), with the
 * title the server puts in the HTML before the app sets its own. Anything else is a 404 page.
 */
const spaRoutes: { pattern: RegExp; title: string }[] = [
  { pattern: /^\/about$/, title: 'About' },
  { pattern: /^\/contact$/, title: 'Contact' },
  { pattern: /^\/faq$/, title: 'FAQ' },
  { pattern: /^\/privacy$/, title: 'Privacy Policy' },
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

export function spaRouteTitle(path: string): string | null {
  const normalized = path.length > 1 ? path.replace(/\/+$/, '') : path;
  return spaRoutes.find((route) => route.pattern.test(normalized))?.title ?? null;
}

export const organizationPath = /^\/organizations\/([^/]+)\/?$/;
