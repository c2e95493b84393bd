import { describe, expect, it, onTestFinished, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import {
  isLiveSubscriptionStatus,
  liveSubscriptionStatuses,
  organizationEditorTexts,
  PAYMENT_POLL_ATTEMPTS,
  PAYMENT_POLL_INTERVAL_MS,
  paymentMessages,
  paymentTexts,
  subscriptionStatuses,
  type Subscription,
} from '@si/contracts';
import { isLiveSubscription } from '../src/features/payments/api/get-subscription';
import { apiError, callsOf, json, makeUser, renderApp, stubApi } from './auth-fixtures';
import { advanceClock, settleNow, useFakeClock } from './fake-clock';
import {
  categories,
  categoryGroups,
  countries,
  makeOrganization,
  makeSubscription,
} from './fixtures';

const orgId = '2d732f74-eeed-4db2-b3e6-4a5bcab67d9e';
const editPath = `/organizations/${orgId}/edit`;
const sessionPath = '/api/payments/session/cs_test_1';
const returnPath = `${editPath}?success=true&session_id=cs_test_1`;

const organization = makeOrganization({
  categoryIds: ['climate_action', 'open_source', 'nonprofit'],
  paymentStatus: 'pending',
  subscriptionType: null,
  published: false,
});

function gateApi(subscription: Subscription | null, extra: Parameters<typeof stubApi>[0] = {}) {
  const user = makeUser();
  return stubApi({
    'GET /api/auth/session': () => json({ data: user }),
    'GET /api/users/profile': () => json({ data: user }),
    [`GET /api/organizations/${orgId}`]: () => json({ data: organization }),
    'GET /api/categories': () => json({ data: categories }),
    'GET /api/category-groups': () => json({ data: categoryGroups }),
    'GET /api/countries': () => json({ data: countries }),
    [`GET /api/payments/subscription/${orgId}`]: () => json({ data: subscription }),
    // The signed-in user is its owner (ADR 047): the edit page opens by role.
    'GET /api/users/organizations': () => json({ data: [{ ...organization, myRole: 'owner' }] }),
    ...extra,
  });
}

const unpaid = () => json({ data: { sessionId: 'cs_test_1', organizationId: orgId, paid: false } });
const paid = () => json({ data: { sessionId: 'cs_test_1', organizationId: orgId, paid: true } });
const attemptText = (attempt: number) => paymentTexts.attempt(attempt, PAYMENT_POLL_ATTEMPTS);

describe('the payment gate, back from a checkout', () => {
  it('asks every 3 s, counting the attempts, then times out after 10; Try Verifying Again starts over', async () => {
    let asked = 0;
    let answerFirst!: () => void;
    const firstAnswered = new Promise<void>((resolve) => (answerFirst = resolve));
    onTestFinished(() => answerFirst());
    const fetchMock = gateApi(null, {
      [`GET ${sessionPath}`]: async () => {
        asked += 1;
        if (asked === 1) await firstAnswered;
        return unpaid();
      },
    });
    renderApp(returnPath);
    expect(
      await screen.findByRole('heading', { level: 1, name: paymentTexts.verifying }),
    ).toBeTruthy();
    expect(screen.getByText(attemptText(1))).toBeTruthy();
    expect(screen.getByText('Attempt 1 of 10...')).toBeTruthy();

    // The first answer ('not paid yet') arrives on the fake clock: the next attempt is 3 s later.
    useFakeClock();
    answerFirst();
    await settleNow(() => expect(asked).toBe(1));
    await advanceClock(0);
    await advanceClock(PAYMENT_POLL_INTERVAL_MS - 1);
    expect(screen.getByText(attemptText(1))).toBeTruthy();
    expect(asked).toBe(1);
    await advanceClock(1);
    expect(screen.getByText(attemptText(2))).toBeTruthy();
    expect(asked).toBe(2);
    for (let attempt = 3; attempt < PAYMENT_POLL_ATTEMPTS; attempt += 1) {
      await advanceClock(PAYMENT_POLL_INTERVAL_MS);
      expect(screen.getByText(attemptText(attempt))).toBeTruthy();
      expect(asked).toBe(attempt);
    }
    // The last attempt's answer comes at once here: the timeout follows it.
    await advanceClock(PAYMENT_POLL_INTERVAL_MS);

    await settleNow(() =>
      expect(
        screen.getByRole('heading', { level: 1, name: paymentTexts.timeoutTitle }),
      ).toBeTruthy(),
    );
    expect(asked).toBe(PAYMENT_POLL_ATTEMPTS);
    expect(screen.getByText(paymentTexts.timeoutMessage)).toBeTruthy();
    expect(screen.getByText(paymentTexts.timeoutReassurance)).toBeTruthy();
    // No eleventh attempt of its own.
    await advanceClock(PAYMENT_POLL_INTERVAL_MS * 2);
    expect(asked).toBe(PAYMENT_POLL_ATTEMPTS);
    // The editor is never shown meanwhile. The subscription (none) is asked after each answer.
    expect(screen.queryByRole('button', { name: organizationEditorTexts.saveChanges })).toBeNull();
    expect(
      callsOf(fetchMock).filter((call) => call === `GET /api/payments/subscription/${orgId}`),
    ).toHaveLength(PAYMENT_POLL_ATTEMPTS);

    const reload = vi.spyOn(window.location, 'reload').mockImplementation(() => {});
    fireEvent.click(screen.getByRole('button', { name: paymentTexts.refreshPage }));
    expect(reload).toHaveBeenCalledTimes(1);

    fireEvent.click(screen.getByRole('button', { name: paymentTexts.tryVerifyingAgain }));
    await settleNow(() => expect(screen.getByText(attemptText(1))).toBeTruthy());
    await settleNow(() => expect(asked).toBe(PAYMENT_POLL_ATTEMPTS + 1));
    await advanceClock(PAYMENT_POLL_INTERVAL_MS);
    expect(screen.getByText(attemptText(2))).toBeTruthy();
  });

  it('opens the editor with the confirmation once paid, reading the organization again', async () => {
    let published = false;
    const fetchMock = gateApi(null, {
      [`GET /api/organizations/${orgId}`]: () =>
        json({
          data: { ...organization, published, paymentStatus: published ? 'paid' : 'pending' },
        }),
      [`GET ${sessionPath}`]: () => {
        published = true;
        return paid();
      },
    });
    renderApp(returnPath);
    expect(await screen.findByText(paymentTexts.paymentConfirmed)).toBeTruthy();
    expect(screen.getByRole('button', { name: organizationEditorTexts.saveChanges })).toBeTruthy();
    expect(screen.queryByText(paymentTexts.verifying)).toBeNull();
    // Read at the page's start and again after the payment: the editor starts from the latter.
    const reads = callsOf(fetchMock).filter((call) => call === `GET /api/organizations/${orgId}`);
    expect(reads.length).toBeGreaterThanOrEqual(2);
    expect(callsOf(fetchMock).filter((call) => call === `GET ${sessionPath}`)).toHaveLength(1);
  });

  // ADR 019: the checkout's return address of a first subscription carries ?new=1.
  it('greets a newly created organization above the payment confirmation', async () => {
    gateApi(null, { [`GET ${sessionPath}`]: paid });
    renderApp(`${editPath}?success=true&new=1&session_id=cs_test_1`);
    const confirmation = await screen.findByText(paymentTexts.paymentConfirmed);
    const banner = screen.getByText(organizationEditorTexts.createdBanner);
    const heading = screen.getByRole('heading', {
      level: 1,
      name: organizationEditorTexts.completeHeading,
    });
    expect(banner.compareDocumentPosition(heading) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    expect(
      heading.compareDocumentPosition(confirmation) & Node.DOCUMENT_POSITION_FOLLOWING,
    ).toBeTruthy();
  });

  it('shows the verification first even while the organization is still loading', async () => {
    let answer!: () => void;
    const answered = new Promise<void>((resolve) => (answer = resolve));
    onTestFinished(() => answer());
    gateApi(null, {
      [`GET /api/organizations/${orgId}`]: () => answered.then(() => json({ data: organization })),
      [`GET ${sessionPath}`]: unpaid,
    });
    renderApp(returnPath);
    expect(await screen.findByText(attemptText(1))).toBeTruthy();
  });
});

describe('the payment gate, back from a checkout, on the right evidence', () => {
  const otherOrgId = '6b1f0c3e-8a57-4d2b-9c1e-3f4a5b6c7d8e';
  const otherOrganization = makeOrganization({
    id: otherOrgId,
    name: 'Another Organization',
    paymentStatus: 'pending',
    subscriptionType: null,
    published: false,
  });
  const paidForOther = () =>
    json({ data: { sessionId: 'cs_test_1', organizationId: otherOrgId, paid: true } });

  it('does not open the editor for a session paid for another organization', async () => {
    let asked = 0;
    gateApi(null, {
      [`GET ${sessionPath}`]: () => {
        asked += 1;
        return paidForOther();
      },
    });
    renderApp(returnPath);
    // This organization has no subscription: payment is asked for, without polling on.
    expect(
      await screen.findByRole('heading', { level: 1, name: paymentTexts.paymentRequiredTitle }),
    ).toBeTruthy();
    expect(screen.queryByRole('button', { name: organizationEditorTexts.saveChanges })).toBeNull();
    expect(screen.queryByText(paymentTexts.paymentConfirmed)).toBeNull();
    expect(asked).toBe(1);
  });

  it("opens the editor without the confirmation when another organization's session comes back but this one is live", async () => {
    gateApi(makeSubscription({ status: 'canceled' }), {
      [`GET ${sessionPath}`]: paidForOther,
    });
    renderApp(returnPath);
    expect(
      await screen.findByRole('button', { name: organizationEditorTexts.saveChanges }),
    ).toBeTruthy();
    expect(screen.queryByText(paymentTexts.paymentConfirmed)).toBeNull();
  });

  it('opens the editor at the first attempt when the session is not paid but the subscription is live', async () => {
    const fetchMock = gateApi(makeSubscription(), { [`GET ${sessionPath}`]: unpaid });
    renderApp(returnPath);
    expect(
      await screen.findByRole('button', { name: organizationEditorTexts.saveChanges }),
    ).toBeTruthy();
    // Not this checkout's payment: no confirmation of it.
    expect(screen.queryByText(paymentTexts.paymentConfirmed)).toBeNull();
    expect(callsOf(fetchMock).filter((call) => call === `GET ${sessionPath}`)).toHaveLength(1);
  });

  it('asks for payment, not a timeout, once the attempts are spent on an old return address of a lapsed organization', async () => {
    let asked = 0;
    let answerFirst!: () => void;
    const firstAnswered = new Promise<void>((resolve) => (answerFirst = resolve));
    onTestFinished(() => answerFirst());
    gateApi(makeSubscription({ status: 'expired', published: false }), {
      [`GET ${sessionPath}`]: async () => {
        asked += 1;
        if (asked === 1) await firstAnswered;
        return unpaid();
      },
    });
    renderApp(returnPath);
    expect(await screen.findByText(attemptText(1))).toBeTruthy();

    // A fresh payment may take seconds: the attempts go on, 3 s apart, as for any checkout.
    useFakeClock();
    answerFirst();
    await settleNow(() => expect(asked).toBe(1));
    await advanceClock(0);
    for (let attempt = 2; attempt < PAYMENT_POLL_ATTEMPTS; attempt += 1) {
      await advanceClock(PAYMENT_POLL_INTERVAL_MS);
      expect(screen.getByText(attemptText(attempt))).toBeTruthy();
      expect(asked).toBe(attempt);
    }
    await advanceClock(PAYMENT_POLL_INTERVAL_MS);
    await settleNow(() =>
      expect(
        screen.getByRole('heading', { level: 1, name: paymentTexts.paymentRequiredTitle }),
      ).toBeTruthy(),
    );
    expect(asked).toBe(PAYMENT_POLL_ATTEMPTS);
    expect(screen.queryByText(paymentTexts.timeoutTitle)).toBeNull();
    expect(screen.getByRole('link', { name: paymentTexts.subscribeNow })).toBeTruthy();
    await advanceClock(PAYMENT_POLL_INTERVAL_MS * 2);
    expect(asked).toBe(PAYMENT_POLL_ATTEMPTS);
  });

  it("starts over on another organization's editor after one was opened by its payment", async () => {
    gateApi(null, {
      [`GET ${sessionPath}`]: paid,
      [`GET /api/organizations/${otherOrgId}`]: () => json({ data: otherOrganization }),
      [`GET /api/payments/subscription/${otherOrgId}`]: () => json({ data: null }),
      // The other organization's checkout is still being verified.
      'GET /api/payments/session/cs_test_2': () => new Promise<Response>(() => {}),
    });
    const { router } = renderApp(returnPath);
    expect(await screen.findByText(paymentTexts.paymentConfirmed)).toBeTruthy();

    await router.navigate(`/organizations/${otherOrgId}/edit?success=true&session_id=cs_test_2`);
    expect(
      await screen.findByRole('heading', { level: 1, name: paymentTexts.verifying }),
    ).toBeTruthy();
    expect(screen.getByText(attemptText(1))).toBeTruthy();
    expect(screen.queryByRole('button', { name: organizationEditorTexts.saveChanges })).toBeNull();
    expect(screen.queryByText(paymentTexts.paymentConfirmed)).toBeNull();
  });

  it("asks for payment on another organization's editor after a live one's was opened", async () => {
    gateApi(makeSubscription(), {
      [`GET /api/organizations/${otherOrgId}`]: () => json({ data: otherOrganization }),
      [`GET /api/payments/subscription/${otherOrgId}`]: () => json({ data: null }),
      'GET /api/users/organizations': () =>
        json({
          data: [organization, otherOrganization].map((one) => ({ ...one, myRole: 'owner' })),
        }),
    });
    const { router } = renderApp(editPath);
    expect(
      await screen.findByRole('button', { name: organizationEditorTexts.saveChanges }),
    ).toBeTruthy();

    await router.navigate(`/organizations/${otherOrgId}/edit`);
    expect(
      await screen.findByRole('heading', { level: 1, name: paymentTexts.paymentRequiredTitle }),
    ).toBeTruthy();
    expect(screen.queryByRole('button', { name: organizationEditorTexts.saveChanges })).toBeNull();
  });
});

describe('the payment gate, otherwise', () => {
  it('asks for payment, with Subscribe Now to plan selection, when there is no subscription', async () => {
    gateApi(null);
    const { router } = renderApp(editPath);
    expect(
      await screen.findByRole('heading', { level: 1, name: paymentTexts.paymentRequiredTitle }),
    ).toBeTruthy();
    expect(screen.getByText(paymentTexts.paymentRequiredBody)).toBeTruthy();
    expect(screen.queryByRole('button', { name: organizationEditorTexts.saveChanges })).toBeNull();
    const subscribe = screen.getByRole('link', { name: paymentTexts.subscribeNow });
    expect(subscribe.getAttribute('href')).toBe(`/payments/select/${orgId}?new=1`);
    await userEvent.setup().click(subscribe);
    await waitFor(() => expect(router.state.location.pathname).toBe(`/payments/select/${orgId}`));
    expect(router.state.location.state).toEqual({ newlyCreated: true });
  });

  it('asks for payment when the subscription has lapsed', async () => {
    gateApi(makeSubscription({ status: 'expired' }));
    renderApp(editPath);
    expect(await screen.findByText(paymentTexts.paymentRequiredTitle)).toBeTruthy();
  });

  it.each(['paid', 'canceled', 'past_due'] as const)(
    'opens the editor for a %s subscription, without a message',
    async (status) => {
      gateApi(makeSubscription({ status }));
      renderApp(editPath);
      expect(
        await screen.findByRole('button', { name: organizationEditorTexts.saveChanges }),
      ).toBeTruthy();
      expect(screen.queryByText(paymentTexts.paymentConfirmed)).toBeNull();
      expect(screen.queryByText(paymentTexts.guestCodeConfirmed)).toBeNull();
    },
  );

  it('opens the editor with the guest code confirmation after a guest code', async () => {
    gateApi(makeSubscription({ type: 'guest', provider: 'guest' }));
    renderApp(`${editPath}?success=true&guest=true`);
    expect(await screen.findByText(paymentTexts.guestCodeConfirmed)).toBeTruthy();
    expect(screen.getByRole('button', { name: organizationEditorTexts.saveChanges })).toBeTruthy();
  });

  it('does not take the address’s word for a guest code: no live subscription, no editor', async () => {
    gateApi(null);
    renderApp(`${editPath}?success=true&guest=true`);
    expect(await screen.findByText(paymentTexts.paymentRequiredTitle)).toBeTruthy();
    expect(screen.queryByText(paymentTexts.guestCodeConfirmed)).toBeNull();
  });

  it('says so, with a retry, when the subscription cannot be checked', async () => {
    let failing = true;
    gateApi(null, {
      [`GET /api/payments/subscription/${orgId}`]: () =>
        failing ? apiError(403, 'FORBIDDEN', 'No') : json({ data: makeSubscription() }),
    });
    renderApp(editPath);
    const notice = await screen.findByTestId('gate-error');
    expect(notice.textContent).toContain(paymentTexts.subscriptionCheckFailed);
    failing = false;
    await userEvent.setup().click(within(notice).getByRole('button', { name: 'Try again' }));
    expect(
      await screen.findByRole('button', { name: organizationEditorTexts.saveChanges }),
    ).toBeTruthy();
  });

  it('says why a save is refused once the subscription has ended meanwhile', async () => {
    gateApi(makeSubscription(), {
      [`PUT /api/organizations/${orgId}`]: () =>
        apiError(402, 'PAYMENT_REQUIRED', paymentMessages.paymentRequired),
    });
    renderApp(editPath);
    await userEvent
      .setup()
      .click(await screen.findByRole('button', { name: organizationEditorTexts.saveChanges }));
    expect(await screen.findByText(paymentMessages.paymentRequired)).toBeTruthy();
  });
});

describe('live subscriptions', () => {
  it('are the statuses contracts name live: paid, canceled and past_due', () => {
    expect(liveSubscriptionStatuses).toEqual(['paid', 'canceled', 'past_due']);
    expect(subscriptionStatuses.filter(isLiveSubscriptionStatus)).toEqual([
      ...liveSubscriptionStatuses,
    ]);
    for (const status of subscriptionStatuses) {
      expect(isLiveSubscription(makeSubscription({ status }))).toBe(
        isLiveSubscriptionStatus(status),
      );
    }
    expect(isLiveSubscription(null)).toBe(false);
  });
});
