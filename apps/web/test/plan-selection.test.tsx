import { describe, expect, it, onTestFinished, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import {
  guardMessages,
  memberTexts,
  organizationEditorTexts,
  paymentMessages,
  paymentTexts,
  plans,
  type MemberRole,
  type Subscription,
} from '@si/contracts';
import { apiError, guestUser, json, makeUser, renderApp, stubApi } from './auth-fixtures';
import { makeOrganization, makeSubscription } from './fixtures';

const orgId = '11111111-1111-4111-8111-111111111111';
const organization = makeOrganization({
  id: orgId,
  name: 'Riverbank Learning',
  paymentStatus: 'pending',
  subscriptionType: null,
  published: false,
});
const selectPath = `/payments/select/${orgId}?new=1`;

/** The user's organizations: this one, in `role` (ADR 047), or none. */
const mine = (role: MemberRole | null) => () =>
  json({ data: role ? [{ ...organization, myRole: role }] : [] });

function planApi(extra: Parameters<typeof stubApi>[0] = {}) {
  const user = makeUser();
  return stubApi({
    'GET /api/auth/session': () => json({ data: user }),
    'GET /api/users/profile': () => json({ data: user }),
    'GET /api/users/organizations': mine('owner'),
    [`GET /api/organizations/${orgId}`]: () => json({ data: organization }),
    [`GET /api/payments/subscription/${orgId}`]: () => json({ data: null }),
    ...extra,
  });
}

/** window.location.assign, kept from leaving the test page. */
function stubAssign() {
  return vi.spyOn(window.location, 'assign').mockImplementation(() => {});
}

/** A request that answers only when the test says so (at the latest when the test ends). */
function held() {
  let release!: (value: Response) => void;
  const answer = new Promise<Response>((resolve) => (release = resolve));
  onTestFinished(() => release(new Response(null, { status: 500 })));
  return { answer, release };
}

const choose = (name: string) =>
  screen.getByRole('button', { name: paymentTexts.choosePlan(name) });

async function openPlans(path = selectPath) {
  const view = renderApp(path);
  await screen.findByRole('button', { name: paymentTexts.choosePlan('Monthly') });
  return view;
}

describe('plan selection', () => {
  it('shows both plans with their prices, the annual one marked, and the guest code form', async () => {
    planApi();
    await openPlans();
    expect(
      screen.getByRole('heading', { level: 1, name: paymentTexts.selectPlanTitle }),
    ).toBeTruthy();
    expect(screen.getByText('Riverbank Learning')).toBeTruthy();
    const monthly = screen.getByRole('article', { name: 'Monthly' });
    expect(within(monthly).getByText('$12')).toBeTruthy();
    expect(within(monthly).getByText('per month')).toBeTruthy();
    expect(within(monthly).queryByText('Best Value')).toBeNull();
    const annual = screen.getByRole('article', { name: 'Annual' });
    expect(within(annual).getByText('$100')).toBeTruthy();
    expect(within(annual).getByText('per year')).toBeTruthy();
    expect(within(annual).getByText('Best Value')).toBeTruthy();
    expect(within(annual).getByText('Save 16%')).toBeTruthy();
    expect(within(annual).getByText('Save $44 compared to monthly plan')).toBeTruthy();
    for (const feature of plans.annual.features) {
      expect(within(annual).getByText(feature)).toBeTruthy();
    }
    expect(screen.getByRole('heading', { name: paymentTexts.guestCodeTitle })).toBeTruthy();
    await waitFor(() =>
      expect(document.title).toBe(`${paymentTexts.selectPlanTitle} - Scaling Impact`),
    );
  });

  it('disables every button while the checkout is prepared, then leaves for its address', async () => {
    const checkout = held();
    let sent: unknown;
    planApi({
      'POST /api/payments/create-checkout-session': ({ body }) => {
        sent = body;
        return checkout.answer;
      },
    });
    const assign = stubAssign();
    await openPlans();
    const user = userEvent.setup();
    await user.type(screen.getByLabelText(paymentTexts.guestCodeLabel), 'FRIENDS');
    await user.click(choose('Annual'));

    const processing = await screen.findByRole('button', { name: paymentTexts.processing });
    expect(within(screen.getByRole('article', { name: 'Annual' })).getByRole('button')).toBe(
      processing,
    );
    expect(processing).toHaveProperty('disabled', true);
    expect(choose('Monthly')).toHaveProperty('disabled', true);
    expect(screen.getByRole('button', { name: paymentTexts.apply })).toHaveProperty(
      'disabled',
      true,
    );
    expect(sent).toEqual({ organizationId: orgId, plan: 'annual' });

    checkout.release(
      await json({ data: { sessionId: 'cs_1', url: '/payments/test-checkout/cs_1' } }),
    );
    await waitFor(() => expect(assign).toHaveBeenCalledWith('/payments/test-checkout/cs_1'));
    // Still processing while the browser leaves.
    expect(screen.getByRole('button', { name: paymentTexts.processing })).toBeTruthy();
  });

  it('goes back to idle with the error when the checkout cannot be prepared', async () => {
    planApi({
      'POST /api/payments/create-checkout-session': () =>
        apiError(502, 'PAYMENT_PROVIDER_UNAVAILABLE', paymentMessages.providerUnavailable),
    });
    const assign = stubAssign();
    await openPlans();
    await userEvent.setup().click(choose('Monthly'));

    const alert = await screen.findByTestId('checkout-error');
    expect(alert.textContent).toContain(paymentTexts.checkoutFailed);
    expect(alert.getAttribute('role')).toBe('alert');
    expect(choose('Monthly')).toHaveProperty('disabled', false);
    expect(choose('Annual')).toHaveProperty('disabled', false);
    expect(screen.queryByRole('button', { name: paymentTexts.processing })).toBeNull();
    expect(assign).not.toHaveBeenCalled();
  });

  it('says the subscription is active when the organization already has one', async () => {
    planApi({
      [`GET /api/payments/subscription/${orgId}`]: () =>
        json({ data: makeSubscription({ organizationId: orgId, status: 'canceled' }) }),
    });
    renderApp(selectPath);
    expect(await screen.findByText(paymentTexts.alreadyActiveTitle)).toBeTruthy();
    expect(
      screen.getByRole('link', { name: paymentTexts.editOrganization }).getAttribute('href'),
    ).toBe(`/organizations/${orgId}/edit`);
    expect(screen.queryByRole('button', { name: paymentTexts.choosePlan('Monthly') })).toBeNull();
  });

  it('says what is true in each state: new, live and ended (ADR 019)', async () => {
    const introNew =
      'Your organization is saved. Choose a plan to publish its profile in the directory.';
    planApi();
    const first = await openPlans();
    expect(screen.getByText(introNew)).toBeTruthy();
    first.unmount();

    for (const status of ['paid', 'canceled', 'past_due'] as const) {
      planApi({
        [`GET /api/payments/subscription/${orgId}`]: () =>
          json({ data: makeSubscription({ organizationId: orgId, status }) }),
      });
      const live = renderApp(selectPath);
      expect(await screen.findByText(paymentTexts.alreadyActiveTitle)).toBeTruthy();
      expect(screen.queryByText(introNew), status).toBeNull();
      expect(screen.queryByText(/Choose a plan/), status).toBeNull();
      live.unmount();
    }

    planApi({
      [`GET /api/payments/subscription/${orgId}`]: () =>
        json({
          data: makeSubscription({ organizationId: orgId, status: 'expired', published: false }),
        }),
    });
    await openPlans();
    expect(
      screen.getByText(
        'The subscription for this organization has ended, so its profile is hidden from the directory. Choose a plan to publish it again.',
      ),
    ).toBeTruthy();
    expect(screen.queryByText(introNew)).toBeNull();
    expect(screen.queryByText(paymentTexts.alreadyActiveTitle)).toBeNull();
  });

  it('shows the active state after the server refuses a second subscription', async () => {
    let subscribed = false;
    planApi({
      [`GET /api/payments/subscription/${orgId}`]: () =>
        json({ data: subscribed ? makeSubscription({ organizationId: orgId }) : null }),
      'POST /api/payments/create-checkout-session': () => {
        subscribed = true;
        return apiError(409, 'ALREADY_SUBSCRIBED', paymentMessages.alreadySubscribed);
      },
    });
    await openPlans();
    await userEvent.setup().click(choose('Monthly'));
    expect(await screen.findByText(paymentTexts.alreadyActiveTitle)).toBeTruthy();
    // The card says it all: no error above it.
    expect(screen.queryByText(paymentTexts.checkoutFailed)).toBeNull();
    expect(screen.queryByTestId('checkout-error')).toBeNull();
  });

  it('never shows the error while the subscription is read again after that refusal', async () => {
    const subscriptionRead = held();
    let reads = 0;
    planApi({
      [`GET /api/payments/subscription/${orgId}`]: () => {
        reads += 1;
        return reads === 1 ? json({ data: null }) : subscriptionRead.answer;
      },
      'POST /api/payments/create-checkout-session': () =>
        apiError(409, 'ALREADY_SUBSCRIBED', paymentMessages.alreadySubscribed),
    });
    await openPlans();
    await userEvent.setup().click(choose('Monthly'));
    await waitFor(() => expect(reads).toBe(2));
    expect(screen.getByRole('button', { name: paymentTexts.processing })).toBeTruthy();
    expect(screen.queryByTestId('checkout-error')).toBeNull();
    subscriptionRead.release(await json({ data: makeSubscription({ organizationId: orgId }) }));
    expect(await screen.findByText(paymentTexts.alreadyActiveTitle)).toBeTruthy();
    expect(screen.queryByTestId('checkout-error')).toBeNull();
  });

  it('says "Organization Not Found" to someone who is no member, even its creator who left', async () => {
    planApi({
      [`GET /api/organizations/${orgId}`]: () =>
        json({ data: { ...organization, createdBy: makeUser().id, published: true } }),
      'GET /api/users/organizations': mine(null),
    });
    renderApp(selectPath);
    expect(await screen.findByText(`Organization with ID "${orgId}" not found`)).toBeTruthy();
    expect(screen.queryByRole('button', { name: paymentTexts.choosePlan('Monthly') })).toBeNull();
  });

  it('shows the plans to an owner who did not create it, and tells an editor only owners choose (ADR 047)', async () => {
    planApi({
      [`GET /api/organizations/${orgId}`]: () =>
        json({ data: { ...organization, createdBy: 'someone-else' } }),
    });
    const first = await openPlans();
    first.unmount();

    planApi({ 'GET /api/users/organizations': mine('editor') });
    renderApp(selectPath);
    expect(
      await screen.findByRole('heading', { level: 1, name: memberTexts.ownersOnly }),
    ).toBeTruthy();
    expect(screen.queryByRole('button', { name: paymentTexts.choosePlan('Monthly') })).toBeNull();
  });

  it('sends an anonymous guest to /login with its message', async () => {
    stubApi({ 'GET /api/auth/session': () => json({ data: guestUser }) });
    const { router } = renderApp(selectPath);
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    expect(router.state.location.state).toMatchObject({ message: guardMessages.signInToContinue });
  });
});

describe('the guest code', () => {
  it('shows the server’s message under the field and keeps the code', async () => {
    let sent: unknown;
    planApi({
      'POST /api/payments/apply-guest-code': ({ body }) => {
        sent = body;
        return apiError(400, 'INVALID_GUEST_CODE', paymentMessages.guestCodeExpired);
      },
    });
    await openPlans();
    const user = userEvent.setup();
    const input = screen.getByLabelText(paymentTexts.guestCodeLabel) as HTMLInputElement;
    // Nothing typed: nothing to apply.
    expect(screen.getByRole('button', { name: paymentTexts.apply })).toHaveProperty(
      'disabled',
      true,
    );
    await user.type(input, ' SPRING-26 ');
    await user.click(screen.getByRole('button', { name: paymentTexts.apply }));

    expect(await screen.findByText(paymentMessages.guestCodeExpired)).toBeTruthy();
    expect(sent).toEqual({ organizationId: orgId, code: 'SPRING-26' });
    expect(input.getAttribute('aria-invalid')).toBe('true');
    expect(input.value).toBe(' SPRING-26 ');
  });

  it("says 'Invalid guest code' when the answer carries no message", async () => {
    planApi({
      'POST /api/payments/apply-guest-code': () =>
        Promise.resolve(new Response('Bad Request', { status: 400 })),
    });
    await openPlans();
    const user = userEvent.setup();
    await user.type(screen.getByLabelText(paymentTexts.guestCodeLabel), 'NOPE');
    await user.click(screen.getByRole('button', { name: paymentTexts.apply }));
    expect(await screen.findByText(paymentTexts.invalidGuestCode)).toBeTruthy();
  });

  /** Applies a guest code to an organization whose subscription until then is `before`. */
  async function applyGuestCode(before: Subscription | null) {
    let applied = false;
    planApi({
      'POST /api/payments/apply-guest-code': () => {
        applied = true;
        return json({
          data: makeSubscription({ organizationId: orgId, type: 'guest', provider: 'guest' }),
        });
      },
      [`GET /api/payments/subscription/${orgId}`]: () =>
        json({
          data: applied
            ? makeSubscription({ organizationId: orgId, type: 'guest', provider: 'guest' })
            : before,
        }),
      'GET /api/categories': () => json({ data: [] }),
      'GET /api/category-groups': () => json({ data: [] }),
      'GET /api/countries': () => json({ data: [] }),
    });
    const { router } = await openPlans();
    const user = userEvent.setup();
    await user.type(screen.getByLabelText(paymentTexts.guestCodeLabel), 'FRIENDS');
    await user.click(screen.getByRole('button', { name: paymentTexts.apply }));
    await waitFor(() =>
      expect(router.state.location.pathname).toBe(`/organizations/${orgId}/edit`),
    );
    await screen.findByText(paymentTexts.guestCodeConfirmed);
    return router;
  }

  // ADR 019: the greeting of docs/product.md#creating-and-editing-an-organization, above the confirmation.
  it('goes to the editor with success=true&guest=true once applied, greeting a new organization', async () => {
    const router = await applyGuestCode(null);
    expect(router.state.location.search).toBe('?success=true&guest=true&new=1');
    const banner = screen.getByText(organizationEditorTexts.createdBanner);
    const heading = screen.getByRole('heading', {
      level: 1,
      name: organizationEditorTexts.completeHeading,
    });
    const confirmation = screen.getByText(paymentTexts.guestCodeConfirmed);
    expect(banner.compareDocumentPosition(heading) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    expect(
      heading.compareDocumentPosition(confirmation) & Node.DOCUMENT_POSITION_FOLLOWING,
    ).toBeTruthy();
  });

  it('does not greet an organization that had a subscription before as newly created', async () => {
    const router = await applyGuestCode(
      makeSubscription({ organizationId: orgId, status: 'expired' }),
    );
    expect(router.state.location.search).toBe('?success=true&guest=true');
    expect(
      screen.getByRole('heading', { level: 1, name: organizationEditorTexts.editHeading }),
    ).toBeTruthy();
    expect(screen.queryByText(organizationEditorTexts.createdBanner)).toBeNull();
  });
});
