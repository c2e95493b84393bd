import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  domainVerificationTexts as texts,
  type AdminOrganizationDetail,
  type Category,
  type CategoryGroup,
  type Organization,
  type OrganizationSummary,
  type VerificationCodeSent,
} from '@si/contracts';
import { signUp, type Body } from './support/accounts.ts';
import type { Agent } from './support/browser-agent.ts';
import { createOrganization } from './support/factories.ts';
import { startMailbox, type Mailbox } from './support/mailbox.ts';
import { signUpOperator } from './support/operators.ts';
import { saveProfile } from './support/profile-saves.ts';
import { createTestApp, type TestContext } from './support/test-app.ts';

let ctx: TestContext;
let mailbox: Mailbox;
let owner: { browser: Agent; id: string; email: string };
let accounts = 0;

beforeAll(async () => {
  mailbox = await startMailbox();
  ctx = await createTestApp({ SMTP_URL: mailbox.url, RATE_LIMITS: 'off' });
}, 60_000);

// Each test's owner is new: an account sends at most 5 codes an hour.
beforeEach(async () => {
  owner = await newOwner();
});

afterAll(async () => {
  await ctx?.close();
  await mailbox?.close();
});

/** A published organization of `who` whose website is on `domain`. */
function organizationOn(domain: string, who = owner, name = `Badge Trust ${domain}`) {
  return createOrganization(ctx.database.db, {
    name,
    createdBy: who.id,
    websiteUrl: `https://www.${domain}/about`,
  });
}

async function newOwner() {
  accounts += 1;
  const email = `badge-owner-${accounts}@example.org`;
  return { ...(await signUp(ctx, email)), email };
}

const sendCode = (id: string, localPart = 'hello', as = owner) =>
  as.browser.post<Body<VerificationCodeSent>>(`/api/organizations/${id}/verification/code`, {
    localPart,
  });
const enterCode = (id: string, code: string, as = owner) =>
  as.browser.post<Body<{ domain: string; verifiedAt: string }>>(
    `/api/organizations/${id}/verification`,
    { code },
  );

/** The code in the newest email to `address`, as the owner reads it. */
async function codeSentTo(address: string): Promise<string> {
  await ctx.app.emailRelay.drain();
  const email = mailbox.latest(address, /Your code to verify/);
  const code = /Your code is (\d{6})\./.exec(email.text)?.[1];
  if (!code) throw new Error(`no code in: ${email.text}`);
  return code;
}

const wrongCodeFor = (code: string) => String((Number(code) + 1) % 1_000_000).padStart(6, '0');

async function badgeOf(id: string) {
  const answer = await ctx.app.inject({ method: 'GET', url: `/api/organizations/${id}` });
  return (JSON.parse(answer.body) as Body<Organization>).data.verification;
}

async function listed(query: string) {
  const answer = await ctx.app.inject({ method: 'GET', url: `/api/organizations?${query}` });
  expect(answer.statusCode, answer.body).toBe(200);
  return JSON.parse(answer.body) as {
    data: OrganizationSummary[];
    meta: { total: number; verified: number; facets: Record<string, number> };
  };
}

describe('proving a website domain', () => {
  it('sends a code to the address on the saved domain; the right code gives the badge everywhere', async () => {
    const id = await organizationOn('riverkeepers-badge.org');
    const sent = await sendCode(id, 'hello');
    expect(sent.status).toBe(200);
    expect(sent.body.data.email).toBe('hello@riverkeepers-badge.org');
    const expiresIn = Date.parse(sent.body.data.expiresAt) - Date.now();
    expect(expiresIn).toBeGreaterThan(29 * 60_000);
    expect(expiresIn).toBeLessThanOrEqual(30 * 60_000);
    const code = await codeSentTo('hello@riverkeepers-badge.org');

    // What is stored is not the code.
    const stored = (await ctx.database.db.execute(
      sql`select code_hash from domain_verification_codes where organization_id = ${id}`,
    )) as unknown as { rows: { code_hash: string }[] };
    expect(stored.rows).toHaveLength(1);
    expect(stored.rows[0]!.code_hash).not.toContain(code);

    const entered = await enterCode(id, ` ${code} `);
    expect(entered.status, JSON.stringify(entered.body)).toBe(200);
    expect(entered.body.data.domain).toBe('riverkeepers-badge.org');

    expect(await badgeOf(id)).toEqual(entered.body.data);
    const page = await listed('q=riverkeepers');
    expect(page.data.map((item) => item.verification)).toEqual([entered.body.data]);
    expect(page.meta).toMatchObject({ total: 1, verified: 1 });
    // The profile's page carries it in its JSON-LD, as schema.org's certification.
    const html = (await ctx.app.inject({ method: 'GET', url: `/organizations/${id}` })).body;
    const jsonLd = /<script type="application\/ld\+json">(.*?)<\/script>/s.exec(html)?.[1];
    expect(JSON.parse(jsonLd!).hasCertification).toMatchObject({
      '@type': 'Certification',
      name: 'Verified',
      certificationIdentification: 'riverkeepers-badge.org',
      validFrom: entered.body.data.verifiedAt,
    });

    // Single use: the same code again finds no open code.
    const again = await enterCode(id, code);
    expect(again.status).toBe(409);
    expect(again.body.error?.message).toBe(texts.noCode);
  });

  it('counts wrong codes, says how many attempts are left, and closes the code at the fifth', async () => {
    const id = await organizationOn('wrong-codes.org');
    expect((await sendCode(id)).status).toBe(200);
    const code = await codeSentTo('hello@wrong-codes.org');
    const wrong = wrongCodeFor(code);
    for (let left = 4; left >= 1; left -= 1) {
      const answer = await enterCode(id, wrong);
      expect(answer.status).toBe(400);
      expect(answer.body.error).toMatchObject({
        code: 'VALIDATION_FAILED',
        message: texts.wrongCode(left),
      });
    }
    const fifth = await enterCode(id, wrong);
    expect(fifth.status).toBe(409);
    expect(fifth.body.error?.message).toBe(texts.attemptsUsed);
    // Even the right code is no use now: a new one must be sent.
    const right = await enterCode(id, code);
    expect(right.status).toBe(409);
    expect(right.body.error?.message).toBe(texts.noCode);
    expect(await badgeOf(id)).toBeNull();

    expect((await sendCode(id)).status).toBe(200);
    const fresh = await codeSentTo('hello@wrong-codes.org');
    expect((await enterCode(id, fresh)).status).toBe(200);
  });

  it('refuses a code after 30 minutes, and an older code once a new one is sent', async () => {
    const id = await organizationOn('late-codes.org');
    await sendCode(id);
    const first = await codeSentTo('hello@late-codes.org');
    await sendCode(id, 'info');
    const second = await codeSentTo('info@late-codes.org');
    if (first !== second) {
      const replaced = await enterCode(id, first);
      expect(replaced.status).toBe(400);
    }
    await ctx.database.db.execute(
      sql`update domain_verification_codes set expires_at = now() - interval '1 second' where organization_id = ${id} and closed_at is null`,
    );
    const late = await enterCode(id, second);
    expect(late.status).toBe(409);
    expect(late.body.error?.message).toBe(texts.expired);
    expect(await badgeOf(id)).toBeNull();

    // Rows a day old are no longer counted by the hourly limits: the next code sent clears them.
    await ctx.database.db.execute(
      sql`update domain_verification_codes set created_at = now() - interval '25 hours' where organization_id = ${id}`,
    );
    await sendCode(id, 'again');
    await codeSentTo('again@late-codes.org');
    const rows = (await ctx.database.db.execute(
      sql`select email from domain_verification_codes where organization_id = ${id}`,
    )) as unknown as { rows: { email: string }[] };
    expect(rows.rows.map((row) => row.email)).toEqual(['again@late-codes.org']);
  });

  it('refuses free mail providers, hosts that take no mail, and a profile without a website', async () => {
    const gmail = await createOrganization(ctx.database.db, {
      createdBy: owner.id,
      websiteUrl: 'https://sites.gmail.com/our-project',
    });
    const refused = await sendCode(gmail);
    expect(refused.status).toBe(400);
    expect(refused.body.error?.message).toBe(texts.freeMailDomain('sites.gmail.com'));

    const byAddress = await createOrganization(ctx.database.db, {
      createdBy: owner.id,
      websiteUrl: 'http://203.0.113.7/',
    });
    expect((await sendCode(byAddress)).body.error?.message).toBe(
      texts.domainUnusable('203.0.113.7'),
    );

    const none = await createOrganization(ctx.database.db, {
      createdBy: owner.id,
      websiteUrl: null,
    });
    const noWebsite = await sendCode(none);
    expect(noWebsite.status).toBe(409);
    expect(noWebsite.body.error?.message).toBe(texts.noSavedWebsite);

    // Only the part before the @ is taken: the domain is never the request's.
    const id = await organizationOn('own-domain.org');
    const smuggled = await sendCode(id, 'me@attacker.example');
    expect(smuggled.status).toBe(400);
    expect(mailbox.to('attacker.example')).toHaveLength(0);
    await ctx.app.emailRelay.drain();
    expect(mailbox.messages.filter((m) => /gmail|203\.0\.113/.test(m.to))).toHaveLength(0);
  });

  it('lets only the owner ask or answer', async () => {
    const id = await organizationOn('owned-only.org');
    const stranger = await newOwner();
    expect((await sendCode(id, 'hello', stranger)).status).toBe(403);
    await sendCode(id);
    const code = await codeSentTo('hello@owned-only.org');
    expect((await enterCode(id, code, stranger)).status).toBe(403);
    const unpublished = await createOrganization(ctx.database.db, {
      createdBy: owner.id,
      websiteUrl: 'https://hidden-badge.org',
      published: false,
    });
    expect((await sendCode(unpublished, 'hello', stranger)).status).toBe(404);
    const guest = await ctx.app.inject({
      method: 'POST',
      url: `/api/organizations/${id}/verification/code`,
      headers: { origin: 'http://directory.test', 'content-type': 'application/json' },
      payload: { localPart: 'hello' },
    });
    expect(guest.statusCode).toBe(401);
    expect(await badgeOf(id)).toBeNull();
  });

  it('sends at most 5 codes an hour per account, and per domain whoever asks', async () => {
    const busy = await newOwner();
    const id = await organizationOn('busy-account.org', busy);
    for (let i = 0; i < 5; i += 1) expect((await sendCode(id, 'hello', busy)).status).toBe(200);
    const sixth = await sendCode(id, 'hello', busy);
    expect(sixth.status).toBe(429);
    expect(sixth.body.error?.message).toBe(texts.tooManyCodes);
    const other = await organizationOn('another-domain.org', busy);
    expect((await sendCode(other, 'hello', busy)).status).toBe(429);

    // Five owners each asking once for the same domain use up that domain's hour.
    const shared = 'shared-domain.org';
    for (let i = 0; i < 5; i += 1) {
      const someone = await newOwner();
      const theirs = await organizationOn(shared, someone, `Shared ${i}`);
      expect((await sendCode(theirs, 'hello', someone)).status).toBe(200);
    }
    const late = await newOwner();
    expect(
      (await sendCode(await organizationOn(shared, late, 'Shared late'), 'hi', late)).status,
    ).toBe(429);
  });

  it('drops the badge when the website moves to another domain, and keeps it on the same one', async () => {
    const id = await organizationOn('moving-badge.org');
    const categories = (await owner.browser.get<Body<Category[]>>('/api/categories')).body.data;
    const groups = (await owner.browser.get<Body<CategoryGroup[]>>('/api/category-groups')).body
      .data;
    // One from each group, as the editor requires.
    const categoryIds = groups.map((group) => categories.find((c) => c.groupId === group.id)!.id);
    await sendCode(id);
    expect((await enterCode(id, await codeSentTo('hello@moving-badge.org'))).status).toBe(200);
    const same = await saveProfile(owner.browser, id, {
      categoryIds,
      websiteUrl: 'https://moving-badge.org/new-page',
    });
    expect(same.status, JSON.stringify(same.body)).toBe(200);
    expect(same.body.data.verification?.domain).toBe('moving-badge.org');
    const moved = await saveProfile(owner.browser, id, {
      categoryIds,
      websiteUrl: 'https://elsewhere-badge.org',
    });
    expect(moved.status).toBe(200);
    expect(moved.body.data.verification).toBeNull();
    expect((await listed('verified=true&q=tidewater')).meta.total).toBe(0);
  });
});

describe('the verified filter', () => {
  it('lists only verified organizations, with the count under every filter', async () => {
    const verified = await organizationOn('filter-verified.org', owner, 'Quillwort Verified Co');
    const plain = await organizationOn('filter-plain.org', owner, 'Quillwort Plain Co');
    await sendCode(verified);
    await enterCode(verified, await codeSentTo('hello@filter-verified.org'));

    const all = await listed('q=quillwort');
    expect(all.meta).toMatchObject({ total: 2, verified: 1 });
    const only = await listed('q=quillwort&verified=true');
    expect(only.meta).toMatchObject({ total: 1, verified: 1 });
    expect(only.data.map((item) => item.id)).toEqual([verified]);
    expect(only.meta.facets).toEqual({ climate_action: 1, nonprofit: 1 });
    const byCategory = await listed('categories=climate_action&verified=true&limit=100');
    expect(byCategory.data.every((item) => item.verification !== null)).toBe(true);
    expect(byCategory.data.map((item) => item.id)).toContain(verified);
    expect(byCategory.data.map((item) => item.id)).not.toContain(plain);

    const bad = await ctx.app.inject({ method: 'GET', url: '/api/organizations?verified=yes' });
    expect(bad.statusCode).toBe(400);
  });
});

describe('an operator revokes a badge', () => {
  it('with a reason: the badge leaves the profile and the list, the owner is emailed, the log keeps it', async () => {
    const operator = await signUpOperator(ctx, 'badge-operator@example.org');
    const id = await organizationOn('revoked-badge.org');
    await sendCode(id);
    await enterCode(id, await codeSentTo('hello@revoked-badge.org'));
    const detail = await operator.browser.get<Body<AdminOrganizationDetail>>(
      `/api/admin/organizations/${id}`,
    );
    expect(detail.body.data.organization.verification?.domain).toBe('revoked-badge.org');
    const { version } = detail.body.data.organization;

    const noReason = await operator.browser.post(
      `/api/admin/organizations/${id}/revoke-verification`,
      {
        version,
        reason: ' ',
      },
    );
    expect(noReason.status).toBe(400);
    const owned = await owner.browser.post(`/api/admin/organizations/${id}/revoke-verification`, {
      version,
      reason: 'Mine',
    });
    expect(owned.status).toBe(403);

    const revoked = await operator.browser.post<Body<AdminOrganizationDetail>>(
      `/api/admin/organizations/${id}/revoke-verification`,
      { version, reason: 'The domain belongs to another charity' },
    );
    expect(revoked.status).toBe(200);
    expect(revoked.body.data.organization.verification).toBeNull();
    expect(await badgeOf(id)).toBeNull();
    expect((await listed('q=revoked&verified=true')).meta.total).toBe(0);

    await ctx.app.emailRelay.drain();
    const email = mailbox.latest(owner.email, /Verified badge/);
    expect(email.text).toContain('The domain belongs to another charity');
    const log = (await ctx.database.db.execute(
      sql`select action, reason from audit_log where target_id = ${id}`,
    )) as unknown as { rows: { action: string; reason: string }[] };
    expect(log.rows).toEqual([
      {
        action: 'organization.revoke-verification',
        reason: 'The domain belongs to another charity',
      },
    ]);

    const twice = await operator.browser.post(
      `/api/admin/organizations/${id}/revoke-verification`,
      {
        version,
        reason: 'Again',
      },
    );
    expect(twice.status).toBe(409);
  });
});
