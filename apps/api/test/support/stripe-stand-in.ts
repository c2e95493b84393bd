import { randomBytes } from 'node:crypto';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import Stripe from 'stripe';

type Interval = 'month' | 'year';
/** A price the stand-in knows by id, for `line_items[n][price]`. */
export type StandInPrice = {
  unit_amount: number;
  interval: Interval;
  currency?: string;
  /** Every `interval_count` intervals (Stripe's "every 3 months"); 1 unless said. */
  interval_count?: number;
  /** false: archived in the dashboard. */
  active?: boolean;
  /** Stripe's lookup key, unique among the account's prices. */
  lookup_key?: string | null;
  /** Its product; `prod_<price id>` unless said. */
  product?: string;
};
/** A form body as the SDK sends it: `a[b][0][c]=v` arrives as { a: { b: [{ c: 'v' }] } }. */
export type FormValue = string | FormValue[] | { [key: string]: FormValue };
type Form = { [key: string]: FormValue };
type Metadata = Record<string, string>;
type Price = ReturnType<typeof priceOf>;
type Customer = ReturnType<typeof customerOf>;
type Session = ReturnType<typeof sessionOf>;
type Subscription = ReturnType<typeof subscriptionOf>;
type Invoice = ReturnType<typeof invoiceOf>;
type Charge = ReturnType<typeof chargeOf>;
type Dispute = ReturnType<typeof disputeOf>;
type Refund = {
  id: string;
  object: 'refund';
  amount: number;
  charge: string;
  currency: string;
  payment_intent: string;
  reason: string | null;
  status: string;
  created: number;
  metadata: Metadata;
};

/** An answer in Stripe's error format. */
class ApiError extends Error {
  readonly status: number;
  readonly body: { error: { type: string; message: string; code?: string; param?: string } };
  constructor(
    status: number,
    message: string,
    more: { type?: string; code?: string; param?: string } = {},
  ) {
    super(message);
    this.status = status;
    this.body = { error: { type: 'invalid_request_error', message, ...more } };
  }
}
/** Unknown ids in the URL are 404s; in a parameter, 400s naming it. */
const missing = (kind: string, id: string, param?: string) =>
  new ApiError(param ? 400 : 404, `No such ${kind}: '${id}'`, {
    code: 'resource_missing',
    param: param ?? 'id',
  });

const newId = (prefix: string) => `${prefix}_${randomBytes(12).toString('base64url')}`;
const text = (v: FormValue | undefined) => (typeof v === 'string' ? v : undefined);
const record = (v: FormValue | undefined): Form =>
  v !== undefined && typeof v === 'object' && !Array.isArray(v) ? v : {};
const list = (v: FormValue | undefined): FormValue[] => (Array.isArray(v) ? v : []);
/** Stripe merges metadata keys; an empty value deletes a key, and `metadata=` (null) all. */
function mergeMetadata(current: Metadata, update: FormValue | undefined): Metadata {
  if (update === '') return {};
  const next = { ...current };
  for (const [key, value] of Object.entries(record(update))) {
    if (value === '') delete next[key];
    else if (typeof value === 'string') next[key] = value;
  }
  return next;
}

/** Parses the SDK's bracket notation; objects keyed 0..n-1 are its arrays (`line_items[0]`). */
function parseForm(body: string): Form {
  const root: Form = {};
  for (const [key, value] of new URLSearchParams(body)) {
    const path = key.split('[').map((segment) => segment.replace(/]$/, ''));
    let node = root;
    for (const segment of path.slice(0, -1)) node = node[segment] = record(node[segment]);
    node[path[path.length - 1] ?? key] = value;
  }
  const arrays = (value: FormValue): FormValue => {
    if (typeof value === 'string' || Array.isArray(value)) return value;
    const entries = Object.entries(value).map(([k, v]) => [k, arrays(v)] as const);
    const indexed = entries.length > 0 && entries.every(([k], i) => k === String(i));
    return indexed ? entries.map(([, v]) => v) : Object.fromEntries(entries);
  };
  return record(arrays(root));
}

/**
 * One interval on, on the anchor's day of month as Stripe bills: a subscription started on
 * Jan 31 renews on Feb 28, then on Mar 31.
 */
function addInterval(seconds: number, interval: Interval, anchor = seconds) {
  const date = new Date(seconds * 1000);
  date.setUTCDate(1);
  date.setUTCMonth(date.getUTCMonth() + (interval === 'month' ? 1 : 12));
  const lastDay = new Date(Date.UTC(date.getUTCFullYear(), date.getUTCMonth() + 1, 0)).getUTCDate();
  date.setUTCDate(Math.min(new Date(anchor * 1000).getUTCDate(), lastDay));
  return Math.floor(date.getTime() / 1000);
}

// The objects, shaped like the SDK's types but holding only the fields our server reads.
const priceOf = (
  id: string,
  unit_amount: number,
  interval: Interval,
  currency: string,
  {
    interval_count = 1,
    active = true,
    lookup_key = null,
    product = `prod_${id}`,
  }: Pick<StandInPrice, 'interval_count' | 'active' | 'lookup_key' | 'product'> = {},
) => ({
  id,
  object: 'price' as const,
  active,
  currency,
  unit_amount,
  lookup_key,
  product,
  recurring: { interval, interval_count },
});
const customerOf = (body: Form, created: number) => ({
  id: newId('cus'),
  object: 'customer' as const,
  created,
  email: text(body.email) ?? null,
  name: text(body.name) ?? null,
  metadata: mergeMetadata({}, body.metadata),
});
const sessionOf = (body: Form, lines: [Price, number][], baseUrl: string, created: number) => {
  const id = `cs_test_${randomBytes(24).toString('base64url')}`;
  return {
    id,
    object: 'checkout.session' as const,
    mode: 'subscription' as const,
    created,
    status: 'open' as 'open' | 'complete' | 'expired',
    payment_status: 'unpaid' as 'unpaid' | 'paid',
    /** Null once complete: Stripe shows the page of an open session only. */
    url: `${baseUrl}/checkout/${id}` as string | null,
    customer: text(body.customer) ?? null,
    subscription: null as string | null,
    client_reference_id: text(body.client_reference_id) ?? null,
    metadata: mergeMetadata({}, body.metadata),
    // The literal {CHECKOUT_SESSION_ID} stays: Stripe fills it in only when it redirects.
    success_url: text(body.success_url) ?? null,
    cancel_url: text(body.cancel_url) ?? null,
    automatic_tax: { enabled: text(record(body.automatic_tax).enabled) === 'true' },
    billing_address_collection: text(body.billing_address_collection) ?? null,
    tax_id_collection: { enabled: text(record(body.tax_id_collection).enabled) === 'true' },
    amount_total: lines.reduce((sum, [price, quantity]) => sum + price.unit_amount * quantity, 0),
    currency: lines[0]?.[0].currency ?? 'usd',
  };
};
/** In this API version the billing period lives on the items, not on the subscription. */
function subscriptionOf(
  customer: string,
  lines: [Price, number][],
  metadata: Metadata,
  start: number,
) {
  const id = newId('sub');
  const data = lines.map(([price, quantity]) => ({
    id: newId('si'),
    object: 'subscription_item' as const,
    subscription: id,
    price,
    quantity,
    current_period_start: start,
    current_period_end: addInterval(start, price.recurring.interval),
  }));
  return {
    id,
    object: 'subscription' as const,
    customer,
    metadata,
    created: start,
    start_date: start,
    billing_cycle_anchor: start,
    status: 'active' as Stripe.Subscription.Status,
    cancel_at_period_end: false,
    cancel_at: null as number | null,
    canceled_at: null as number | null,
    ended_at: null as number | null,
    latest_invoice: null as string | null,
    items: { object: 'list' as const, data, has_more: false },
  };
}
/** Invoices numbered so far, for their numbers. */
let invoiceCount = 0;
/**
 * An invoice for a subscription. Its own period_start/end is Stripe's window for pending invoice
 * items (the period just ended; a point for the first invoice): the period a payment buys is on
 * the lines, as Stripe documents.
 */
function invoiceOf(
  sub: Subscription,
  billing_reason: string,
  window: [number, number],
  created: number,
) {
  const lines = sub.items.data.map((item) => ({
    id: newId('il'),
    object: 'line_item' as const,
    amount: item.price.unit_amount * item.quantity,
    quantity: item.quantity,
    period: { start: item.current_period_start, end: item.current_period_end },
  }));
  const amount = lines.reduce((sum, line) => sum + line.amount, 0);
  return {
    id: newId('in'),
    object: 'invoice' as const,
    customer: sub.customer,
    billing_reason,
    created,
    status: 'open' as 'open' | 'paid',
    currency: sub.items.data[0]?.price.currency ?? 'usd',
    attempt_count: 0,
    total: amount,
    amount_due: amount,
    amount_paid: 0,
    amount_remaining: amount,
    /** The customer's balance before the invoice (negative: credit), as Stripe reports it. */
    starting_balance: 0,
    period_start: window[0],
    period_end: window[1],
    /** Stripe numbers an invoice when it is finalized; the stand-in finalizes at once. */
    number: `${sub.customer.slice(-8).toUpperCase()}-${String(++invoiceCount).padStart(4, '0')}`,
    /** Stripe's hosted page for the invoice; the stand-in sets it when it knows its address. */
    hosted_invoice_url: null as string | null,
    invoice_pdf: null as string | null,
    status_transitions: { paid_at: null as number | null },
    parent: {
      type: 'subscription_details' as const,
      quote_details: null,
      subscription_details: { subscription: sub.id, metadata: { ...sub.metadata } },
    },
    lines: { object: 'list' as const, data: lines, has_more: false },
  };
}

/** The charge that took an invoice's payment (a payment intent's one successful charge). */
const chargeOf = (
  payment_intent: string,
  amount: number,
  currency: string,
  customer: string,
  created: number,
) => ({
  id: `ch_${payment_intent.slice(3)}`,
  object: 'charge' as const,
  amount,
  amount_refunded: 0,
  currency,
  customer,
  created,
  paid: true,
  status: 'succeeded',
  captured: true,
  refunded: false,
  disputed: false,
  payment_intent,
});
const disputeOf = (charge: Charge, created: number) => ({
  id: newId('dp'),
  object: 'dispute' as const,
  amount: charge.amount - charge.amount_refunded,
  currency: charge.currency,
  charge: charge.id,
  payment_intent: charge.payment_intent,
  reason: 'fraudulent',
  status: 'needs_response' as Stripe.Dispute.Status,
  created,
});

/**
 * A local stand-in for the parts of Stripe's API our server calls (customers, prices,
 * subscription checkout, subscriptions, billing portal), spoken in the official SDK's wire format:
 * `new Stripe(standIn.apiKey, { host: standIn.host, port: standIn.port, protocol: 'http' })`.
 * Nothing happens by itself: the test controls play the customer and Stripe's clock, update the
 * objects and return the events Stripe would send, for the test to sign and deliver.
 */
export async function startStripeStandIn(
  options: { prices?: Record<string, StandInPrice>; now?: () => number } = {},
) {
  const apiKey = 'sk_test_standin';
  const webhookSecret = 'whsec_standin_secret';
  let fixedNow: number | null = null;
  /** Unix seconds, Stripe's unit for every timestamp. */
  const now = () => fixedNow ?? options.now?.() ?? Math.floor(Date.now() / 1000);
  let baseUrl = '';

  const customers = new Map<string, Customer>();
  const sessions = new Map<string, Session>();
  const subscriptions = new Map<string, Subscription>();
  const invoices = new Map<string, Invoice>();
  /** The account's prices: those given at start, and those created through the API. */
  const prices = new Map<string, StandInPrice>(Object.entries(options.prices ?? {}));
  const products = new Map<string, { id: string; object: 'product'; name: string }>();
  /** What Stripe keeps of a session but does not show: the subscription it will start. */
  const plans = new Map<string, { lines: [Price, number][]; metadata: Metadata }>();
  const requests: { method: string; path: string; idempotencyKey: string | null; body: Form }[] =
    [];
  /** Every event Stripe would have sent, also those API calls cause (a DELETE's, say). */
  const events: Stripe.Event[] = [];
  const faults: { method: string; pathPrefix: string; status: number }[] = [];
  /** Answers computed when the request came, sent only when the test releases them. */
  const holds: {
    method: string;
    pathPrefix: string;
    arrived: () => void;
    released: Promise<void>;
  }[] = [];
  const replays = new Map<string, { request: string; body: string }>();

  const emit = (type: Stripe.Event.Type, object: object) => {
    const event = {
      id: newId('evt'),
      object: 'event',
      type,
      api_version: Stripe.API_VERSION,
      created: now(),
      // A snapshot, as Stripe sends: later changes to the object do not rewrite past events.
      data: { object: structuredClone(object) },
      livemode: false,
      pending_webhooks: 1,
      request: { id: null, idempotency_key: null },
    } as unknown as Stripe.Event; // only the fields our server reads, not all the SDK types name
    events.push(event);
    return event;
  };
  const find = <T>(map: Map<string, T>, kind: string, id: string) => {
    const found = map.get(id);
    if (!found) throw missing(kind, id);
    return found;
  };
  const live = (subId: string) => {
    const sub = find(subscriptions, 'subscription', subId);
    if (sub.status === 'canceled') throw new Error(`Subscription ${subId} is canceled`);
    return sub;
  };
  const createCustomer = (body: Form) => {
    const customer = customerOf(body, now());
    customers.set(customer.id, customer);
    emit('customer.created', customer);
    return customer;
  };
  const priceById = (id: string, known: StandInPrice) =>
    priceOf(id, known.unit_amount, known.interval, known.currency ?? 'usd', known);
  const lineOf = (line: Form, index: number): [Price, number] => {
    const quantity = Number(text(line.quantity) ?? 1);
    const id = text(line.price);
    const known = id ? prices.get(id) : undefined;
    if (id && !known) throw missing('price', id, `line_items[${index}][price]`);
    if (id && known) return [priceById(id, known), quantity];
    const data = record(line.price_data);
    const interval = text(record(data.recurring).interval);
    const amount = Number(text(data.unit_amount));
    const currency = text(data.currency);
    if ((interval === 'month' || interval === 'year') && Number.isInteger(amount) && currency)
      return [priceOf(newId('price'), amount, interval, currency), quantity];
    const message =
      'A line item needs a price, or price_data with currency, unit_amount, recurring[interval].';
    throw new ApiError(400, message, { code: 'parameter_missing', param: `line_items[${index}]` });
  };
  /** Stripe's refusals of the tax and promotion-code parameters used in ways it does not allow. */
  const refuseSwitchConflicts = (body: Form, customer: string | undefined) => {
    if (body.allow_promotion_codes !== undefined && body.discounts !== undefined)
      throw new ApiError(
        400,
        'You may only specify one of these parameters: allow_promotion_codes, discounts.',
      );
    const update = record(body.customer_update);
    if (body.customer_update !== undefined && !customer)
      throw new ApiError(400, '`customer_update` can only be used with `customer`.', {
        param: 'customer_update',
      });
    const on = (value: FormValue | undefined) => text(record(value).enabled) === 'true';
    if (on(body.automatic_tax) && customer && text(update.address) !== 'auto')
      throw new ApiError(
        400,
        "Automatic tax calculation requires a valid address on the Customer. Add a valid address to the Customer or set either `customer_update[address]` to 'auto' or `customer_update[shipping]` to 'auto' to save the address entered in Checkout to the Customer.",
        { param: 'customer_update[address]' },
      );
    if (on(body.tax_id_collection) && customer && text(update.name) !== 'auto')
      throw new ApiError(
        400,
        "Tax ID collection requires updating business name on the customer. To enable tax ID collection for an existing customer, please set `customer_update[name]` to 'auto'.",
        { param: 'customer_update[name]' },
      );
  };
  const createSession = (body: Form) => {
    if (text(body.mode) !== 'subscription')
      throw new ApiError(400, 'Only mode=subscription is modelled.');
    const customer = text(body.customer);
    if (customer && !customers.has(customer)) throw missing('customer', customer, 'customer');
    refuseSwitchConflicts(body, customer);
    const lines = list(body.line_items).map((line, i) => lineOf(record(line), i));
    if (!lines.length)
      throw new ApiError(400, 'Missing required param: line_items.', { param: 'line_items' });
    const session = sessionOf(body, lines, baseUrl, now());
    plans.set(session.id, {
      lines,
      metadata: mergeMetadata({}, record(body.subscription_data).metadata),
    });
    sessions.set(session.id, session);
    return session;
  };
  /** Stripe expires an open session only; its page then says so and takes no payment. */
  const expireSession = (id: string) => {
    const session = find(sessions, 'checkout.session', id);
    if (session.status !== 'open')
      throw new ApiError(
        400,
        `Only Checkout Sessions with a status in ["open"] can be expired. This Checkout Session has a status of "${session.status}".`,
      );
    Object.assign(session, { status: 'expired', url: null });
    emit('checkout.session.expired', session);
    return session;
  };
  const updateSubscription = (id: string, body: Form) => {
    const sub = find(subscriptions, 'subscription', id);
    const allowed = ['metadata', 'cancellation_details', 'expand'];
    if (sub.status === 'canceled' && Object.keys(body).some((key) => !allowed.includes(key)))
      throw new ApiError(
        400,
        'A canceled subscription can only update its cancellation_details and metadata.',
      );
    const flag = text(body.cancel_at_period_end);
    if (flag !== undefined) {
      sub.cancel_at_period_end = flag === 'true';
      sub.cancel_at = flag === 'true' ? (sub.items.data[0]?.current_period_end ?? null) : null;
      // Stripe stamps when the cancellation was asked for, not the period end.
      sub.canceled_at = flag === 'true' ? now() : null;
    }
    if (body.metadata !== undefined) sub.metadata = mergeMetadata(sub.metadata, body.metadata);
    if (body.items !== undefined) switchPrice(sub, body);
    emit('customer.subscription.updated', sub);
    return sub;
  };
  const end = (sub: Subscription) => {
    Object.assign(sub, {
      status: 'canceled',
      canceled_at: sub.canceled_at ?? now(),
      ended_at: now(),
    });
    return emit('customer.subscription.deleted', sub);
  };
  /** Bills the next period: every item moves one interval on, the invoice covers the one ended. */
  const billRenewal = (sub: Subscription) => {
    const first = sub.items.data[0];
    const ended: [number, number] = [
      first?.current_period_start ?? now(),
      first?.current_period_end ?? now(),
    ];
    for (const item of sub.items.data) {
      item.current_period_start = item.current_period_end;
      const { interval } = item.price.recurring;
      item.current_period_end = addInterval(
        item.current_period_end,
        interval,
        sub.billing_cycle_anchor,
      );
    }
    return bill(sub, 'subscription_cycle', ended);
  };
  const bill = (sub: Subscription, reason: string, window: [number, number]) => {
    const invoice = invoiceOf(sub, reason, window, now());
    spendCredit(invoice);
    invoice.hosted_invoice_url = `${baseUrl}/invoice/${invoice.id}`;
    invoice.invoice_pdf = `${baseUrl}/invoice/${invoice.id}/pdf`;
    invoices.set(invoice.id, invoice);
    sub.latest_invoice = invoice.id;
    return invoice;
  };
  /** Each paid invoice's payment intent, and the charge that took its money. */
  const paymentIntents = new Map<string, string>();
  const charges = new Map<string, Charge>();
  const chargeOfIntent = new Map<string, string>();
  const refunds: Refund[] = [];
  const disputes = new Map<string, Dispute>();
  const pay = (invoice: Invoice) => {
    const intent = newId('pi');
    paymentIntents.set(invoice.id, intent);
    const charge = chargeOf(intent, invoice.amount_due, invoice.currency, invoice.customer, now());
    charges.set(charge.id, charge);
    chargeOfIntent.set(intent, charge.id);
    return Object.assign(invoice, {
      status: 'paid' as const,
      amount_paid: invoice.amount_due,
      amount_remaining: 0,
      attempt_count: invoice.attempt_count + 1,
      status_transitions: { paid_at: now() },
    });
  };
  const listOf = (data: object[]) => ({ object: 'list', data, has_more: false, url: '' });
  const invoicesOf = (body: Form) =>
    listOf(
      [...invoices.values()]
        .filter(
          (invoice) =>
            invoice.parent.subscription_details.subscription === text(body.subscription) &&
            (!text(body.status) || invoice.status === text(body.status)),
        )
        .sort((a, b) => b.created - a.created)
        .slice(0, Number(text(body.limit) ?? 10)),
    );
  /** By `invoice`, or by `payment[payment_intent]` (which invoice a payment paid). */
  const invoicePaymentsOf = (body: Form) => {
    const byIntent = text(record(body.payment).payment_intent);
    const invoice = byIntent
      ? [...invoices.values()].find((one) => paymentIntents.get(one.id) === byIntent)
      : invoices.get(text(body.invoice) ?? '');
    const intent = invoice ? paymentIntents.get(invoice.id) : undefined;
    if (!invoice || !intent || invoice.status !== 'paid') return listOf([]);
    return listOf([
      {
        id: newId('inpay'),
        object: 'invoice_payment',
        invoice: invoice.id,
        status: 'paid',
        amount_paid: invoice.amount_paid,
        payment: { type: 'payment_intent', payment_intent: intent },
      },
    ]);
  };
  /**
   * A refund of a payment intent's charge: in full unless `amount` says less, refused once the
   * charge is refunded in full. Stripe then sends charge.refunded, whoever refunded.
   */
  const refundCharge = (charge: Charge, body: Form) => {
    const left = charge.amount - charge.amount_refunded;
    if (left <= 0) {
      throw new ApiError(400, `Charge ${charge.id} has already been refunded.`, {
        code: 'charge_already_refunded',
      });
    }
    const amount = Number(text(body.amount) ?? left);
    if (!Number.isInteger(amount) || amount < 1 || amount > left) {
      throw new ApiError(400, `Refund amount (${amount}) is greater than unrefunded amount.`, {
        param: 'amount',
      });
    }
    charge.amount_refunded += amount;
    charge.refunded = charge.amount_refunded === charge.amount;
    const refund = {
      id: newId('re'),
      object: 'refund' as const,
      amount,
      charge: charge.id,
      currency: charge.currency,
      payment_intent: charge.payment_intent,
      reason: text(body.reason) ?? null,
      status: 'succeeded',
      created: now(),
      metadata: mergeMetadata({}, body.metadata),
    };
    refunds.push(refund);
    emit('charge.refunded', charge);
    return refund;
  };
  const createRefund = (body: Form) => {
    const intent = text(body.payment_intent) ?? '';
    const charge = charges.get(chargeOfIntent.get(intent) ?? '');
    if (!charge) throw missing('payment_intent', intent);
    return refundCharge(charge, body);
  };
  /** The charge of a subscription's latest paid invoice, or of the invoice given. */
  const paidCharge = (subId: string, invoiceId?: string) => {
    find(subscriptions, 'subscription', subId);
    const invoice = invoiceId
      ? find(invoices, 'invoice', invoiceId)
      : [...invoices.values()]
          .filter(
            (one) =>
              one.parent.subscription_details.subscription === subId && one.status === 'paid',
          )
          .sort((a, b) => b.created - a.created)[0];
    const charge = charges.get(
      chargeOfIntent.get(paymentIntents.get(invoice?.id ?? '') ?? '') ?? '',
    );
    if (!charge) throw new Error(`${subId} has no paid invoice${invoiceId ? ` ${invoiceId}` : ''}`);
    return charge;
  };
  const filtered = <T extends object>(items: Iterable<T>, body: Form, keys: (keyof T & string)[]) =>
    listOf(
      [...items].filter((item) =>
        keys.every((key) => !text(body[key]) || item[key] === text(body[key])),
      ),
    );
  const openInvoice = (sub: Subscription) => {
    const invoice = invoices.get(sub.latest_invoice ?? '');
    return invoice?.status === 'open' ? invoice : undefined;
  };

  /** By `lookup_keys[]` and `active`, as Stripe filters them. */
  const listPrices = (body: Form) => {
    const keys = list(body.lookup_keys).filter((key): key is string => typeof key === 'string');
    const active = text(body.active);
    return listOf(
      [...prices.entries()]
        .map(([id, known]) => priceById(id, known))
        .filter(
          (price) =>
            (keys.length === 0 || keys.includes(price.lookup_key ?? '')) &&
            (active === undefined || String(price.active) === active),
        )
        .slice(0, Number(text(body.limit) ?? 10)),
    );
  };
  /** A recurring price, of `product` or of a product made from `product_data`. */
  const createPrice = (body: Form) => {
    const interval = text(record(body.recurring).interval);
    const amount = Number(text(body.unit_amount));
    const currency = text(body.currency);
    if ((interval !== 'month' && interval !== 'year') || !Number.isInteger(amount) || !currency)
      throw new ApiError(400, 'A price needs currency, unit_amount and recurring[interval].');
    const lookupKey = text(body.lookup_key) ?? null;
    if (lookupKey && [...prices.values()].some((one) => one.lookup_key === lookupKey))
      throw new ApiError(
        400,
        `A price (\`${lookupKey}\`) already uses that lookup key. Use \`transfer_lookup_key\` to transfer it.`,
        { param: 'lookup_key' },
      );
    let product = text(body.product);
    if (!product) {
      const name = text(record(body.product_data).name);
      if (!name) throw new ApiError(400, 'Missing required param: product.', { param: 'product' });
      product = newId('prod');
      products.set(product, { id: product, object: 'product', name });
    }
    const id = newId('price');
    prices.set(id, { unit_amount: amount, interval, currency, lookup_key: lookupKey, product });
    return priceById(id, prices.get(id)!);
  };

  /**
   * Credit each customer holds (cents), from switches whose unused time was worth more than the
   * new plan: spent on the customer's next invoices, as Stripe spends a credit balance.
   */
  const credits = new Map<string, number>();
  /** Switches whose charge the card declines, from the next one on (`declineNextSwitch`). */
  let declines = 0;
  const spendCredit = (invoice: Invoice, { preview = false } = {}) => {
    const credit = credits.get(invoice.customer) ?? 0;
    const spent = Math.min(credit, Math.max(0, invoice.amount_due));
    invoice.starting_balance = -credit;
    // A preview shows the credit applied, and keeps it.
    if (!preview) credits.set(invoice.customer, credit - spent);
    invoice.amount_due -= spent;
    invoice.amount_remaining = invoice.amount_due;
  };
  /** `items[0]`: the subscription's item and the price it is switched to. */
  const priceSwap = (sub: Subscription, items: FormValue | undefined, param: string) => {
    const change = record(list(items)[0]);
    const itemId = text(change.id) ?? '';
    const item = sub.items.data.find((one) => one.id === itemId);
    if (!item) throw missing('subscription_item', itemId, `${param}[0][id]`);
    const priceId = text(change.price) ?? '';
    const known = prices.get(priceId);
    if (!known) throw missing('price', priceId, `${param}[0][price]`);
    const price = priceById(priceId, known);
    if (price.recurring.interval === item.price.recurring.interval)
      throw new Error('The stand-in models switches between intervals only (monthly, annual)');
    return { item, price };
  };
  /**
   * The invoice a switch between intervals makes at `at`, as Stripe's does: the billing period
   * restarts at `at`, the unused time of the old one credited (to the second, a negative line)
   * and the new period charged in full. A negative total is credit, so nothing is due.
   */
  const switchInvoice = (
    sub: Subscription,
    { item, price }: ReturnType<typeof priceSwap>,
    at: number,
    body: Form,
  ) => {
    const behavior = text(body.proration_behavior);
    if (behavior !== 'always_invoice')
      throw new Error(
        `The stand-in models proration_behavior=always_invoice only, not ${behavior}`,
      );
    const { current_period_start: start, current_period_end: end, quantity } = item;
    const unused = Math.round(
      (item.price.unit_amount * quantity * Math.max(0, end - at)) / Math.max(1, end - start),
    );
    const lines = [
      {
        id: newId('il'),
        object: 'line_item' as const,
        amount: -unused,
        quantity,
        period: { start: at, end },
      },
      {
        id: newId('il'),
        object: 'line_item' as const,
        amount: price.unit_amount * quantity,
        quantity,
        period: { start: at, end: addInterval(at, price.recurring.interval) },
      },
    ];
    const invoice = invoiceOf(sub, 'subscription_update', [at, at], at);
    const total = lines.reduce((sum, line) => sum + line.amount, 0);
    Object.assign(invoice, {
      lines: { object: 'list' as const, data: lines, has_more: false },
      total,
      amount_due: Math.max(0, total),
      amount_remaining: Math.max(0, total),
    });
    return { invoice, credit: Math.max(0, -total) };
  };
  /** POST /v1/invoices/create_preview: the invoice a subscription's switch would make now. */
  const previewInvoice = (body: Form) => {
    const subId = text(body.subscription) ?? '';
    const sub = subscriptions.get(subId);
    if (!sub) throw missing('subscription', subId, 'subscription');
    const details = record(body.subscription_details);
    const swap = priceSwap(sub, details.items, 'subscription_details[items]');
    const { invoice } = switchInvoice(sub, swap, now(), details);
    spendCredit(invoice, { preview: true });
    // A preview is not kept: Stripe gives it no id of its own.
    return { ...invoice, id: null, number: null, hosted_invoice_url: null, invoice_pdf: null };
  };
  /** A switch applied: the item's price and period change, its invoice is charged at once. */
  const switchPrice = (sub: Subscription, body: Form) => {
    const swap = priceSwap(sub, body.items, 'items');
    const at = now();
    const { invoice, credit } = switchInvoice(sub, swap, at, body);
    if (declines > 0 && invoice.amount_due > 0) {
      declines -= 1;
      // error_if_incomplete: Stripe leaves the subscription as it was and answers the card's error.
      if (text(body.payment_behavior) !== 'error_if_incomplete')
        throw new Error('The stand-in models a declined switch with error_if_incomplete only');
      throw new ApiError(402, 'Your card was declined.', {
        type: 'card_error',
        code: 'card_declined',
      });
    }
    Object.assign(swap.item, {
      price: swap.price,
      current_period_start: at,
      current_period_end: addInterval(at, swap.price.recurring.interval),
    });
    sub.billing_cycle_anchor = at;
    spendCredit(invoice);
    credits.set(sub.customer, (credits.get(sub.customer) ?? 0) + credit);
    invoice.hosted_invoice_url = `${baseUrl}/invoice/${invoice.id}`;
    invoice.invoice_pdf = `${baseUrl}/invoice/${invoice.id}/pdf`;
    invoices.set(invoice.id, invoice);
    sub.latest_invoice = invoice.id;
    if (invoice.amount_due > 0) pay(invoice);
    else Object.assign(invoice, { status: 'paid', status_transitions: { paid_at: at } });
    emit('invoice.paid', invoice);
  };

  const routes: [string, RegExp, (id: string, body: Form) => object][] = [
    ['POST', /^\/v1\/customers$/, (_, body) => createCustomer(body)],
    ['GET', /^\/v1\/customers\/([^/]+)$/, (id) => find(customers, 'customer', id)],
    ['POST', /^\/v1\/checkout\/sessions$/, (_, body) => createSession(body)],
    ['GET', /^\/v1\/checkout\/sessions\/([^/]+)$/, (id) => find(sessions, 'checkout.session', id)],
    ['POST', /^\/v1\/checkout\/sessions\/([^/]+)\/expire$/, (id) => expireSession(id)],
    [
      'GET',
      /^\/v1\/prices\/([^/]+)$/,
      (id) => {
        const known = prices.get(id);
        if (!known) throw missing('price', id);
        return priceById(id, known);
      },
    ],
    ['GET', /^\/v1\/prices$/, (_, body) => listPrices(body)],
    ['POST', /^\/v1\/prices$/, (_, body) => createPrice(body)],
    ['GET', /^\/v1\/subscriptions\/([^/]+)$/, (id) => find(subscriptions, 'subscription', id)],
    ['GET', /^\/v1\/invoices$/, (_, body) => invoicesOf(body)],
    ['POST', /^\/v1\/invoices\/create_preview$/, (_, body) => previewInvoice(body)],
    ['GET', /^\/v1\/invoices\/([^/]+)$/, (id) => find(invoices, 'invoice', id)],
    ['GET', /^\/v1\/charges\/([^/]+)$/, (id) => find(charges, 'charge', id)],
    ['GET', /^\/v1\/refunds$/, (_, body) => filtered(refunds, body, ['charge', 'payment_intent'])],
    ['GET', /^\/v1\/disputes\/([^/]+)$/, (id) => find(disputes, 'dispute', id)],
    [
      'GET',
      /^\/v1\/disputes$/,
      (_, body) => filtered(disputes.values(), body, ['charge', 'payment_intent']),
    ],
    ['GET', /^\/v1\/invoice_payments$/, (_, body) => invoicePaymentsOf(body)],
    ['POST', /^\/v1\/refunds$/, (_, body) => createRefund(body)],
    ['POST', /^\/v1\/subscriptions\/([^/]+)$/, updateSubscription],
    [
      'DELETE',
      /^\/v1\/subscriptions\/([^/]+)$/,
      (id) => {
        const sub = find(subscriptions, 'subscription', id);
        // A canceled subscription is gone as far as a second cancel goes (Stripe answers 404).
        if (sub.status === 'canceled') throw missing('subscription', id);
        end(sub);
        return sub;
      },
    ],
    [
      'POST',
      /^\/v1\/billing_portal\/sessions$/,
      (_, body) => {
        const customer = text(body.customer) ?? '';
        if (!customers.has(customer)) throw missing('customer', customer, 'customer');
        const id = newId('bps');
        const return_url = text(body.return_url) ?? null;
        return {
          id,
          object: 'billing_portal.session',
          url: `${baseUrl}/billing_portal/${id}`,
          customer,
          return_url,
          created: now(),
        };
      },
    ],
  ];
  /** `expand[n]=field` inlines the object a top-level id names (a session's subscription, say). */
  const expand = (object: object, body: Form) => {
    const copy: Record<string, unknown> = { ...object };
    for (const field of list(body.expand).filter((f): f is string => typeof f === 'string')) {
      const id = copy[field];
      if (typeof id === 'string')
        copy[field] = customers.get(id) ?? subscriptions.get(id) ?? invoices.get(id) ?? id;
    }
    return copy;
  };
  const answer = (method: string, path: string, raw: string, body: Form, key: string | null) => {
    const fault = faults.findIndex((f) => f.method === method && path.startsWith(f.pathPrefix));
    if (fault >= 0) {
      const status = faults.splice(fault, 1)[0]?.status ?? 500;
      throw new ApiError(status, 'Injected failure (failNext).', { type: 'api_error' });
    }
    // Stripe replays a POST's first answer for a key; the key with other params is an error.
    const replay = method === 'POST' && key ? replays.get(key) : undefined;
    if (replay && replay.request !== `${path}?${raw}`) {
      const message = `Keys for idempotent requests can only be used with the same parameters they were first used with. Try using a key other than '${key}' if you meant to execute a different request.`;
      throw new ApiError(400, message, { type: 'idempotency_error' });
    }
    if (replay) return { json: replay.body, replayed: true };
    const route = routes.find(([m, pattern]) => m === method && pattern.test(path));
    if (!route) throw new ApiError(404, `Unrecognized request URL (${method}: ${path}).`);
    const json = JSON.stringify(
      expand(route[2](decodeURIComponent(route[1].exec(path)?.[1] ?? ''), body), body),
    );
    // Only answers that ran are kept: Stripe saves nothing for a request that failed validation.
    if (method === 'POST' && key) replays.set(key, { request: `${path}?${raw}`, body: json });
    return { json, replayed: false };
  };

  const server = createServer((request, response) => {
    void (async () => {
      const url = new URL(request.url ?? '/', 'http://stand-in');
      const method = request.method ?? 'GET';
      let raw = '';
      for await (const chunk of request) raw += String(chunk);
      // A GET carries its params (expand) in the query string.
      if (method === 'GET') raw = url.search.slice(1);
      const body = parseForm(raw);
      const key = [request.headers['idempotency-key']].flat()[0] ?? null;
      requests.push({ method, path: url.pathname, idempotencyKey: key, body });
      const headers = { 'content-type': 'application/json', 'request-id': newId('req') };
      try {
        if (request.headers.authorization !== `Bearer ${apiKey}`)
          throw new ApiError(401, 'Invalid API Key provided.');
        const { json, replayed } = answer(method, url.pathname, raw, body, key);
        const hold = holds.findIndex(
          (h) => h.method === method && url.pathname.startsWith(h.pathPrefix),
        );
        if (hold >= 0) {
          const [held] = holds.splice(hold, 1);
          held!.arrived();
          await held!.released;
        }
        response.writeHead(200, replayed ? { ...headers, 'idempotent-replayed': 'true' } : headers);
        response.end(json);
      } catch (error) {
        // A stand-in bug answers as a Stripe outage would, rather than leaving the SDK waiting.
        const failure =
          error instanceof ApiError
            ? error
            : new ApiError(500, String(error), { type: 'api_error' });
        // "Don't retry": the SDK retries 5xx twice by default, which would hide a failNext.
        response.writeHead(failure.status, { ...headers, 'stripe-should-retry': 'false' });
        response.end(JSON.stringify(failure.body));
      }
    })();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as AddressInfo).port;
  baseUrl = `http://127.0.0.1:${port}`;

  return {
    url: baseUrl,
    host: '127.0.0.1',
    port,
    apiKey,
    webhookSecret,
    customers,
    sessions,
    subscriptions,
    invoices,
    prices,
    /** Each customer's credit balance (cents) left by switches. */
    credits,
    /** Products made with a price (`product_data`). */
    products,
    /** Every refund made, in order (the product's, and those `refundPayment` makes). */
    refunds,
    charges,
    disputes,
    requests,
    events,
    /** Fixes the stand-in's clock (unix seconds); null returns to `options.now` or the wall. */
    setNow(seconds: number | null) {
      fixedNow = seconds;
    },
    /** The next `method` request whose path starts with `pathPrefix` answers a Stripe api_error. */
    failNext(method: string, pathPrefix: string, status = 500) {
      faults.push({ method: method.toUpperCase(), pathPrefix, status });
    },
    /**
     * The next `method` request whose path starts with `pathPrefix` is answered as things are
     * when it arrives, but the answer is held back until `release()`: a slow read whose result
     * is overtaken by later changes. `arrived` resolves once the request has been answered.
     */
    holdNext(method: string, pathPrefix: string) {
      let arrived = () => {};
      let release = () => {};
      const reached = new Promise<void>((resolve) => (arrived = resolve));
      const released = new Promise<void>((resolve) => (release = resolve));
      holds.push({ method: method.toUpperCase(), pathPrefix, arrived, released });
      return { arrived: reached, release };
    },
    /** The card declines the next switch's charge. */
    declineNextSwitch() {
      declines += 1;
    },
    /** The customer pays on the checkout page: the session completes, the subscription starts. */
    completeCheckout(sessionId: string) {
      const session = find(sessions, 'checkout.session', sessionId);
      const plan = plans.get(sessionId);
      if (session.status !== 'open' || !plan) throw new Error(`Checkout ${sessionId} is not open`);
      // Without a customer, checkout makes one from what the buyer types in.
      const customer = session.customer ?? createCustomer({}).id;
      const sub = subscriptionOf(customer, plan.lines, { ...plan.metadata }, now());
      subscriptions.set(sub.id, sub);
      const invoice = pay(bill(sub, 'subscription_create', [now(), now()]));
      Object.assign(session, { status: 'complete', payment_status: 'paid', url: null });
      Object.assign(session, { subscription: sub.id, customer });
      // Stripe promises no order; a test may deliver these in any.
      return [
        emit('checkout.session.completed', session),
        emit('customer.subscription.created', sub),
        emit('invoice.paid', invoice),
      ];
    },
    /** The period ends and the renewal is paid. */
    renew(subId: string) {
      const sub = live(subId);
      // Stripe would end such a subscription (endSubscription), or keep retrying its invoice.
      if (sub.cancel_at_period_end || sub.status !== 'active')
        throw new Error(`${subId} does not renew: it is ${sub.status} or cancels at period end`);
      const invoice = pay(billRenewal(sub));
      sub.status = 'active';
      return [emit('invoice.paid', invoice), emit('customer.subscription.updated', sub)];
    },
    /**
     * The renewal payment fails. As at Stripe, the period moves on anyway (it was invoiced) and the
     * invoice stays open; failing again while past_due is a failed retry of that same invoice.
     */
    failPayment(subId: string) {
      const sub = live(subId);
      const invoice = openInvoice(sub) ?? billRenewal(sub);
      invoice.attempt_count += 1;
      sub.status = 'past_due';
      return [emit('invoice.payment_failed', invoice), emit('customer.subscription.updated', sub)];
    },
    /** A retry of the open invoice succeeds. */
    recoverPayment(subId: string) {
      const sub = live(subId);
      const invoice = openInvoice(sub);
      if (sub.status !== 'past_due' || !invoice) throw new Error(`${subId} is not past_due`);
      pay(invoice);
      sub.status = 'active';
      return [emit('invoice.paid', invoice), emit('customer.subscription.updated', sub)];
    },
    /**
     * A refund made in Stripe's dashboard (not by the product): of the latest paid invoice's
     * charge, or `invoice`'s, in full unless `amount` says less. Returns charge.refunded.
     */
    refundPayment(subId: string, { amount, invoice }: { amount?: number; invoice?: string } = {}) {
      const charge = paidCharge(subId, invoice);
      const before = events.length;
      refundCharge(charge, amount === undefined ? {} : { amount: String(amount) });
      return events.slice(before);
    },
    /**
     * The card's holder disputes the latest paid invoice's charge (or `invoice`'s) with their bank:
     * a dispute that needs a response. Returns charge.dispute.created; the dispute is its object.
     */
    disputePayment(subId: string, { invoice }: { invoice?: string } = {}) {
      const charge = paidCharge(subId, invoice);
      const dispute = disputeOf(charge, now());
      disputes.set(dispute.id, dispute);
      charge.disputed = true;
      return [emit('charge.dispute.created', dispute)];
    },
    /** The bank decides the dispute: won (the money comes back) or lost. */
    closeDispute(disputeId: string, status: 'won' | 'lost') {
      const dispute = find(disputes, 'dispute', disputeId);
      dispute.status = status;
      return [emit('charge.dispute.closed', dispute)];
    },
    /** Stripe ends the subscription: at the end of a canceled period, or when retries run out. */
    endSubscription(subId: string) {
      return [end(live(subId))];
    },
    /**
     * An event's delivery: its body and Stripe-Signature header. Signed at the wall clock (the
     * SDK's default), which `constructEvent` checks against, not at the stand-in's clock.
     */
    sign(
      event: Stripe.Event,
      { secret = webhookSecret, timestamp }: { secret?: string; timestamp?: number } = {},
    ) {
      const payload = JSON.stringify(event, null, 2);
      return {
        payload,
        signature: Stripe.webhooks.generateTestHeaderString({ payload, secret, timestamp }),
      };
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections(); // the SDK keeps connections alive, which would hold close()
      }),
  };
}
export type StripeStandIn = Awaited<ReturnType<typeof startStripeStandIn>>;
