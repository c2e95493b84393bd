import Stripe from 'stripe';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { startStripeStandIn, type StripeStandIn } from './support/stripe-stand-in.ts';

// Proves the stand-in speaks the official SDK's protocol: every call below goes through `stripe`.
let standIn: StripeStandIn;
let stripe: Stripe;
beforeAll(async () => {
  standIn = await startStripeStandIn({
    prices: { price_yearly: { unit_amount: 9900, interval: 'year' } },
  });
  stripe = new Stripe(standIn.apiKey, { host: standIn.host, port: standIn.port, protocol: 'http' });
});
afterAll(() => standIn.close());

it('replays a create for the same idempotency key', async () => {
  const params = { email: 'ada@example.com', name: 'Ada', metadata: { userId: 'u1' } };
  const first = await stripe.customers.create(params, { idempotencyKey: 'customer-u1' });
  const again = await stripe.customers.create(params, { idempotencyKey: 'customer-u1' });
  expect(again.id).toBe(first.id);
  expect(standIn.customers.size).toBe(1);
  expect(await stripe.customers.retrieve(first.id)).toMatchObject({ metadata: { userId: 'u1' } });
  await expect(
    stripe.customers.create({ email: 'x@example.com' }, { idempotencyKey: 'customer-u1' }),
  ).rejects.toMatchObject({ type: 'StripeIdempotencyError' });
  await expect(stripe.customers.retrieve('cus_nope')).rejects.toMatchObject({
    statusCode: 404,
    code: 'resource_missing',
  });
});

it('runs a subscription from checkout to its end', async () => {
  const customer = await stripe.customers.create({ email: 'grace@example.com' });
  const session = await stripe.checkout.sessions.create(
    {
      mode: 'subscription',
      customer: customer.id,
      client_reference_id: 'org-1',
      line_items: [
        {
          quantity: 1,
          price_data: {
            currency: 'eur',
            unit_amount: 1200,
            recurring: { interval: 'month' },
            product_data: { name: 'Listing' },
          },
        },
      ],
      subscription_data: { metadata: { organizationId: 'org-1' } },
      metadata: { organizationId: 'org-1' },
      success_url: 'http://app.test/done?session={CHECKOUT_SESSION_ID}',
      cancel_url: 'http://app.test/cancel',
    },
    { idempotencyKey: 'checkout-org-1' },
  );
  expect(session).toMatchObject({
    status: 'open',
    payment_status: 'unpaid',
    subscription: null,
    amount_total: 1200,
  });
  expect(session.url).toBe(`${standIn.url}/checkout/${session.id}`);
  expect(session.success_url).toContain('{CHECKOUT_SESSION_ID}');
  expect(standIn.requests.at(-1)).toMatchObject({
    idempotencyKey: 'checkout-org-1',
    body: {
      line_items: [{ price_data: { recurring: { interval: 'month' } } }],
      subscription_data: { metadata: { organizationId: 'org-1' } },
    },
  });

  const [completed, created, paid] = standIn.completeCheckout(session.id);
  expect([completed?.type, created?.type, paid?.type]).toEqual([
    'checkout.session.completed',
    'customer.subscription.created',
    'invoice.paid',
  ]);
  const done = await stripe.checkout.sessions.retrieve(session.id);
  expect(done).toMatchObject({ status: 'complete', payment_status: 'paid' });
  const subId = String(done.subscription);
  const sub = await stripe.subscriptions.retrieve(subId);
  expect(sub).toMatchObject({
    status: 'active',
    customer: customer.id,
    metadata: { organizationId: 'org-1' },
  });
  const item = sub.items.data[0];
  expect(item?.price).toMatchObject({
    unit_amount: 1200,
    currency: 'eur',
    recurring: { interval: 'month' },
  });
  expect(item!.current_period_end).toBeGreaterThan(item!.current_period_start + 27 * 86400);

  const scheduled = await stripe.subscriptions.update(subId, { cancel_at_period_end: true });
  expect(scheduled).toMatchObject({ cancel_at_period_end: true, status: 'active' });
  expect(
    (await stripe.subscriptions.update(subId, { cancel_at_period_end: false }))
      .cancel_at_period_end,
  ).toBe(false);

  const portal = await stripe.billingPortal.sessions.create({
    customer: customer.id,
    return_url: 'http://app.test/billing',
  });
  expect(portal).toMatchObject({ object: 'billing_portal.session', customer: customer.id });
  expect(portal.url).toMatch(/^http:\/\/127\.0\.0\.1:/);

  standIn.failNext('DELETE', '/v1/subscriptions/');
  await expect(stripe.subscriptions.cancel(subId)).rejects.toMatchObject({
    type: 'StripeAPIError',
    statusCode: 500,
  });
  const canceled = await stripe.subscriptions.cancel(subId);
  expect(canceled.status).toBe('canceled');
  expect(canceled.ended_at).not.toBeNull();
  expect(standIn.events.at(-1)?.type).toBe('customer.subscription.deleted');
});

it('renews, fails and recovers payments, with prices by id', async () => {
  const session = await stripe.checkout.sessions.create({
    mode: 'subscription',
    line_items: [{ price: 'price_yearly', quantity: 1 }],
    success_url: 'http://app.test/done',
  });
  // Without an idempotencyKey option the SDK still keys every POST, with one of its own.
  expect(standIn.requests.at(-1)?.idempotencyKey).toMatch(/^stripe-node-retry-/);
  standIn.completeCheckout(session.id);
  const subId = String(standIn.sessions.get(session.id)?.subscription);
  const before = (await stripe.subscriptions.retrieve(subId)).items.data[0]!.current_period_end;
  const [renewed] = standIn.renew(subId);
  expect(renewed?.type).toBe('invoice.paid');
  expect((await stripe.subscriptions.retrieve(subId)).items.data[0]!.current_period_start).toBe(
    before,
  );
  expect(standIn.failPayment(subId).map((e) => e.type)).toEqual([
    'invoice.payment_failed',
    'customer.subscription.updated',
  ]);
  expect((await stripe.subscriptions.retrieve(subId)).status).toBe('past_due');
  standIn.recoverPayment(subId);
  expect((await stripe.subscriptions.retrieve(subId)).status).toBe('active');
  const [deleted] = standIn.endSubscription(subId);
  expect(deleted?.data.object).toMatchObject({ id: subId, status: 'canceled' });
  await expect(
    stripe.checkout.sessions.create({
      mode: 'subscription',
      line_items: [{ price: 'price_unknown', quantity: 1 }],
    }),
  ).rejects.toMatchObject({ statusCode: 400, code: 'resource_missing' });
});

it('signs events that constructEvent accepts, and only untampered', () => {
  const [event] = standIn.events;
  const { payload, signature } = standIn.sign(event!);
  expect(stripe.webhooks.constructEvent(payload, signature, standIn.webhookSecret).id).toBe(
    event!.id,
  );
  const tampered = payload.replace('"livemode": false', '"livemode": true');
  expect(() => stripe.webhooks.constructEvent(tampered, signature, standIn.webhookSecret)).toThrow(
    Stripe.errors.StripeSignatureVerificationError,
  );
});
