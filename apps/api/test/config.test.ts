import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../src/config.ts';

describe('configuration', () => {
  it('runs on the embedded defaults with nothing set', () => {
    const config = loadConfig({});
    expect(config).toMatchObject({ PORT: 3000, DATA_DIR: './data', LOG_LEVEL: 'info' });
    expect(config.DATABASE_URL).toBeUndefined();
    expect(config.publicUrl).toBe('http://127.0.0.1:3000');
  });

  it('fails loudly, naming the setting, on a bad value', () => {
    expect(() => loadConfig({ PORT: 'eighty' })).toThrow(/PORT/);
    expect(() => loadConfig({ DATABASE_URL: 'mysql://x' })).toThrow(/DATABASE_URL/);
    expect(() => loadConfig({ LOG_LEVEL: 'loud' })).toThrow(/LOG_LEVEL/);
  });

  it('reads on/off switches, so "off" really turns a feature off', () => {
    expect(loadConfig({})).toMatchObject({ RATE_LIMITS: true, PERIODIC_JOBS: true });
    expect(loadConfig({ RATE_LIMITS: 'off', PERIODIC_JOBS: 'off' })).toMatchObject({
      RATE_LIMITS: false,
      PERIODIC_JOBS: false,
    });
    expect(() => loadConfig({ PERIODIC_JOBS: 'maybe' })).toThrow(/PERIODIC_JOBS/);
  });

  it('takes the time zone of the business hours as an IANA name, UTC by default', () => {
    expect(loadConfig({}).SUPPORT_TIME_ZONE).toBe('UTC');
    expect(loadConfig({ SUPPORT_TIME_ZONE: 'Africa/Nairobi' }).SUPPORT_TIME_ZONE).toBe(
      'Africa/Nairobi',
    );
    expect(() => loadConfig({ SUPPORT_TIME_ZONE: 'Mars/Olympus' })).toThrow(/SUPPORT_TIME_ZONE/);
  });

  it('names the parent brands, with neutral placeholders by default', () => {
    expect(loadConfig({}).parentBrands).toEqual({
      education: { name: 'Example Education Company', url: 'https://education.example.org' },
      hiring: { name: 'Example Hiring Platform', url: 'https://hiring.example.org' },
    });
    const configured = loadConfig({
      PARENT_EDUCATION_NAME: ' Acme Learning ',
      PARENT_EDUCATION_URL: 'https://learn.example.net/',
      PARENT_HIRING_NAME: 'Hirewell',
      PARENT_HIRING_URL: '',
    });
    expect(configured.parentBrands).toEqual({
      education: { name: 'Acme Learning', url: 'https://learn.example.net/' },
      hiring: { name: 'Hirewell', url: null },
    });
    expect(() => loadConfig({ PARENT_HIRING_NAME: ' ' })).toThrow(/PARENT_HIRING_NAME/);
    expect(() => loadConfig({ PARENT_EDUCATION_URL: 'javascript:alert(1)' })).toThrow(
      /PARENT_EDUCATION_URL/,
    );
  });

  it('serves in one process unless WEB_CONCURRENCY asks for 1 to 64', () => {
    expect(loadConfig({}).WEB_CONCURRENCY).toBe(1);
    expect(loadConfig({ WEB_CONCURRENCY: '4' }).WEB_CONCURRENCY).toBe(4);
    expect(loadConfig({ WEB_CONCURRENCY: '64' }).WEB_CONCURRENCY).toBe(64);
    for (const bad of ['0', '65', '1.5', 'two', '']) {
      expect(() => loadConfig({ WEB_CONCURRENCY: bad })).toThrow(
        'WEB_CONCURRENCY is a whole number of processes from 1 to 64',
      );
    }
    // Several processes on the embedded database are refused by the server, not the settings:
    // the operator commands read the same environment and run in one process anyway.
    expect(loadConfig({ WEB_CONCURRENCY: '2' }).DATABASE_URL).toBeUndefined();
  });

  it('takes Stripe keys in pairs, and never runs the free test checkout in production by accident', () => {
    expect(() => loadConfig({ STRIPE_SECRET_KEY: 'sk_test_1' })).toThrow(/STRIPE_WEBHOOK_SECRET/);
    expect(() =>
      loadConfig({ STRIPE_SECRET_KEY: 'pk_test_1', STRIPE_WEBHOOK_SECRET: 'whsec_1' }),
    ).toThrow(/STRIPE_SECRET_KEY/);
    expect(() => loadConfig({ NODE_ENV: 'production' })).toThrow(/TEST_CHECKOUT_IN_PRODUCTION/);
    expect(loadConfig({ ...production, TEST_CHECKOUT_IN_PRODUCTION: 'on' }).NODE_ENV).toBe(
      'production',
    );
    const restricted = { ...live, STRIPE_SECRET_KEY: 'rk_live_1' };
    expect(loadConfig({ ...production, ...restricted }).STRIPE_SECRET_KEY).toBe('rk_live_1');
  });

  it("reads Stripe checkout's tax and promotion-code switches: off unless said, and only with Stripe", () => {
    const stripe = { STRIPE_SECRET_KEY: 'sk_test_1', STRIPE_WEBHOOK_SECRET: 'whsec_1' };
    expect(loadConfig(stripe)).toMatchObject({
      STRIPE_AUTOMATIC_TAX: false,
      STRIPE_PROMOTION_CODES: false,
    });
    expect(
      loadConfig({ ...stripe, STRIPE_AUTOMATIC_TAX: 'on', STRIPE_PROMOTION_CODES: 'true' }),
    ).toMatchObject({ STRIPE_AUTOMATIC_TAX: true, STRIPE_PROMOTION_CODES: true });
    expect(() => loadConfig({ ...stripe, STRIPE_AUTOMATIC_TAX: 'yes' })).toThrow(
      /STRIPE_AUTOMATIC_TAX/,
    );
    expect(() => loadConfig({ ...stripe, STRIPE_PROMOTION_CODES: 'enabled' })).toThrow(
      /STRIPE_PROMOTION_CODES/,
    );
    // On the built-in test checkout they would silently do nothing: refused, each named.
    const refused = (() => {
      try {
        loadConfig({ STRIPE_AUTOMATIC_TAX: 'on', STRIPE_PROMOTION_CODES: 'on' });
      } catch (error) {
        return (error as ConfigError).problems;
      }
      return [];
    })();
    expect(refused).toEqual([
      expect.stringMatching(/^STRIPE_AUTOMATIC_TAX: on without STRIPE_SECRET_KEY/),
      expect.stringMatching(/^STRIPE_PROMOTION_CODES: on without STRIPE_SECRET_KEY/),
    ]);
    expect(loadConfig({ STRIPE_AUTOMATIC_TAX: 'off' }).STRIPE_AUTOMATIC_TAX).toBe(false);
  });
});

/** Everything a production server needs besides payments: mail, a sender, its https address. */
const production = {
  NODE_ENV: 'production',
  SMTP_URL: 'smtps://mailer:secret@smtp.mail-provider.net:465',
  EMAIL_FROM: 'Scaling Impact <no-reply@scalingimpact.org>',
  SUPPORT_EMAIL: 'support@scalingimpact.org',
  PUBLIC_URL: 'https://scalingimpact.org',
};
const live = {
  STRIPE_SECRET_KEY: 'sk_live_1',
  STRIPE_WEBHOOK_SECRET: 'whsec_1',
  STRIPE_PRICE_MONTHLY: 'price_monthly',
  STRIPE_PRICE_ANNUAL: 'price_annual',
};

/** The one line of the refusal that names `setting`, or undefined when it was not refused. */
function refusalOf(env: Record<string, string | undefined>, setting: string): string | undefined {
  try {
    loadConfig(env);
  } catch (error) {
    if (!(error instanceof ConfigError)) throw error;
    return error.problems.find((problem) => problem.startsWith(`${setting}: `));
  }
  return undefined;
}

describe('a production start (NODE_ENV=production)', () => {
  it('starts on live Stripe keys, SMTP, a sender at a real domain and an https address', () => {
    const config = loadConfig({ ...production, ...live });
    expect(config).toMatchObject({
      NODE_ENV: 'production',
      publicUrl: 'https://scalingimpact.org',
    });
  });

  it("requires Stripe's price ids of both plans (checked against Stripe at start)", () => {
    const message = (name: string) =>
      `${name}: required with NODE_ENV=production and Stripe (the price id of the plan in Stripe's dashboard, checked at start to charge what the plan page says)`;
    for (const name of ['STRIPE_PRICE_MONTHLY', 'STRIPE_PRICE_ANNUAL']) {
      expect(refusalOf({ ...production, ...live, [name]: undefined }, name)).toBe(message(name));
      // A demo on Stripe's test keys charges the configured prices too.
      const demo = { ...production, ...live, STRIPE_SECRET_KEY: 'sk_test_1', [name]: undefined };
      expect(refusalOf({ ...demo, TEST_CHECKOUT_IN_PRODUCTION: 'on' }, name)).toBe(message(name));
    }
    // Without Stripe (a demo on the built-in test checkout) there is no price to name.
    expect(
      refusalOf({ ...production, TEST_CHECKOUT_IN_PRODUCTION: 'on' }, 'STRIPE_PRICE_MONTHLY'),
    ).toBeUndefined();
    // Outside production checkouts make their own prices.
    expect(
      loadConfig({ STRIPE_SECRET_KEY: 'sk_test_1', STRIPE_WEBHOOK_SECRET: 'whsec_1' }),
    ).toBeTruthy();
  });

  it('refuses a Stripe test key, unless TEST_CHECKOUT_IN_PRODUCTION says it is a demo', () => {
    for (const key of ['sk_test_1', 'rk_test_1']) {
      const test = { ...production, ...live, STRIPE_SECRET_KEY: key };
      expect(refusalOf(test, 'STRIPE_SECRET_KEY')).toBe(
        'STRIPE_SECRET_KEY: a test key with NODE_ENV=production (test cards would publish profiles for free); use a live key; set TEST_CHECKOUT_IN_PRODUCTION=on for a demo deployment',
      );
      expect(loadConfig({ ...test, TEST_CHECKOUT_IN_PRODUCTION: 'on' }).STRIPE_SECRET_KEY).toBe(
        key,
      );
      // Outside production a test key is what development and staging run on.
      expect(loadConfig({ ...test, NODE_ENV: 'development' }).STRIPE_SECRET_KEY).toBe(key);
    }
  });

  it('refuses to start without SMTP_URL: nobody could verify an account', () => {
    expect(refusalOf({ ...production, ...live, SMTP_URL: undefined }, 'SMTP_URL')).toBe(
      'SMTP_URL: required with NODE_ENV=production (without it emails only go to the log, so nobody can verify an account or reset a password)',
    );
    expect(loadConfig({ ...live, SMTP_URL: undefined }).SMTP_URL).toBeUndefined();
  });

  it('refuses a sender at a domain reserved for examples, the default included', () => {
    const reserved = [
      ['Scaling Impact <no-reply@example.org>', 'example.org'],
      ['no-reply@example.com', 'example.com'],
      ['Mail <mail@news.EXAMPLE.net>', 'news.example.net'],
      ['a@shop.example', 'shop.example'],
      ['a@mail.test', 'mail.test'],
      ['a@host.invalid.', 'host.invalid'],
      ['a@localhost', 'localhost'],
    ];
    for (const [from, domain] of reserved) {
      expect(refusalOf({ ...production, ...live, EMAIL_FROM: from }, 'EMAIL_FROM')).toBe(
        `EMAIL_FROM: ${domain} is reserved for examples, so mail from it is not delivered; use an address at your own domain`,
      );
    }
    expect(refusalOf({ ...production, ...live, EMAIL_FROM: undefined }, 'EMAIL_FROM')).toMatch(
      /example\.org is reserved/,
    );
    expect(refusalOf({ ...production, ...live, EMAIL_FROM: 'Scaling Impact' }, 'EMAIL_FROM')).toBe(
      'EMAIL_FROM: not an email address (Name <address@your-domain> or an address)',
    );
    // Only the reserved names themselves: a domain that merely contains "example" is real.
    for (const from of ['a@myexample.org', 'a@example.org.uk', 'a@examples.com', 'a@test.org']) {
      expect(loadConfig({ ...production, ...live, EMAIL_FROM: from }).EMAIL_FROM).toBe(from);
    }
  });

  it('refuses a support address at an example domain (every page shows it; every email replies to it)', () => {
    expect(
      refusalOf({ ...production, ...live, SUPPORT_EMAIL: 'help@example.com' }, 'SUPPORT_EMAIL'),
    ).toBe(
      "SUPPORT_EMAIL: example.com is reserved for examples, so visitors' and owners' replies would be lost; use an address at your own domain",
    );
    expect(refusalOf({ ...production, ...live }, 'SUPPORT_EMAIL')).toBeUndefined();
  });

  it('refuses an http or missing PUBLIC_URL, but not one on the machine itself', () => {
    expect(
      refusalOf({ ...production, ...live, PUBLIC_URL: 'http://scalingimpact.org' }, 'PUBLIC_URL'),
    ).toBe(
      'PUBLIC_URL: must be https with NODE_ENV=production (session cookies are Secure only on https); http is for localhost only',
    );
    expect(refusalOf({ ...production, ...live, PUBLIC_URL: undefined }, 'PUBLIC_URL')).toBe(
      "PUBLIC_URL: required with NODE_ENV=production (links in emails, sitemaps and Stripe's return pages are built from it)",
    );
    for (const local of ['http://localhost:3000', 'http://127.0.0.1:8080/', 'http://[::1]:3000']) {
      expect(loadConfig({ ...production, ...live, PUBLIC_URL: local }).NODE_ENV).toBe('production');
    }
    // A name that only starts like one is elsewhere.
    expect(
      refusalOf({ ...production, ...live, PUBLIC_URL: 'http://localhost.evil.org' }, 'PUBLIC_URL'),
    ).toMatch(/must be https/);
  });

  it('names every refused setting at once, a line each', () => {
    expect(() => loadConfig({ NODE_ENV: 'production' })).toThrow(
      [
        'Invalid configuration (see .env.example):',
        '  STRIPE_SECRET_KEY: required with NODE_ENV=production (the built-in test checkout publishes for free); set TEST_CHECKOUT_IN_PRODUCTION=on for a demo deployment',
        '  SMTP_URL: required with NODE_ENV=production (without it emails only go to the log, so nobody can verify an account or reset a password)',
        '  EMAIL_FROM: example.org is reserved for examples, so mail from it is not delivered; use an address at your own domain',
        "  SUPPORT_EMAIL: example.org is reserved for examples, so visitors' and owners' replies would be lost; use an address at your own domain",
        "  PUBLIC_URL: required with NODE_ENV=production (links in emails, sitemaps and Stripe's return pages are built from it)",
      ].join('\n'),
    );
  });

  it('seeds no demo data unless DEMO_DATA says so; elsewhere it does unless told not to', () => {
    expect(loadConfig({ ...production, ...live }).DEMO_DATA).toBe(false);
    expect(loadConfig({ ...production, ...live, DEMO_DATA: 'on' }).DEMO_DATA).toBe(true);
    expect(loadConfig({}).DEMO_DATA).toBe(true);
    expect(loadConfig({ NODE_ENV: 'test' }).DEMO_DATA).toBe(true);
    expect(loadConfig({ DEMO_DATA: 'off' }).DEMO_DATA).toBe(false);
  });
});
