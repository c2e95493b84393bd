import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { domainVerificationTexts as texts, type VerificationCodeSent } from '@si/contracts';
import { signUp, type Body } from '../support/accounts.ts';
import { createOrganization } from '../support/factories.ts';
import { createTestApp, type TestContext } from '../support/test-app.ts';

type Answer = Body<VerificationCodeSent> & { error?: { fields?: Record<string, string> } };

describe('the address a domain is proved by is an address on that domain (ADR 032)', () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestApp({ RATE_LIMITS: 'off' });
  });
  afterAll(() => ctx.close());

  it('takes only letters, digits and ._+- before the @: no % or other routing characters', async () => {
    const owner = await signUp(ctx, 'address-owner@example.org');
    const id = await createOrganization(ctx.database.db, {
      createdBy: owner.id,
      websiteUrl: 'https://www.address-rules.org/',
    });
    const sendTo = (localPart: string) =>
      owner.browser.post<Answer>(`/api/organizations/${id}/verification/code`, { localPart });

    for (const localPart of [
      'a%evil.example',
      'a!evil.example',
      'evil.example/a',
      "o'hara",
      'a=b',
      'a@b',
      'a b',
      '.hello',
      'hello.',
      'hel..lo',
    ]) {
      const refused = await sendTo(localPart);
      expect(refused.status).toBe(400);
      expect(refused.body.error?.fields?.localPart).toBe(texts.localPartInvalid);
    }

    const sent = await sendTo('first.last+tag_1-x');
    expect(sent.status).toBe(200);
    expect(sent.body.data.email).toBe('first.last+tag_1-x@address-rules.org');
  });
});
