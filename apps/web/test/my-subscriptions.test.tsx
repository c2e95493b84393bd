import { describe, expect, it, onTestFinished, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import {
  dashboardTexts,
  paymentMessages,
  paymentTexts,
  publicationStateNames,
  type Invoice,
  type Organization,
  type Subscription,
} from '@si/contracts';
import { apiError, json, makeUser, renderApp, stubApi } from './auth-fixtures';
import { makeMyOrganization, makeSubscription } from './fixtures';

const ids = {
  stripe: '00000000-0000-4000-8000-000000000001',
  test: '00000000-0000-4000-8000-000000000002',
  ending: '00000000-0000-4000-8000-000000000003',
  guest: '00000000-0000-4000-8000-000000000004',
  failed: '00000000-0000-4000-8000-000000000005',
  lapsed: '00000000-0000-4000-8000-000000000006',
  draft: '00000000-0000-4000-8000-000000000007',
};

const subscriptionsOf = (): Subscription[] => [
  makeSubscription({
    organizationId: ids.stripe,
    organizationName: 'Stripe Org',
    type: 'yearly',
    provider: 'stripe',
  }),
  makeSubscription({ organizationId: ids.test, organizationName: 'Test Org' }),
  makeSubscription({
    organizationId: ids.ending,
    organizationName: 'Ending Org',
    status: 'canceled',
  }),
  makeSubscription({
    organizationId: ids.guest,
    organizationName: 'Guest Org',
    type: 'guest',
    provider: 'guest',
  }),
  makeSubscription({
    organizationId: ids.failed,
    organizationName: 'Failed Org',
    status: 'past_due',
    graceEndDate: '2026-12-08T12:00:00.000Z',
  }),
  makeSubscription({
    organizationId: ids.lapsed,
    organizationName: 'Lapsed Org',
    status: 'expired',
    published: false,
  }),
];

const organizationsOf = (): Organization[] => [
  makeMyOrganization({ id: ids.stripe, name: 'Stripe Org' }),
  makeMyOrganization({ id: ids.test, name: 'Test Org' }),
  makeMyOrganization({ id: ids.ending, name: 'Ending Org' }),
  makeMyOrganization({ id: ids.guest, name: 'Guest Org', subscriptionType: 'guest' }),
  makeMyOrganization({ id: ids.failed, name: 'Failed Org' }),
  makeMyOrganization({ id: ids.lapsed, name: 'Lapsed Org', published: false }),
  makeMyOrganization({
    id: ids.draft,
    name: 'Draft Org',
    paymentStatus: 'pending',
    subscriptionType: null,
    published: false,
  }),
];

function dashboardApi(extra: Parameters<typeof stubApi>[0] = {}) {
  const user = makeUser();
  return stubApi({
    'GET /api/auth/session': () => json({ data: user }),
    'GET /api/users/profile': () => json({ data: user }),
    'GET /api/users/organizations': () => json({ data: organizationsOf() }),
    'GET /api/payments/subscriptions': () => json({ data: subscriptionsOf() }),
    'GET /api/payments/invoices': () => json({ data: [] }),
    ...extra,
  });
}

async function openSubscriptions() {
  const view = renderApp('/dashboard/organizations');
  const list = await screen.findByTestId('my-subscriptions');
  return { ...view, list };
}

/** The row of My Subscriptions of an organization. */
function rowOf(name: string) {
  const row = within(screen.getByTestId('my-subscriptions'))
    .getAllByTestId('subscription')
    .find((item) => within(item).queryByText(name));
  if (!row) throw new Error(`No subscription row for ${name}`);
  return row;
}

/** The row of My Organizations of an organization. */
function organizationRowOf(name: string) {
  return within(screen.getByTestId('my-organizations')).getByText(name).closest('li')!;
}

describe('My Subscriptions', () => {
  it('lists plan, status and dates, formatted for people', async () => {
    dashboardApi();
    await openSubscriptions();
    const stripe = within(rowOf('Stripe Org'));
    expect(stripe.getByText('Annual')).toBeTruthy();
    expect(stripe.getByText('Active')).toBeTruthy();
    expect(stripe.getByText(paymentTexts.subscriptionStarted)).toBeTruthy();
    expect(stripe.getByText('Oct 24, 2026')).toBeTruthy();
    expect(stripe.getByText(paymentTexts.subscriptionRenews)).toBeTruthy();
    expect(stripe.getByText('Nov 24, 2026')).toBeTruthy();
    const guest = within(rowOf('Guest Org'));
    expect(guest.getByText('Guest code')).toBeTruthy();
    expect(guest.getByText(paymentTexts.subscriptionEnds)).toBeTruthy();
    expect(within(rowOf('Ending Org')).getByText('Ending')).toBeTruthy();
    expect(within(rowOf('Failed Org')).getByText('Payment failed')).toBeTruthy();
    expect(within(rowOf('Failed Org')).getByText('Dec 8, 2026')).toBeTruthy();
    expect(within(rowOf('Lapsed Org')).getByText('Lapsed')).toBeTruthy();
    expect(within(rowOf('Lapsed Org')).getByText(paymentTexts.subscriptionEnded)).toBeTruthy();
    expect(within(rowOf('Test Org')).getByText('Monthly')).toBeTruthy();
  });

  it('offers each subscription the actions of its provider and state', async () => {
    dashboardApi();
    await openSubscriptions();
    const actionsOf = (name: string) =>
      within(rowOf(name))
        .queryAllByRole('button')
        .map((button) => button.textContent);
    // A paid subscription that renews may switch to the other plan (ADR 013).
    expect(actionsOf('Stripe Org')).toEqual([
      paymentTexts.switchToPlan('Monthly'),
      paymentTexts.manageBilling,
    ]);
    expect(actionsOf('Test Org')).toEqual([
      paymentTexts.switchToPlan('Annual'),
      paymentTexts.cancelSubscription,
    ]);
    expect(actionsOf('Ending Org')).toEqual([paymentTexts.resumeSubscription]);
    expect(actionsOf('Guest Org')).toEqual([]);
    expect(actionsOf('Failed Org')).toEqual([]);
    expect(actionsOf('Lapsed Org')).toEqual([]);
  });

  it('leaves for the billing portal of a card subscription', async () => {
    dashboardApi({
      [`POST /api/payments/subscriptions/${ids.stripe}/billing-portal`]: () =>
        json({ data: { url: 'https://billing.stripe.test/session/1' } }),
    });
    const assign = vi.spyOn(window.location, 'assign').mockImplementation(() => {});
    await openSubscriptions();
    await userEvent
      .setup()
      .click(within(rowOf('Stripe Org')).getByRole('button', { name: /Manage billing/ }));
    await waitFor(() =>
      expect(assign).toHaveBeenCalledWith('https://billing.stripe.test/session/1'),
    );
  });

  it('says why the billing portal cannot open', async () => {
    dashboardApi({
      [`POST /api/payments/subscriptions/${ids.stripe}/billing-portal`]: () =>
        apiError(502, 'PAYMENT_PROVIDER_UNAVAILABLE', paymentMessages.providerUnavailable),
    });
    await openSubscriptions();
    await userEvent
      .setup()
      .click(within(rowOf('Stripe Org')).getByRole('button', { name: /Manage billing/ }));
    expect(await screen.findByText(paymentMessages.providerUnavailable)).toBeTruthy();
  });

  it('cancels a test subscription after confirming, then shows it ending with a toast', async () => {
    let release!: () => void;
    const answered = new Promise<void>((resolve) => (release = resolve));
    onTestFinished(() => release());
    let canceled = false;
    dashboardApi({
      'GET /api/payments/subscriptions': () =>
        json({
          data: subscriptionsOf().map((item) =>
            canceled && item.organizationId === ids.test
              ? { ...item, status: 'canceled' as const }
              : item,
          ),
        }),
      [`POST /api/payments/subscriptions/${ids.test}/cancel`]: async () => {
        await answered;
        canceled = true;
        return json({
          data: makeSubscription({
            organizationId: ids.test,
            organizationName: 'Test Org',
            status: 'canceled',
          }),
        });
      },
    });
    await openSubscriptions();
    const user = userEvent.setup();
    await user.click(
      within(rowOf('Test Org')).getByRole('button', { name: /Cancel subscription/ }),
    );
    const dialog = await screen.findByRole('alertdialog');
    expect(within(dialog).getByText(paymentTexts.cancelSubscriptionTitle)).toBeTruthy();
    expect(
      within(dialog).getByText(paymentTexts.cancelSubscriptionBody('Nov 24, 2026')),
    ).toBeTruthy();
    await user.click(within(dialog).getByRole('button', { name: paymentTexts.cancelSubscription }));
    const busy = await within(dialog).findByRole('button', { name: paymentTexts.canceling });
    expect(busy).toHaveProperty('disabled', true);
    expect(
      within(dialog).getByRole('button', { name: paymentTexts.keepSubscription }),
    ).toHaveProperty('disabled', true);

    release();
    expect(await screen.findByText(paymentTexts.subscriptionCanceled)).toBeTruthy();
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
    expect(within(rowOf('Test Org')).getByText('Ending')).toBeTruthy();
    expect(
      within(rowOf('Test Org')).getByRole('button', { name: /Resume subscription/ }),
    ).toBeTruthy();
    // My Organizations follows: public until the end of the paid period.
    expect(
      within(organizationRowOf('Test Org')).getByText(paymentTexts.publicUntil('Nov 24, 2026')),
    ).toBeTruthy();
  });

  it('keeps the dialog open with the server’s message when canceling fails', async () => {
    dashboardApi({
      [`POST /api/payments/subscriptions/${ids.test}/cancel`]: () =>
        apiError(409, 'SUBSCRIPTION_STATE', paymentMessages.notCancelable),
    });
    await openSubscriptions();
    const user = userEvent.setup();
    await user.click(
      within(rowOf('Test Org')).getByRole('button', { name: /Cancel subscription/ }),
    );
    const dialog = await screen.findByRole('alertdialog');
    await user.click(within(dialog).getByRole('button', { name: paymentTexts.cancelSubscription }));
    expect(await within(dialog).findByText(paymentMessages.notCancelable)).toBeTruthy();
  });

  it('resumes an ending test subscription with a toast', async () => {
    let resumed = false;
    dashboardApi({
      'GET /api/payments/subscriptions': () =>
        json({
          data: subscriptionsOf().map((item) =>
            resumed && item.organizationId === ids.ending
              ? { ...item, status: 'paid' as const }
              : item,
          ),
        }),
      [`POST /api/payments/subscriptions/${ids.ending}/resume`]: () => {
        resumed = true;
        return json({
          data: makeSubscription({ organizationId: ids.ending, organizationName: 'Ending Org' }),
        });
      },
    });
    await openSubscriptions();
    await userEvent
      .setup()
      .click(within(rowOf('Ending Org')).getByRole('button', { name: /Resume subscription/ }));
    expect(await screen.findByText(paymentTexts.subscriptionResumed)).toBeTruthy();
    await waitFor(() => expect(within(rowOf('Ending Org')).getByText('Active')).toBeTruthy());
    expect(
      within(rowOf('Ending Org')).getByRole('button', { name: /Cancel subscription/ }),
    ).toBeTruthy();
  });

  it('shows a skeleton while loading, then the empty state', async () => {
    let release!: () => void;
    const answered = new Promise<void>((resolve) => (release = resolve));
    onTestFinished(() => release());
    dashboardApi({
      'GET /api/payments/subscriptions': () => answered.then(() => json({ data: [] })),
    });
    renderApp('/dashboard/organizations');
    expect(await screen.findByTestId('subscriptions-loading')).toBeTruthy();
    release();
    expect(await screen.findByText(paymentTexts.subscriptionsEmpty)).toBeTruthy();
  });

  it("says 'Failed to load your subscriptions' when they cannot be loaded", async () => {
    dashboardApi({
      'GET /api/payments/subscriptions': () => apiError(403, 'FORBIDDEN', 'No'),
    });
    renderApp('/dashboard/organizations');
    expect(await screen.findByText(dashboardTexts.subscriptionsFailed)).toBeTruthy();
  });
});

describe('My Organizations', () => {
  it('says where each organization stands, with a one-step way back to a plan', async () => {
    dashboardApi();
    await openSubscriptions();
    const stateOf = (name: string) =>
      within(organizationRowOf(name)).getByTestId('publication-status');
    expect(within(stateOf('Stripe Org')).getByText(publicationStateNames.live)).toBeTruthy();
    expect(within(stateOf('Ending Org')).getByText(publicationStateNames.ending)).toBeTruthy();
    expect(within(stateOf('Ending Org')).getByText('Public until Nov 24, 2026')).toBeTruthy();
    expect(
      within(stateOf('Failed Org')).getByText(publicationStateNames.paymentFailed),
    ).toBeTruthy();
    expect(within(stateOf('Failed Org')).getByText('Public until Dec 8, 2026')).toBeTruthy();
    expect(within(stateOf('Lapsed Org')).getByText(publicationStateNames.lapsed)).toBeTruthy();
    expect(within(stateOf('Lapsed Org')).getByText(paymentTexts.hiddenFromDirectory)).toBeTruthy();
    expect(
      within(stateOf('Lapsed Org'))
        .getByRole('link', { name: /Subscribe again/ })
        .getAttribute('href'),
    ).toBe(`/payments/select/${ids.lapsed}?new=1`);
    expect(within(stateOf('Draft Org')).getByText(publicationStateNames.notPublicYet)).toBeTruthy();
    expect(
      within(stateOf('Draft Org'))
        .getByRole('link', { name: /Choose a plan/ })
        .getAttribute('href'),
    ).toBe(`/payments/select/${ids.draft}?new=1`);
    expect(within(stateOf('Stripe Org')).queryByRole('link')).toBeNull();
  });

  it('opens plan selection with the newly-created flag from Choose a plan', async () => {
    dashboardApi({
      [`GET /api/organizations/${ids.draft}`]: () =>
        json({ data: organizationsOf().find((item) => item.id === ids.draft) }),
      [`GET /api/payments/subscription/${ids.draft}`]: () => json({ data: null }),
    });
    const { router } = await openSubscriptions();
    await userEvent
      .setup()
      .click(within(organizationRowOf('Draft Org')).getByRole('link', { name: /Choose a plan/ }));
    expect(
      await screen.findByRole('button', { name: paymentTexts.choosePlan('Monthly') }),
    ).toBeTruthy();
    expect(router.state.location.pathname).toBe(`/payments/select/${ids.draft}`);
  });
});

const invoicesOf = (): Invoice[] => [
  {
    id: 'receipt-2',
    organizationId: ids.stripe,
    organizationName: 'Stripe Org',
    plan: 'annual',
    provider: 'stripe',
    amountCents: 10000,
    currency: 'usd',
    paidAt: '2026-10-24T12:00:00.000Z',
    periodStart: '2026-10-24T12:00:00.000Z',
    periodEnd: '2027-10-24T12:00:00.000Z',
    number: 'ABCD-0002',
    url: 'https://invoice.stripe.com/i/acct_1/test_abc',
  },
  {
    id: 'receipt-1',
    organizationId: ids.test,
    organizationName: 'Test Org',
    plan: 'monthly',
    provider: 'test',
    amountCents: 1200,
    currency: 'usd',
    paidAt: '2026-09-03T12:00:00.000Z',
    periodStart: '2026-09-03T12:00:00.000Z',
    periodEnd: '2026-10-03T12:00:00.000Z',
    number: null,
    url: null,
  },
];

describe('Past invoices', () => {
  it("lists each payment's amount, date and period, its receipt opening in a new tab", async () => {
    dashboardApi({ 'GET /api/payments/invoices': () => json({ data: invoicesOf() }) });
    renderApp('/dashboard/organizations');
    const rows = await screen.findAllByTestId('invoice');
    expect(rows).toHaveLength(2);
    const paid = within(rows[0]!);
    expect(paid.getByText('Stripe Org')).toBeTruthy();
    expect(paid.getByText('$100.00')).toBeTruthy();
    expect(paid.getByText('Oct 24, 2026')).toBeTruthy();
    expect(paid.getByText('Oct 24, 2026 – Oct 24, 2027')).toBeTruthy();
    const link = paid.getByRole('link', { name: paymentTexts.viewReceipt });
    expect(link.getAttribute('href')).toBe('https://invoice.stripe.com/i/acct_1/test_abc');
    expect(link.getAttribute('target')).toBe('_blank');
    expect(link.getAttribute('rel')).toContain('noopener');
    // The test checkout took no money: there is no receipt page to open.
    const test = within(rows[1]!);
    expect(test.getByText('$12.00')).toBeTruthy();
    expect(test.queryByRole('link')).toBeNull();
    expect(test.getByText(paymentTexts.noReceiptPage)).toBeTruthy();
  });

  it('says when there are none yet', async () => {
    dashboardApi();
    renderApp('/dashboard/organizations');
    expect(await screen.findByText(paymentTexts.invoicesEmpty)).toBeTruthy();
  });

  it('offers to try again when they fail to load', async () => {
    let failures = 1;
    dashboardApi({
      // A 4xx is not retried by itself: the owner's button asks again.
      'GET /api/payments/invoices': () =>
        failures-- > 0 ? apiError(403, 'FORBIDDEN', 'No') : json({ data: invoicesOf() }),
    });
    renderApp('/dashboard/organizations');
    expect(await screen.findByText(paymentTexts.invoicesFailed)).toBeTruthy();
    const section = screen.getByRole('region', { name: paymentTexts.invoicesTitle });
    await userEvent.click(within(section).getByRole('button', { name: dashboardTexts.retry }));
    expect(await screen.findAllByTestId('invoice')).toHaveLength(2);
  });
});
