import { describe, expect, it } from 'vitest';
import { loadConfig } from '../src/config.ts';

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
    expect(loadConfig({ NODE_ENV: 'production', TEST_CHECKOUT_IN_PRODUCTION: 'on' }).NODE_ENV).toBe(
      'production',
    );
    const live = { STRIPE_SECRET_KEY: 'rk_live_1', STRIPE_WEBHOOK_SECRET: 'whsec_1' };
    expect(loadConfig({ NODE_ENV: 'production', ...live }).STRIPE_SECRET_KEY).toBe('rk_live_1');
  });
});
