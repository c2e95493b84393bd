import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SiteInfo } from '@si/contracts';
import { signUp } from './support/accounts.ts';
import { startMailbox, type Mailbox } from './support/mailbox.ts';
import { createTestApp, type TestContext } from './support/test-app.ts';

/** docs/product.md#who-it-is-for: the product is a brand of an education company and a hiring platform. */
describe('parent brands', () => {
  const getSite = async (ctx: TestContext) => {
    const response = await ctx.app.inject({ method: 'GET', url: '/api/site' });
    expect(response.statusCode).toBe(200);
    return (response.json() as { data: SiteInfo }).data;
  };

  describe('on the defaults', () => {
    let ctx: TestContext;
    beforeAll(async () => {
      ctx = await createTestApp();
    });
    afterAll(() => ctx.close());

    it('serves neutral placeholders, no brand names', async () => {
      const site = await getSite(ctx);
      expect(site.parentBrands).toEqual({
        education: { name: 'Example Education Company', url: 'https://education.example.org' },
        hiring: { name: 'Example Hiring Platform', url: 'https://hiring.example.org' },
      });
      // The business hours' time zone (ADR 038), UTC unless SUPPORT_TIME_ZONE names another.
      expect(site.supportTimeZone).toBe('UTC');
    });
  });

  describe('when configured', () => {
    let ctx: TestContext;
    let mailbox: Mailbox;
    beforeAll(async () => {
      mailbox = await startMailbox();
      ctx = await createTestApp({
        SMTP_URL: mailbox.url,
        RATE_LIMITS: 'off',
        PARENT_EDUCATION_NAME: 'Acme & Learning',
        PARENT_EDUCATION_URL: 'https://learn.example.net/',
        PARENT_HIRING_NAME: 'Hirewell',
        PARENT_HIRING_URL: '',
      });
    });
    afterAll(async () => {
      await ctx.close();
      await mailbox.close();
    });

    it('serves the configured names and addresses (an empty address: no link)', async () => {
      const site = await getSite(ctx);
      expect(site.parentBrands).toEqual({
        education: { name: 'Acme & Learning', url: 'https://learn.example.net/' },
        hiring: { name: 'Hirewell', url: null },
      });
    });

    it('says so at the foot of every email, in the text and the HTML part', async () => {
      await signUp(ctx, 'brand@example.com', { verified: false });
      await ctx.app.emailRelay.drain();
      const email = mailbox.latest('brand@example.com', /verify/i);
      expect(email.text).toContain('Scaling Impact is a brand of Acme & Learning and Hirewell.');
      expect(email.html).toContain(
        'Scaling Impact is a brand of <a href="https://learn.example.net/" style="color:#718096">Acme &#38; Learning</a> and Hirewell.',
      );
    });
  });
});
