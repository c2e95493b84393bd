import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  paymentMessages,
  type Category,
  type CategoryGroup,
  type CheckoutSession,
  type Organization,
  type PaymentSessionStatus,
  type Redirect,
  type Subscription,
  type TestCheckout,
} from '@si/contracts';
import pino from 'pino';
import { runPaymentCommand } from '../src/cli/payment-commands.ts';
import { loadConfig } from '../src/config.ts';
import { countRows, signUp, type Body } from './support/accounts.ts';
import { createAgent, type Agent } from './support/browser-agent.ts';
import { payInTestCheckout } from './support/payments.ts';
import { TEST_PUBLIC_URL, createTestApp, type TestContext } from './support/test-app.ts';

const DAY = 24 * 60 * 60 * 1000;

describe('paying to publish on the embedded default (built-in test checkout)', () => {
  let ctx: TestContext;
  let owner: Agent;
  let other: Agent;
  let categoryIds: string[];
  let sequence = 0;

  /** The operator's CLI command, run on the test database; returns what it printed. */
  async function cli(command: string, ...args: string[]) {
    const printed: string[] = [];
    const known = await runPaymentCommand(command, args, {
      db: ctx.database.db,
      config: loadConfig({ PUBLIC_URL: TEST_PUBLIC_URL }),
      log: pino({ level: 'silent' }),
      print: (line) => printed.push(line),
    });
    expect(known).toBe(true);
    return printed.join('\n');
  }

  async function newOrganization(agent: Agent = owner) {
    sequence += 1;
    const answer = await agent.post<Body<Organization>>('/api/organizations', {
      name: `Harbor Works ${sequence}`,
      description: 'Builds community boat yards.',
      country: 'PT',
      categoryIds,
    });
    expect(answer.status).toBe(201);
    return answer.body.data;
  }

  /** A valid save of the profile as it is. */
  const edit = (organization: Organization) => ({
    version: organization.version,
    name: organization.name,
    description: organization.description,
    country: organization.country,
    location: organization.location,
    foundedYear: organization.foundedYear,
    websiteUrl: organization.websiteUrl,
    linkedinUrl: organization.linkedinUrl,
    twitterUrl: organization.twitterUrl,
    blogUrl: organization.blogUrl,
    categoryIds: organization.categoryIds,
    categoriesOrder: organization.categoriesOrder,
    categoriesDetails: organization.categoriesDetails,
  });

  const subscriptionOf = async (organizationId: string, agent: Agent = owner) =>
    (await agent.get<Body<Subscription | null>>(`/api/payments/subscription/${organizationId}`))
      .body.data;
  const listed = async (name: string) =>
    (
      await createAgent(ctx.app).get<{ meta: { total: number } }>(
        `/api/organizations?q=${encodeURIComponent(name)}`,
      )
    ).body.meta.total;
  const emailsAbout = (name: string) =>
    countRows(
      ctx,
      sql`select count(*)::int as n from email_outbox where subject like ${`%${name}%`}`,
    );

  beforeAll(async () => {
    ctx = await createTestApp({ DIRECTORY_CACHE_MS: '0', RATE_LIMIT_GUEST_CODE_MAX: '4' });
    ({ browser: owner } = await signUp(ctx, 'payer@example.com'));
    ({ browser: other } = await signUp(ctx, 'someone-else@example.com'));
    const groups = (await owner.get<Body<CategoryGroup[]>>('/api/category-groups')).body.data;
    const categories = (await owner.get<Body<Category[]>>('/api/categories')).body.data;
    categoryIds = groups.map((group) => categories.find((c) => c.groupId === group.id)!.id);
  });
  afterAll(() => ctx.close());

  it('takes a newcomer from checkout to a published profile, through the same success URL as Stripe', async () => {
    const organization = await newOrganization();
    expect(await subscriptionOf(organization.id)).toBeNull();
    // Unpaid: the payment gate holds on the server too.
    const save = await owner.call(
      'PUT',
      `/api/organizations/${organization.id}`,
      edit(organization),
    );
    expect(save.status).toBe(402);

    const checkout = await owner.post<Body<CheckoutSession>>(
      '/api/payments/create-checkout-session',
      { organizationId: organization.id, plan: 'annual' },
    );
    expect(checkout.status).toBe(200);
    const { sessionId, url } = checkout.body.data;
    expect(url).toBe(`${TEST_PUBLIC_URL}/payments/test-checkout/${sessionId}`);
    const page = await owner.get<Body<TestCheckout>>(`/api/payments/test-checkout/${sessionId}`);
    expect(page.body.data).toEqual({
      sessionId,
      organizationId: organization.id,
      organizationName: organization.name,
      plan: 'annual',
      amountCents: 10000,
      currency: 'usd',
      open: true,
    });
    expect(
      (await owner.get<Body<PaymentSessionStatus>>(`/api/payments/session/${sessionId}`)).body.data
        .paid,
    ).toBe(false);

    const paid = await owner.post<Body<Redirect>>(
      `/api/payments/test-checkout/${sessionId}/pay`,
      {},
    );
    // Its first subscription: the editor greets it as newly created (?new=1).
    expect(paid.body.data.url).toBe(
      `${TEST_PUBLIC_URL}/organizations/${organization.id}/edit?success=true&new=1&session_id=${sessionId}`,
    );
    // Pay again (a double click): the same answer, still one subscription.
    expect(
      (await owner.post<Body<Redirect>>(`/api/payments/test-checkout/${sessionId}/pay`, {})).status,
    ).toBe(200);
    expect(
      (await owner.get<Body<PaymentSessionStatus>>(`/api/payments/session/${sessionId}`)).body.data,
    ).toEqual({ sessionId, organizationId: organization.id, paid: true });

    const subscription = (await subscriptionOf(organization.id))!;
    expect(subscription).toMatchObject({ type: 'yearly', status: 'paid', provider: 'test' });
    const term = Date.parse(subscription.endDate) - Date.parse(subscription.startDate);
    expect(term).toBeGreaterThanOrEqual(365 * DAY);
    expect(await listed(organization.name)).toBe(1);
    const profile = await createAgent(ctx.app).get<Body<Organization>>(
      `/api/organizations/${organization.id}`,
    );
    expect(profile.body.data).toMatchObject({ paymentStatus: 'paid', subscriptionType: 'yearly' });
    expect(
      await countRows(
        ctx,
        sql`select count(*)::int as n from subscriptions where organization_id = ${organization.id}`,
      ),
    ).toBe(1);
    expect(await emailsAbout(`${organization.name} is live`)).toBe(1);
    const mine = await owner.get<Body<Subscription[]>>('/api/payments/subscriptions');
    expect(mine.body.data.map((row) => row.organizationId)).toContain(organization.id);
    // Paid for: the editor saves now.
    expect(
      (await owner.call('PUT', `/api/organizations/${organization.id}`, edit(profile.body.data)))
        .status,
    ).toBe(200);
    // And a second checkout for it is refused.
    const again = await owner.post('/api/payments/create-checkout-session', {
      organizationId: organization.id,
      plan: 'monthly',
    });
    expect(again.status).toBe(409);
  });

  it('leaves a canceled checkout unpaid and sends the owner back to the cancel URL', async () => {
    const organization = await newOrganization();
    const { body } = await owner.post<Body<CheckoutSession>>(
      '/api/payments/create-checkout-session',
      { organizationId: organization.id, plan: 'monthly' },
    );
    const canceled = await owner.post<Body<Redirect>>(
      `/api/payments/test-checkout/${body.data.sessionId}/cancel`,
      {},
    );
    expect(canceled.body.data.url).toBe(
      `${TEST_PUBLIC_URL}/payments/canceled?org=${organization.id}`,
    );
    const pay = await owner.post(`/api/payments/test-checkout/${body.data.sessionId}/pay`, {});
    expect(pay.status).toBe(409);
    expect(await subscriptionOf(organization.id)).toBeNull();
    expect(await listed(organization.name)).toBe(0);
  });

  it('keeps one checkout open per organization: a newer one closes the older, whose Pay is then refused', async () => {
    const organization = await newOrganization();
    const start = async () => {
      const answer = await owner.post<Body<CheckoutSession>>(
        '/api/payments/create-checkout-session',
        { organizationId: organization.id, plan: 'monthly' },
      );
      expect(answer.status, JSON.stringify(answer.body)).toBe(200);
      return answer.body.data.sessionId;
    };
    const older = await start();
    const newer = await start();
    const olderPage = await owner.get<Body<TestCheckout>>(`/api/payments/test-checkout/${older}`);
    expect(olderPage.body.data.open).toBe(false);
    const refused = await owner.post(`/api/payments/test-checkout/${older}/pay`, {});
    expect(refused.status).toBe(409);
    expect(await subscriptionOf(organization.id)).toBeNull();
    const paid = await owner.post<Body<Redirect>>(`/api/payments/test-checkout/${newer}/pay`, {});
    expect(paid.status, JSON.stringify(paid.body)).toBe(200);
    expect(await subscriptionOf(organization.id)).toMatchObject({
      status: 'paid',
      published: true,
    });
    expect(
      await countRows(
        ctx,
        sql`select count(*)::int as n from test_mode_subscriptions where organization_id = ${organization.id}`,
      ),
    ).toBe(1);
  });

  it("refuses other people's organizations and sessions, unknown plans, and signed-out callers", async () => {
    const organization = await newOrganization();
    const { body } = await owner.post<Body<CheckoutSession>>(
      '/api/payments/create-checkout-session',
      { organizationId: organization.id, plan: 'monthly' },
    );
    const sessionId = body.data.sessionId;
    const badPlan = await owner.post('/api/payments/create-checkout-session', {
      organizationId: organization.id,
      plan: 'weekly',
    });
    expect(badPlan.status).toBe(400);
    const signedOut = createAgent(ctx.app);
    for (const agent of [other, signedOut]) {
      const expected = agent === other ? 404 : 401;
      const calls = [
        agent.post('/api/payments/create-checkout-session', {
          organizationId: organization.id,
          plan: 'monthly',
        }),
        agent.get(`/api/payments/session/${sessionId}`),
        agent.get(`/api/payments/subscription/${organization.id}`),
        agent.get(`/api/payments/test-checkout/${sessionId}`),
        agent.post(`/api/payments/test-checkout/${sessionId}/pay`, {}),
        agent.post(`/api/payments/test-checkout/${sessionId}/cancel`, {}),
        agent.post('/api/payments/apply-guest-code', {
          organizationId: organization.id,
          code: 'ANYTHING',
        }),
        agent.post(`/api/payments/subscriptions/${organization.id}/cancel`, {}),
        agent.post(`/api/payments/subscriptions/${organization.id}/resume`, {}),
        agent.post(`/api/payments/subscriptions/${organization.id}/billing-portal`, {}),
      ];
      for (const answer of await Promise.all(calls)) expect(answer.status).toBe(expected);
    }
    // Nothing was paid, started or granted by any of it.
    expect(await subscriptionOf(organization.id)).toBeNull();
    expect(
      await countRows(
        ctx,
        sql`select count(*)::int as n from payment_sessions where id = ${sessionId} and status = 'open'`,
      ),
    ).toBe(1);
    // Published organizations of someone else: forbidden rather than hidden.
    await payInTestCheckout(owner, organization.id);
    const forbidden = await other.get(`/api/payments/subscription/${organization.id}`);
    expect(forbidden.status).toBe(403);
  });

  it('cancels a test subscription to its period end, resumes it, and lapses it at the end', async () => {
    const organization = await newOrganization();
    await payInTestCheckout(owner, organization.id);
    const canceled = await owner.post<Body<Subscription>>(
      `/api/payments/subscriptions/${organization.id}/cancel`,
      {},
    );
    expect(canceled.body.data).toMatchObject({ status: 'canceled', published: true });
    expect(await listed(organization.name)).toBe(1);
    const resumed = await owner.post<Body<Subscription>>(
      `/api/payments/subscriptions/${organization.id}/resume`,
      {},
    );
    expect(resumed.body.data.status).toBe('paid');
    const portal = await owner.post(
      `/api/payments/subscriptions/${organization.id}/billing-portal`,
      {},
    );
    expect(portal.status).toBe(409);

    await owner.post(`/api/payments/subscriptions/${organization.id}/cancel`, {});
    const end = Date.parse(resumed.body.data.endDate);
    await ctx.app.jobs.applyLapses(new Date(end - 2 * DAY));
    expect(await emailsAbout(`${organization.name} leaves the directory`)).toBe(1);
    expect(await listed(organization.name)).toBe(1);
    await ctx.app.jobs.applyLapses(new Date(end + 1000));
    expect((await subscriptionOf(organization.id))!.status).toBe('expired');
    expect(await listed(organization.name)).toBe(0);
    expect(await emailsAbout(`${organization.name} is no longer in the directory`)).toBe(1);
    // Again: nothing more happens, nothing more is sent.
    await ctx.app.jobs.applyLapses(new Date(end + 2000));
    expect(await emailsAbout(`${organization.name} is no longer in the directory`)).toBe(1);
    // Never deleted: the owner still has it, and re-subscribes in one step, coming back to the
    // editor as the owner of an organization that is not new (no ?new=1).
    expect((await owner.get(`/api/organizations/${organization.id}`)).status).toBe(200);
    const again = await owner.post<Body<CheckoutSession>>('/api/payments/create-checkout-session', {
      organizationId: organization.id,
      plan: 'monthly',
    });
    const { sessionId } = again.body.data;
    const paid = await owner.post<Body<Redirect>>(
      `/api/payments/test-checkout/${sessionId}/pay`,
      {},
    );
    expect(paid.body.data.url).toBe(
      `${TEST_PUBLIC_URL}/organizations/${organization.id}/edit?success=true&session_id=${sessionId}`,
    );
    expect(await listed(organization.name)).toBe(1);
  });

  it('keeps a profile public through a failed renewal for the grace period, then unpublishes it', async () => {
    const organization = await newOrganization();
    await payInTestCheckout(owner, organization.id);
    expect(await cli('subscription', 'fail', organization.id)).toMatch(/Payment failed/);
    const failed = (await subscriptionOf(organization.id))!;
    expect(failed.status).toBe('past_due');
    const grace = Date.parse(failed.graceEndDate!);
    expect(grace - Date.now()).toBeGreaterThan(6.9 * DAY);
    expect(grace - Date.now()).toBeLessThanOrEqual(7 * DAY);
    expect(await emailsAbout(`Payment failed for ${organization.name}`)).toBe(1);
    expect(await listed(organization.name)).toBe(1);
    await ctx.app.jobs.applyLapses(new Date(grace + 1000));
    expect((await subscriptionOf(organization.id))!.status).toBe('expired');
    expect(await listed(organization.name)).toBe(0);
  });

  it('cancels the test subscription at the end of the grace, so a late renewal cannot publish it', async () => {
    const organization = await newOrganization();
    await payInTestCheckout(owner, organization.id);
    await cli('subscription', 'fail', organization.id);
    const grace = Date.parse((await subscriptionOf(organization.id))!.graceEndDate!);
    const providerStatus = async () =>
      (
        (await ctx.database.db.execute(
          sql`select status from test_mode_subscriptions where organization_id = ${organization.id}`,
        )) as unknown as { rows: { status: string }[] }
      ).rows.map((row) => row.status);

    await ctx.app.jobs.applyLapses(new Date(grace - 1000));
    expect(await providerStatus()).toEqual(['past_due']);
    const run = await ctx.app.jobs.applyLapses(new Date(grace + 1000));
    expect(run?.gracesEnded).toBeGreaterThanOrEqual(1);
    expect(await providerStatus()).toEqual(['canceled']);
    expect((await subscriptionOf(organization.id))!.status).toBe('expired');
    expect(await listed(organization.name)).toBe(0);
    expect(await emailsAbout(`${organization.name} is no longer in the directory`)).toBe(1);

    // The provider no longer charges it: neither a renewal nor a failed retry is simulated.
    await expect(cli('subscription', 'renew', organization.id)).rejects.toThrow(/canceled/);
    await expect(cli('subscription', 'fail', organization.id)).rejects.toThrow(/canceled/);
    // Run again, from the job or the CLI: nothing changes, no second email.
    expect(await ctx.app.jobs.applyLapses(new Date(grace + 2000))).toMatchObject({
      expired: 0,
      gracesEnded: 0,
    });
    expect(await cli('lapses', 'run')).toMatch(/0 graces ended there/);
    expect((await subscriptionOf(organization.id))!.status).toBe('expired');
    expect(await listed(organization.name)).toBe(0);
    expect(await emailsAbout(`${organization.name} is no longer in the directory`)).toBe(1);
  });

  it('renews a test subscription from the CLI, and lets an operator unpublish and republish', async () => {
    const organization = await newOrganization();
    await payInTestCheckout(owner, organization.id);
    const before = (await subscriptionOf(organization.id))!;
    await cli('subscription', 'renew', organization.id);
    const after = (await subscriptionOf(organization.id))!;
    expect(after.startDate).toBe(before.endDate);
    expect(Date.parse(after.endDate)).toBeGreaterThan(Date.parse(before.endDate));
    expect(await cli('subscriptions', 'list')).toContain(organization.name);

    expect(await cli('organization', 'unpublish', organization.id)).toContain('is not published');
    expect(await listed(organization.name)).toBe(0);
    // A webhook or renewal does not put it back: only the operator does.
    await cli('subscription', 'renew', organization.id);
    expect(await listed(organization.name)).toBe(0);
    expect(await cli('organization', 'republish', organization.id)).toContain('is published');
    expect(await listed(organization.name)).toBe(1);
    // The CLI's changes are in the audit log too, done by 'cli'.
    const audit = (await ctx.database.db.execute(
      sql`select actor_id, action from audit_log where target_id = ${organization.id} order by id`,
    )) as unknown as { rows: { actor_id: string; action: string }[] };
    expect(audit.rows).toEqual([
      { actor_id: 'cli', action: 'organization.hold' },
      { actor_id: 'cli', action: 'organization.release' },
    ]);
  });

  it('cancels the test subscription before deleting its organization', async () => {
    const organization = await newOrganization();
    await payInTestCheckout(owner, organization.id);
    const deleted = await owner.delete(`/api/organizations/${organization.id}`, {});
    expect(deleted.status).toBe(200);
    expect(
      await countRows(
        ctx,
        sql`select count(*)::int as n from test_mode_subscriptions where organization_id = ${organization.id} and status = 'canceled'`,
      ),
    ).toBe(1);
  });

  describe('guest codes', () => {
    const future = new Date(Date.now() + 30 * DAY).toISOString().slice(0, 10);
    const apply = (organizationId: string, code: string, agent: Agent = owner) =>
      agent.post<Body<Subscription>>('/api/payments/apply-guest-code', { organizationId, code });

    it('publishes an organization for the grant, comparing codes without case', async () => {
      expect(
        await cli(
          'guest-code',
          'create',
          '--code',
          'Harbor-Friends',
          '--uses',
          '5',
          '--expires',
          future,
          '--months',
          '3',
        ),
      ).toMatch(/created Harbor-Friends: 5 uses, 3 months each/);
      const organization = await newOrganization();
      const applied = await apply(organization.id, '  harbor-FRIENDS ');
      expect(applied.status).toBe(200);
      expect(applied.body.data).toMatchObject({ type: 'guest', status: 'paid', provider: 'guest' });
      const months =
        (Date.parse(applied.body.data.endDate) - Date.parse(applied.body.data.startDate)) / DAY;
      expect(months).toBeGreaterThanOrEqual(89);
      expect(months).toBeLessThanOrEqual(92);
      expect(await listed(organization.name)).toBe(1);
      expect(await cli('guest-code', 'list')).toMatch(/Harbor-Friends\tactive\t1\/5 used/);
      // A second code for a live organization is refused, and uses no code.
      const twice = await apply(organization.id, 'harbor-friends');
      expect(twice.status).toBe(409);
      expect(await cli('guest-code', 'list')).toMatch(/1\/5 used/);
      // The grant ends like any other term.
      await ctx.app.jobs.applyLapses(new Date(Date.parse(applied.body.data.endDate) + 1000));
      expect(await listed(organization.name)).toBe(0);
    });

    it('says why a code does not work, and changes nothing', async () => {
      expect(
        await cli(
          'guest-code',
          'create',
          '--code',
          'ONCE',
          '--uses',
          '1',
          '--expires',
          future,
          '--months',
          '1',
        ),
      ).toMatch(/created ONCE: 1 use, 1 month each/);
      await cli(
        'guest-code',
        'create',
        '--code',
        'STOPPED',
        '--uses',
        '9',
        '--expires',
        future,
        '--months',
        '1',
      );
      await cli('guest-code', 'disable', '--code', 'stopped');
      await ctx.database.db.execute(
        sql`insert into guest_codes (code, max_uses, expires_at, grant_months) values ('OLD', 5, now() - interval '1 day', 1)`,
      );
      const first = await newOrganization();
      expect((await apply(first.id, 'once')).status).toBe(200);
      const organization = await newOrganization(other);
      const cases: [string, string][] = [
        ['NO-SUCH-CODE', paymentMessages.guestCodeInvalid],
        ['ONCE', paymentMessages.guestCodeUsedUp],
        ['OLD', paymentMessages.guestCodeExpired],
        ['STOPPED', paymentMessages.guestCodeDisabled],
      ];
      for (const [code, message] of cases) {
        const answer = await apply(organization.id, code, other);
        expect(answer.status, code).toBe(400);
        expect(answer.body.error).toMatchObject({ code: 'INVALID_GUEST_CODE', message });
      }
      expect(await subscriptionOf(organization.id, other)).toBeNull();
      // Someone else's organization: not found, and the code keeps its uses.
      await cli(
        'guest-code',
        'create',
        '--code',
        'SPARE',
        '--uses',
        '2',
        '--expires',
        future,
        '--months',
        '1',
      );
      expect((await apply(organization.id, 'SPARE', owner)).status).toBe(404);
      expect(await cli('guest-code', 'list')).toMatch(/SPARE\tactive\t0\/2 used/);
    });

    // On PGlite transactions run one at a time, so the race is real only in the PostgreSQL run.
    it('gives the last use to exactly one of two owners racing for it', async () => {
      await cli(
        'guest-code',
        'create',
        '--code',
        'LAST-ONE',
        '--uses',
        '1',
        '--expires',
        future,
        '--months',
        '1',
      );
      const { browser: first } = await signUp(ctx, 'racer-1@example.com');
      const { browser: second } = await signUp(ctx, 'racer-2@example.com');
      const [mine, theirs] = [await newOrganization(first), await newOrganization(second)];
      const answers = await Promise.all([
        apply(mine.id, 'LAST-ONE', first),
        apply(theirs.id, 'LAST-ONE', second),
      ]);
      expect(answers.map((answer) => answer.status).sort()).toEqual([200, 400]);
      expect(
        await countRows(ctx, sql`select uses as n from guest_codes where code = 'LAST-ONE'`),
      ).toBe(1);
      expect(
        await countRows(
          ctx,
          sql`select count(*)::int as n from subscriptions where organization_id in (${mine.id}, ${theirs.id})`,
        ),
      ).toBe(1);
    });

    it('limits repeated wrong codes from one user', async () => {
      const { browser: guesser } = await signUp(ctx, 'guesser@example.com');
      const organization = await newOrganization(guesser);
      const statuses: number[] = [];
      for (let attempt = 0; attempt < 6; attempt += 1) {
        statuses.push((await apply(organization.id, `WRONG-${attempt}`, guesser)).status);
      }
      expect(statuses).toEqual([400, 400, 400, 400, 429, 429]);
      const limited = await apply(organization.id, 'WRONG-7', guesser);
      expect(limited.body.error?.message).toBe(paymentMessages.tooManyGuestCodes);
    });
  });

  it('keeps the account owner in step: deleting the account cancels its test subscriptions first', async () => {
    const { browser: leaver, id: leaverId } = await signUp(ctx, 'leaver@example.com');
    const organization = await newOrganization(leaver);
    await payInTestCheckout(leaver, organization.id);
    const gone = await leaver.call('DELETE', '/api/users/me', {
      confirmation: 'DELETE',
      password: 'secret1',
    });
    expect(gone.status).toBe(200);
    expect(
      await countRows(
        ctx,
        sql`select count(*)::int as n from test_mode_subscriptions where user_id = ${leaverId} and status = 'canceled'`,
      ),
    ).toBe(1);
    // Nothing of it remains on our side: no subscription, no customer, no checkout.
    for (const table of ['subscriptions', 'payment_sessions']) {
      expect(
        await countRows(
          ctx,
          sql`select count(*)::int as n from ${sql.identifier(table)} where organization_id = ${organization.id}`,
        ),
      ).toBe(0);
    }
    expect(
      await countRows(
        ctx,
        sql`select count(*)::int as n from billing_customers where user_id = ${leaverId}`,
      ),
    ).toBe(0);
  });
});

describe('checkouts started by one user', () => {
  it('are limited per window, since each one calls the payment provider', async () => {
    const ctx = await createTestApp({ RATE_LIMIT_CHECKOUT_MAX: '2' });
    try {
      const { browser } = await signUp(ctx, 'many-tabs@example.com');
      const groups = (await browser.get<Body<CategoryGroup[]>>('/api/category-groups')).body.data;
      const categories = (await browser.get<Body<Category[]>>('/api/categories')).body.data;
      const created = await browser.post<Body<Organization>>('/api/organizations', {
        name: 'Many Tabs',
        description: 'Opens checkouts.',
        country: 'PT',
        categoryIds: groups.map((group) => categories.find((c) => c.groupId === group.id)!.id),
      });
      const start = () =>
        browser.post<Body<CheckoutSession>>('/api/payments/create-checkout-session', {
          organizationId: created.body.data.id,
          plan: 'monthly',
        });
      expect([(await start()).status, (await start()).status]).toEqual([200, 200]);
      const third = await start();
      expect(third.status).toBe(429);
      expect(third.body.error?.message).toBe(paymentMessages.tooManyCheckouts);
      expect(await countRows(ctx, sql`select count(*)::int as n from payment_sessions`)).toBe(2);
    } finally {
      await ctx.close();
    }
  });
});
