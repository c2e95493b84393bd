/** The settings a production start checks (config.ts parses them). */
export interface ProductionSettings {
  STRIPE_SECRET_KEY?: string | undefined;
  STRIPE_PRICE_MONTHLY?: string | undefined;
  STRIPE_PRICE_ANNUAL?: string | undefined;
  TEST_CHECKOUT_IN_PRODUCTION: boolean;
  SMTP_URL?: string | undefined;
  EMAIL_FROM: string;
  SUPPORT_EMAIL: string;
  PUBLIC_URL?: string | undefined;
  WEBHOOKS_ALLOW_HTTP: boolean;
  WEBHOOKS_ALLOW_PRIVATE_ADDRESSES: boolean;
}

/**
 * Mail domains reserved for examples and tests (RFC 2606): nobody receives mail from them, and
 * providers treat such a sender as spam, so verification and reset emails would not arrive.
 */
const reservedMailDomains = ['example.com', 'example.net', 'example.org'];
const reservedTopLevelDomains = ['example', 'test', 'invalid', 'localhost'];
const isReservedMailDomain = (domain: string) =>
  reservedMailDomains.some((reserved) => domain === reserved || domain.endsWith(`.${reserved}`)) ||
  reservedTopLevelDomains.includes(domain.split('.').at(-1)!);
/** The domain of `Name <address>` or a bare address; null when there is no address. */
function mailDomainOf(from: string): string | null {
  const address = /<([^<>]*)>\s*$/.exec(from)?.[1] ?? from;
  const at = address.lastIndexOf('@');
  const domain =
    at > 0
      ? address
          .slice(at + 1)
          .trim()
          .toLowerCase()
          .replace(/\.$/, '')
      : '';
  return domain || null;
}

/** Hosts where http is fine: a trial on the machine itself, where no cookie crosses a network. */
const localHosts = ['localhost', '127.0.0.1', '[::1]'];

/**
 * What a production server refuses to start on (README, Payments): settings that would take no
 * money, send no mail, or leave session cookies without Secure. A line naming the setting each.
 * The Stripe prices are checked against Stripe itself when the server starts (server.ts).
 */
export function productionProblems(config: ProductionSettings): string[] {
  const problems: string[] = [];
  const demo = '; set TEST_CHECKOUT_IN_PRODUCTION=on for a demo deployment';
  if (!config.STRIPE_SECRET_KEY && !config.TEST_CHECKOUT_IN_PRODUCTION) {
    problems.push(
      `STRIPE_SECRET_KEY: required with NODE_ENV=production (the built-in test checkout publishes for free)${demo}`,
    );
  }
  if (
    /^(sk|rk)_test_/.test(config.STRIPE_SECRET_KEY ?? '') &&
    !config.TEST_CHECKOUT_IN_PRODUCTION
  ) {
    problems.push(
      `STRIPE_SECRET_KEY: a test key with NODE_ENV=production (test cards would publish profiles for free); use a live key${demo}`,
    );
  }
  // Production charges the prices set up in Stripe's dashboard, which the start checks against
  // the plans (server.ts); checkouts that name their own amounts are for development.
  if (config.STRIPE_SECRET_KEY) {
    for (const name of ['STRIPE_PRICE_MONTHLY', 'STRIPE_PRICE_ANNUAL'] as const) {
      if (!config[name]) {
        problems.push(
          `${name}: required with NODE_ENV=production and Stripe (the price id of the plan in Stripe's dashboard, checked at start to charge what the plan page says)`,
        );
      }
    }
  }
  if (!config.SMTP_URL) {
    problems.push(
      'SMTP_URL: required with NODE_ENV=production (without it emails only go to the log, so nobody can verify an account or reset a password)',
    );
  }
  const fromDomain = mailDomainOf(config.EMAIL_FROM);
  if (!fromDomain) {
    problems.push('EMAIL_FROM: not an email address (Name <address@your-domain> or an address)');
  } else if (isReservedMailDomain(fromDomain)) {
    problems.push(
      `EMAIL_FROM: ${fromDomain} is reserved for examples, so mail from it is not delivered; use an address at your own domain`,
    );
  }
  // Shown on every page as the contact address and set as every email's Reply-To.
  const supportDomain = mailDomainOf(config.SUPPORT_EMAIL);
  if (supportDomain && isReservedMailDomain(supportDomain)) {
    problems.push(
      `SUPPORT_EMAIL: ${supportDomain} is reserved for examples, so visitors' and owners' replies would be lost; use an address at your own domain`,
    );
  }
  if (!config.PUBLIC_URL) {
    problems.push(
      "PUBLIC_URL: required with NODE_ENV=production (links in emails, sitemaps and Stripe's return pages are built from it)",
    );
  } else {
    const url = new URL(config.PUBLIC_URL);
    if (url.protocol !== 'https:' && !localHosts.includes(url.hostname)) {
      problems.push(
        'PUBLIC_URL: must be https with NODE_ENV=production (session cookies are Secure only on https); http is for localhost only',
      );
    }
  }
  for (const hatch of ['WEBHOOKS_ALLOW_HTTP', 'WEBHOOKS_ALLOW_PRIVATE_ADDRESSES'] as const) {
    if (config[hatch]) {
      problems.push(
        `${hatch}: for tests and local set-ups only; with NODE_ENV=production webhooks go only to https and public addresses`,
      );
    }
  }
  return problems;
}
