import { describe, expect, it } from 'vitest';
import { render, screen, waitFor } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { CANCELED_COUNTDOWN_SECONDS, paymentTexts } from '@si/contracts';
import { json, makeUser, renderApp, stubApi } from './auth-fixtures';
import { advanceClock, settleNow, useFakeClock } from './fake-clock';
import { PaymentCanceled } from '../src/features/payments/components/payment-canceled';

const orgId = '11111111-1111-4111-8111-111111111111';

/** Moves the clock second by second: each tick of the countdown schedules the next. */
async function advanceSeconds(seconds: number) {
  for (let second = 0; second < seconds; second += 1) await advanceClock(1000);
}

/** The canceled page alone, beside the two pages it may go to, on a fake clock from the start. */
function renderCanceled(organizationId: string | null) {
  useFakeClock();
  const router = createMemoryRouter(
    [
      { path: '/payments/canceled', element: <PaymentCanceled organizationId={organizationId} /> },
      { path: '/payments/select/:orgId', element: <p>Plans</p> },
      { path: '/dashboard', element: <p>Dashboard</p> },
    ],
    { initialEntries: ['/payments/canceled'] },
  );
  render(<RouterProvider router={router} />);
  return router;
}

describe('the canceled payment', () => {
  it('counts down from 10 one second at a time, then goes back to plan selection with the flag', async () => {
    const router = renderCanceled(orgId);
    await settleNow(() =>
      expect(screen.getByText(paymentTexts.redirectingIn(CANCELED_COUNTDOWN_SECONDS))).toBeTruthy(),
    );
    await advanceClock(999);
    expect(screen.getByText('Redirecting in 10 seconds...')).toBeTruthy();
    await advanceClock(1);
    expect(screen.getByText('Redirecting in 9 seconds...')).toBeTruthy();
    await advanceSeconds(8);
    expect(screen.getByText('Redirecting in 1 second...')).toBeTruthy();
    expect(router.state.location.pathname).toBe('/payments/canceled');

    await advanceClock(1000);
    await settleNow(() => expect(screen.getByText('Plans')).toBeTruthy());
    expect(router.state.location.pathname).toBe(`/payments/select/${orgId}`);
    expect(router.state.location.search).toBe('?new=1');
    expect(router.state.location.state).toEqual({ newlyCreated: true });
  });

  it('goes to the dashboard after the countdown without an organization', async () => {
    const router = renderCanceled(null);
    await advanceSeconds(CANCELED_COUNTDOWN_SECONDS - 1);
    await advanceClock(999);
    expect(router.state.location.pathname).toBe('/payments/canceled');
    await advanceClock(1);
    await settleNow(() => expect(screen.getByText('Dashboard')).toBeTruthy());
    expect(router.state.location.pathname).toBe('/dashboard');
  });
});

describe('/payments/canceled', () => {
  it('offers Try Again (to plan selection, flagged) and Go to Dashboard with an organization', async () => {
    const user = makeUser();
    stubApi({
      'GET /api/auth/session': () => json({ data: user }),
      'GET /api/users/profile': () => json({ data: user }),
    });
    renderApp(`/payments/canceled?org=${orgId}`);
    expect(
      await screen.findByRole('heading', { level: 1, name: paymentTexts.canceledTitle }),
    ).toBeTruthy();
    expect(screen.getByText(paymentTexts.canceledBody)).toBeTruthy();
    expect(screen.getByRole('link', { name: paymentTexts.tryAgain }).getAttribute('href')).toBe(
      `/payments/select/${orgId}?new=1`,
    );
    expect(
      screen.getByRole('link', { name: paymentTexts.goToDashboard }).getAttribute('href'),
    ).toBe('/dashboard');
    await waitFor(() =>
      expect(document.title).toBe(`${paymentTexts.canceledTitle} - Scaling Impact`),
    );
  });

  it('offers only Go to Dashboard without one', async () => {
    stubApi({ 'GET /api/auth/session': () => json({ data: makeUser() }) });
    renderApp('/payments/canceled');
    expect(await screen.findByRole('link', { name: paymentTexts.goToDashboard })).toBeTruthy();
    expect(screen.queryByRole('link', { name: paymentTexts.tryAgain })).toBeNull();
  });
});
