import { describe, expect, it, onTestFinished } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { notFoundTexts, paymentTexts, type TestCheckout } from '@si/contracts';
import { apiError, json, makeUser, renderApp, stubApi } from './auth-fixtures';

const orgId = '11111111-1111-4111-8111-111111111111';
const checkoutPath = '/payments/test-checkout/cs_test_1';
const apiPath = '/api/payments/test-checkout/cs_test_1';

function makeCheckout(overrides: Partial<TestCheckout> = {}): TestCheckout {
  return {
    sessionId: 'cs_test_1',
    organizationId: orgId,
    organizationName: 'Riverbank Learning',
    plan: 'monthly',
    amountCents: 1200,
    currency: 'usd',
    open: true,
    ...overrides,
  };
}

function checkoutApi(checkout: TestCheckout | null, extra: Parameters<typeof stubApi>[0] = {}) {
  const user = makeUser();
  return stubApi({
    'GET /api/auth/session': () => json({ data: user }),
    'GET /api/users/profile': () => json({ data: user }),
    [`GET ${apiPath}`]: () =>
      checkout ? json({ data: checkout }) : apiError(404, 'NOT_FOUND', 'Not found'),
    ...extra,
  });
}

describe('the test checkout', () => {
  it('is marked test mode and shows the organization, the plan and the amount', async () => {
    checkoutApi(makeCheckout());
    renderApp(checkoutPath);
    expect(
      await screen.findByRole('heading', { level: 1, name: paymentTexts.testCheckoutTitle }),
    ).toBeTruthy();
    expect(screen.getByText(paymentTexts.testModeBadge)).toBeTruthy();
    expect(screen.getByText(paymentTexts.testModeNotice)).toBeTruthy();
    expect(screen.getByText('Riverbank Learning')).toBeTruthy();
    expect(screen.getByText('Monthly')).toBeTruthy();
    expect(screen.getByText('$12.00 per month')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Pay $12.00' })).toBeTruthy();
    expect(screen.getByRole('button', { name: paymentTexts.testCheckoutCancel })).toBeTruthy();
  });

  it('shows the annual amount', async () => {
    checkoutApi(makeCheckout({ plan: 'annual', amountCents: 10000 }));
    renderApp(checkoutPath);
    expect(await screen.findByText('$100.00 per year')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Pay $100.00' })).toBeTruthy();
  });

  it("pays: 'Paying...' with both buttons disabled, then the address the server answers", async () => {
    let release!: () => void;
    const answered = new Promise<void>((resolve) => (release = resolve));
    onTestFinished(() => release());
    const success = `/organizations/${orgId}/edit?success=true&session_id=cs_test_1`;
    checkoutApi(makeCheckout(), {
      [`POST ${apiPath}/pay`]: () => answered.then(() => json({ data: { url: success } })),
    });
    const { router } = renderApp(checkoutPath);
    await userEvent.setup().click(await screen.findByRole('button', { name: 'Pay $12.00' }));
    const paying = await screen.findByRole('button', { name: paymentTexts.testCheckoutPaying });
    expect(paying).toHaveProperty('disabled', true);
    expect(screen.getByRole('button', { name: paymentTexts.testCheckoutCancel })).toHaveProperty(
      'disabled',
      true,
    );
    release();
    await waitFor(() =>
      expect(router.state.location.pathname).toBe(`/organizations/${orgId}/edit`),
    );
    expect(router.state.location.search).toBe('?success=true&session_id=cs_test_1');
  });

  it('cancels to the address the server answers', async () => {
    checkoutApi(makeCheckout(), {
      [`POST ${apiPath}/cancel`]: () => json({ data: { url: `/payments/canceled?org=${orgId}` } }),
    });
    const { router } = renderApp(checkoutPath);
    await userEvent
      .setup()
      .click(await screen.findByRole('button', { name: paymentTexts.testCheckoutCancel }));
    expect(
      await screen.findByRole('heading', { level: 1, name: paymentTexts.canceledTitle }),
    ).toBeTruthy();
    expect(router.state.location.search).toBe(`?org=${orgId}`);
  });

  it('says a closed checkout is no longer open, with the way to the dashboard', async () => {
    checkoutApi(makeCheckout({ open: false }));
    renderApp(checkoutPath);
    expect(await screen.findByText(paymentTexts.testCheckoutClosed)).toBeTruthy();
    expect(
      screen.getByRole('link', { name: paymentTexts.goToDashboard }).getAttribute('href'),
    ).toBe('/dashboard');
    expect(screen.queryByRole('button', { name: 'Pay $12.00' })).toBeNull();
  });

  it('is the not-found page for a checkout that is not the caller’s (or with a provider)', async () => {
    checkoutApi(null);
    renderApp(checkoutPath);
    expect(
      await screen.findByRole('heading', { level: 1, name: notFoundTexts.title }),
    ).toBeTruthy();
    await waitFor(() => expect(document.title).toBe(`${notFoundTexts.title} - Scaling Impact`));
  });
});
