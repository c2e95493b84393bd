import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import {
  adminEmailTexts,
  adminTexts,
  adminUserTexts,
  consoleTexts,
  guestCodeTexts,
  type AdminEmail,
  type AdminGuestCode,
  type AdminOverview,
  type AdminSubscriptionRow,
  type AdminUserDetail,
  type AdminUserRow,
} from '@si/contracts';
import { apiError, callsOf, json, renderApp } from './auth-fixtures';
import { consoleApi, meta, noContent } from './console-fixtures';
import '../src/app/routes/operator-console';

const userId = 'user-42';
const orgId = '00000000-0000-4000-8000-0000000000a1';

const overview = (): AdminOverview => ({
  organizations: { published: 41, lapsing: 3, lapsed: 5, unpaid: 12, held: 1 },
  newUsers30Days: 17,
  newOrganizations30Days: 6,
  monthlyRecurringCents: 123_400,
  activeSubscriptions: { monthly: 30, yearly: 9, guest: 4 },
  openReports: 2,
  roles: { open: 7, public: 5, closed: 2, expired: 3, held: 1 },
  days: Array.from({ length: 90 }, (_, index) => ({
    day: new Date(Date.UTC(2026, 7, 28 + index)).toISOString().slice(0, 10),
    signUps: index % 3,
    publications: index % 5 === 0 ? 1 : 0,
    revenueCents: index === 89 ? 10_000 : 0,
  })),
});

const userRow = (overrides: Partial<AdminUserRow> = {}): AdminUserRow => ({
  id: userId,
  email: 'ada@example.org',
  name: 'Ada Owner',
  emailVerified: true,
  operator: false,
  disabled: false,
  organizations: 1,
  createdAt: '2026-10-01T10:00:00.000Z',
  ...overrides,
});

const userDetail = (user = userRow()): AdminUserDetail => ({
  user,
  organizations: [
    {
      id: orgId,
      name: 'River Readers',
      country: 'KE',
      state: user.disabled ? 'held' : 'published',
      published: !user.disabled,
      heldByOperator: user.disabled,
      subscriptionType: 'monthly',
      ownerEmails: [user.email],
      openReports: 0,
      verification: null,
      version: 3,
      createdAt: '2026-10-02T10:00:00.000Z',
    },
  ],
  subscriptions: [
    {
      id: 'sub-1',
      plan: 'monthly',
      status: 'paid',
      currentPeriodEnd: '2026-12-02T10:00:00.000Z',
      createdAt: '2026-10-02T10:00:00.000Z',
      organizationName: 'River Readers',
    },
  ],
});

const subscription: AdminSubscriptionRow = {
  id: 'sub-1',
  organizationId: orgId,
  organizationName: 'River Readers',
  plan: 'yearly',
  provider: 'test',
  status: 'paid',
  amountCents: 10_000,
  periodStart: '2026-10-02T10:00:00.000Z',
  periodEnd: '2027-10-02T10:00:00.000Z',
  graceUntil: null,
  published: true,
};

const guestCode = (overrides: Partial<AdminGuestCode> = {}): AdminGuestCode => ({
  code: 'SPRING',
  state: 'active',
  uses: 2,
  maxUses: 10,
  grantMonths: 6,
  expiresAt: '2027-03-31T23:59:59.999Z',
  createdAt: '2026-11-01T10:00:00.000Z',
  ...overrides,
});

const email = (overrides: Partial<AdminEmail> = {}): AdminEmail => ({
  id: 9,
  to: 'ada@example.org',
  subject: 'Verify your email',
  state: 'failed',
  attempts: 10,
  lastError: '550 mailbox unavailable',
  createdAt: '2026-11-24T10:00:00.000Z',
  resendable: true,
  ...overrides,
});

/** Fills the open dialog's reason and presses its button. */
async function confirmWithReason(dialog: HTMLElement, button: string, reason: string) {
  await userEvent.type(within(dialog).getByLabelText(consoleTexts.reasonLabel), reason);
  await userEvent.click(within(dialog).getByRole('button', { name: button }));
}

describe('the operator console: overview', () => {
  it('shows the figures, links the open reports to the queue, and draws the 90 days with their text', async () => {
    consoleApi({ 'GET /api/admin/overview': () => json({ data: overview() }) });
    renderApp('/admin');
    expect(await screen.findByText('$1,234')).toBeTruthy();
    const published = screen.getByText(consoleTexts.figures.published).closest('div')!;
    expect(within(published).getByText('41')).toBeTruthy();
    expect(screen.getByText(consoleTexts.subscriptionsByPlan(30, 9, 4))).toBeTruthy();
    expect(screen.getByText('43')).toBeTruthy();
    expect(
      screen.getByRole('link', { name: consoleTexts.reviewReports }).getAttribute('href'),
    ).toBe('/admin/reports');
    // Two charts, each an image named by its title and described by its totals.
    const charts = screen.getAllByRole('img');
    expect(charts).toHaveLength(2);
    expect(
      screen.getByRole('img', { name: new RegExp(consoleTexts.chartCountsTitle) }),
    ).toBeTruthy();
    expect(screen.getByText(consoleTexts.chartRevenueDescription('$100'))).toBeTruthy();
    // The figures day by day, newest first.
    const rows = screen.getAllByRole('row');
    expect(rows).toHaveLength(91);
    expect(within(rows[1]!).getByRole('rowheader').textContent).toBe('2026-11-25');
    expect(document.title).toContain(consoleTexts.titles.overview);
  });

  it('has the ten sections in its navigation', async () => {
    consoleApi({ 'GET /api/admin/overview': () => json({ data: overview() }) });
    renderApp('/admin');
    const nav = await screen.findByRole('navigation', { name: consoleTexts.navLabel });
    expect(
      within(nav)
        .getAllByRole('link')
        .map((link) => link.getAttribute('href')),
    ).toEqual([
      '/admin',
      '/admin/reports',
      '/admin/organizations',
      '/admin/users',
      '/admin/payments',
      '/admin/email',
      '/admin/newsletter',
      '/admin/saved-searches',
      '/admin/webhooks',
      '/admin/audit',
    ]);
  });
});

describe('the operator console: users', () => {
  it('searches users through the address and links each to their page', async () => {
    consoleApi({
      'GET /api/admin/users': ({ url }) =>
        json(
          url.searchParams.get('q') === 'ada@example.org'
            ? { data: [userRow({ operator: true })], meta: meta(1) }
            : { data: [], meta: meta(0) },
        ),
    });
    const { router } = renderApp('/admin/users');
    expect(await screen.findByText(consoleTexts.noUsers)).toBeTruthy();
    await userEvent.type(screen.getByRole('searchbox'), 'ada@example.org');
    await userEvent.click(screen.getByRole('button', { name: consoleTexts.searchButton }));
    expect(
      // The address may wrap before its '@' (a <wbr>), so it is found by its text.
      (await screen.findByText('ada@example.org')).closest('a')?.getAttribute('href'),
    ).toBe(`/admin/users/${userId}`);
    expect(router.state.location.search).toBe('?q=ada%40example.org');
    expect(screen.getByText('Ada Owner')).toBeTruthy();
    expect(document.title).toContain(consoleTexts.titles.users);
  });

  it('disables a user with a reason, then re-enables them; shows their organizations and subscriptions', async () => {
    const sent: string[] = [];
    let current = userDetail();
    consoleApi({
      [`GET /api/admin/users/${userId}`]: () => json({ data: current }),
      [`POST /api/admin/users/${userId}/disable`]: ({ body }) => {
        sent.push(`disable ${JSON.stringify(body)}`);
        current = userDetail(userRow({ disabled: true }));
        return noContent();
      },
      [`POST /api/admin/users/${userId}/enable`]: ({ body }) => {
        sent.push(`enable ${JSON.stringify(body)}`);
        current = userDetail();
        return noContent();
      },
    });
    renderApp(`/admin/users/${userId}`);
    // jsdom names the address with a space at its <wbr>; a browser does not.
    expect(
      await screen.findByRole('heading', { level: 2, name: /^ada\s?@example\.org$/ }),
    ).toBeTruthy();
    expect(document.title).toContain(consoleTexts.titles.user('ada@example.org'));
    expect(screen.getByRole('link', { name: 'River Readers' }).getAttribute('href')).toBe(
      `/admin/organizations/${orgId}`,
    );
    expect(screen.getByText('Monthly')).toBeTruthy();

    await userEvent.click(screen.getByRole('button', { name: consoleTexts.disable }));
    const dialog = await screen.findByRole('dialog');
    await userEvent.click(within(dialog).getByRole('button', { name: consoleTexts.disable }));
    expect(await within(dialog).findByText(adminTexts.reasonRequired)).toBeTruthy();
    await confirmWithReason(dialog, consoleTexts.disable, 'Fraud');
    expect(await screen.findByText(consoleTexts.disabledToast)).toBeTruthy();
    expect(await screen.findByRole('button', { name: consoleTexts.enable })).toBeTruthy();

    await userEvent.click(screen.getByRole('button', { name: consoleTexts.enable }));
    await confirmWithReason(await screen.findByRole('dialog'), consoleTexts.enable, 'Cleared');
    expect(await screen.findByRole('button', { name: consoleTexts.disable })).toBeTruthy();
    expect(sent).toEqual(['disable {"reason":"Fraud"}', 'enable {"reason":"Cleared"}']);
  });

  it("keeps the dialog open with the server's refusal for an operator", async () => {
    consoleApi({
      [`GET /api/admin/users/${userId}`]: () =>
        json({ data: userDetail(userRow({ operator: true })) }),
      [`POST /api/admin/users/${userId}/disable`]: () =>
        apiError(409, 'CONFLICT', adminUserTexts.notForOperators),
    });
    renderApp(`/admin/users/${userId}`);
    await userEvent.click(await screen.findByRole('button', { name: consoleTexts.disable }));
    const dialog = await screen.findByRole('dialog');
    await confirmWithReason(dialog, consoleTexts.disable, 'Leaving');
    expect(await within(dialog).findByText(adminUserTexts.notForOperators)).toBeTruthy();
  });

  it('deletes a user only once their email is typed, and returns to the list', async () => {
    let deleted = false;
    const fetchMock = consoleApi({
      [`GET /api/admin/users/${userId}`]: () =>
        deleted ? apiError(404, 'NOT_FOUND', 'No such user') : json({ data: userDetail() }),
      'GET /api/admin/users': () => json({ data: [], meta: meta(0) }),
      [`POST /api/admin/users/${userId}/delete`]: () => {
        deleted = true;
        return noContent();
      },
    });
    const { router } = renderApp(`/admin/users/${userId}`);
    await userEvent.click(await screen.findByRole('button', { name: consoleTexts.deleteUser }));
    const dialog = await screen.findByRole('dialog');
    const confirm = within(dialog).getByRole('button', { name: consoleTexts.deleteUser });
    await userEvent.type(within(dialog).getByLabelText(consoleTexts.reasonLabel), 'Asked by them');
    expect((confirm as HTMLButtonElement).disabled).toBe(true);
    await userEvent.type(
      within(dialog).getByLabelText(consoleTexts.deleteUserConfirmLabel('ada@example.org')),
      'ada@example.org',
    );
    await userEvent.click(confirm);
    await waitFor(() => expect(router.state.location.pathname).toBe('/admin/users'));
    expect(callsOf(fetchMock)).toContain(`POST /api/admin/users/${userId}/delete`);
  });
});

describe('the operator console: payments', () => {
  it('lists subscriptions with their organization, amount and period', async () => {
    consoleApi({
      'GET /api/admin/subscriptions': () => json({ data: [subscription] }),
      'GET /api/admin/guest-codes': () => json({ data: [] }),
    });
    renderApp('/admin/payments');
    expect((await screen.findByRole('link', { name: 'River Readers' })).getAttribute('href')).toBe(
      `/admin/organizations/${orgId}`,
    );
    expect(screen.getByText('$100 a year')).toBeTruthy();
    expect(screen.getByText('Oct 2, 2026 –').closest('td')?.textContent).toBe(
      'Oct 2, 2026 – Oct 2, 2027',
    );
    expect(screen.getByText(consoleTexts.noGuestCodes)).toBeTruthy();
    expect(screen.queryByRole('button', { name: /refund/i })).toBeNull();
    expect(document.title).toContain(consoleTexts.titles.payments);
  });

  it('says what is loading, then names the plan, provider and state instead of their stored values', async () => {
    let answer: (response: Response) => void = () => {};
    consoleApi({
      'GET /api/admin/subscriptions': () =>
        new Promise<Response>((resolve) => {
          answer = resolve;
        }),
      'GET /api/admin/guest-codes': () => json({ data: [] }),
    });
    renderApp('/admin/payments');
    const loading = await screen.findByText(consoleTexts.loadingOf('subscriptions'));
    expect(loading.closest('[role="status"]')?.getAttribute('aria-busy')).toBe('true');
    answer(
      await json({
        data: [
          subscription,
          { ...subscription, id: 'sub-2', plan: 'guest', provider: 'guest', status: 'past_due' },
        ],
      }),
    );
    await screen.findAllByRole('link', { name: 'River Readers' });
    expect(screen.queryByText(consoleTexts.loadingOf('subscriptions'))).toBeNull();
    const rows = screen.getAllByRole('row').slice(1);
    const cells = (row: HTMLElement) =>
      within(row)
        .getAllByRole('cell')
        .map((cell) => cell.textContent);
    expect(cells(rows[0]!).slice(1, 5)).toEqual([
      'Annual',
      '$100 a year',
      'Test checkout',
      'Active',
    ]);
    expect(cells(rows[1]!).slice(1, 5)).toEqual([
      'Guest code',
      '$100',
      'Guest code',
      'Payment failed',
    ]);
  });

  it("creates a guest code checked with the contract's rules, and shows the server's refusal", async () => {
    const sent: unknown[] = [];
    let codes: AdminGuestCode[] = [];
    consoleApi({
      'GET /api/admin/subscriptions': () => json({ data: [] }),
      'GET /api/admin/guest-codes': () => json({ data: codes }),
      'POST /api/admin/guest-codes': ({ body }) => {
        sent.push(body);
        if (sent.length === 1) return apiError(409, 'CONFLICT', guestCodeTexts.exists('SPRING'));
        codes = [guestCode({ code: 'SPRING-2', uses: 0 })];
        return json({ data: codes }, 201);
      },
    });
    renderApp('/admin/payments');
    const create = await screen.findByRole('button', { name: consoleTexts.createGuestCode });
    await userEvent.type(screen.getByLabelText(consoleTexts.code), 'a!');
    await userEvent.click(create);
    expect(await screen.findByText(guestCodeTexts.codeFormat)).toBeTruthy();
    expect(screen.getByText(guestCodeTexts.usesRange)).toBeTruthy();
    expect(screen.getByText(guestCodeTexts.monthsRange)).toBeTruthy();
    expect(screen.getByText(guestCodeTexts.expiresFormat)).toBeTruthy();
    expect(sent).toEqual([]);

    await userEvent.clear(screen.getByLabelText(consoleTexts.code));
    await userEvent.type(screen.getByLabelText(consoleTexts.code), 'SPRING');
    await userEvent.type(screen.getByLabelText(consoleTexts.uses), '25');
    await userEvent.type(screen.getByLabelText(consoleTexts.months), '6');
    await userEvent.type(screen.getByLabelText(consoleTexts.lastDay), '2027-03-31');
    await userEvent.click(create);
    expect(await screen.findByText(guestCodeTexts.exists('SPRING'))).toBeTruthy();
    expect(sent[0]).toEqual({ code: 'SPRING', maxUses: 25, grantMonths: 6, lastDay: '2027-03-31' });

    await userEvent.type(screen.getByLabelText(consoleTexts.code), '-2');
    await userEvent.click(create);
    expect(await screen.findByText(consoleTexts.guestCodeCreated('SPRING-2'))).toBeTruthy();
    const row = await screen.findByTestId('guest-code');
    expect(within(row).getByText('SPRING-2')).toBeTruthy();
    expect(within(row).getByText(consoleTexts.usesOf(0, 10))).toBeTruthy();
    expect(within(row).getByText('Mar 31, 2027')).toBeTruthy();
  });

  it('disables an active guest code with a reason', async () => {
    const sent: unknown[] = [];
    let codes = [guestCode(), guestCode({ code: 'OLD', state: 'expired' })];
    consoleApi({
      'GET /api/admin/subscriptions': () => json({ data: [] }),
      'GET /api/admin/guest-codes': () => json({ data: codes }),
      'POST /api/admin/guest-codes/SPRING/disable': ({ body }) => {
        sent.push(body);
        codes = [guestCode({ state: 'disabled' }), codes[1]!];
        return json({ data: codes });
      },
    });
    renderApp('/admin/payments');
    const rows = await screen.findAllByTestId('guest-code');
    // Only an active code can be disabled.
    expect(within(rows[1]!).queryByRole('button')).toBeNull();
    await userEvent.click(within(rows[0]!).getByRole('button', { name: consoleTexts.disableCode }));
    await confirmWithReason(await screen.findByRole('dialog'), consoleTexts.disableCode, 'Leaked');
    expect(await screen.findByText(consoleTexts.codeDisabled('SPRING'))).toBeTruthy();
    expect(
      await within(screen.getAllByTestId('guest-code')[0]!).findByText(
        consoleTexts.guestCodeStateNames.disabled,
      ),
    ).toBeTruthy();
    expect(sent).toEqual([{ reason: 'Leaked' }]);
  });
});

describe('the operator console: email and newsletter', () => {
  it('lists failed emails, resends one with a toast, and says when one cannot be sent again', async () => {
    const resent: string[] = [];
    consoleApi({
      'GET /api/admin/emails': ({ url }) =>
        json(
          url.searchParams.get('status') === 'failed'
            ? {
                data: [email(), email({ id: 10, subject: 'Reset your password' })],
                meta: meta(2),
              }
            : {
                data: [email({ state: 'sent', lastError: null, resendable: false })],
                meta: meta(1),
              },
        ),
      'POST /api/admin/emails/9/resend': () => {
        resent.push('9');
        return noContent();
      },
      'POST /api/admin/emails/10/resend': () =>
        apiError(409, 'CONFLICT', adminEmailTexts.bodyDropped),
    });
    const { router } = renderApp('/admin/email');
    expect(await screen.findByText(consoleTexts.emailStateNames.sent)).toBeTruthy();
    expect(screen.queryByRole('button', { name: /Resend/ })).toBeNull();

    await userEvent.click(screen.getByRole('button', { name: consoleTexts.failedEmails }));
    expect(router.state.location.search).toBe('?status=failed');
    const rows = await screen.findAllByTestId('email');
    expect(rows).toHaveLength(2);
    expect(within(rows[0]!).getByText('550 mailbox unavailable')).toBeTruthy();
    await userEvent.click(within(rows[0]!).getByRole('button', { name: /Resend/ }));
    expect(await screen.findByText(consoleTexts.resent('ada@example.org'))).toBeTruthy();
    expect(resent).toEqual(['9']);
    await userEvent.click(within(rows[1]!).getByRole('button', { name: /Resend/ }));
    expect(await screen.findByText(adminEmailTexts.bodyDropped)).toBeTruthy();
    expect(document.title).toContain(consoleTexts.titles.email);
  });

  it('counts the newsletter subscribers and links the CSV download', async () => {
    consoleApi({
      'GET /api/admin/newsletter': () =>
        json({
          data: {
            confirmed: 1204,
            pending: 7,
            digestLine: '',
            lastDigest: {
              month: '2026-10-01',
              startedAt: '2026-11-01T06:00:00Z',
              finishedAt: '2026-11-01T06:02:00Z',
              organizations: 3,
              queued: 1200,
              sent: 1195,
              failed: 2,
              waiting: 3,
            },
          },
        }),
      'GET /api/admin/newsletter/subscribers': () => json({ data: [], meta: meta(0) }),
    });
    renderApp('/admin/newsletter');
    expect(await screen.findByText('1,204')).toBeTruthy();
    expect(screen.getByText('7')).toBeTruthy();
    expect(screen.getByText(consoleTexts.digestOf('October 2026'))).toBeTruthy();
    expect(screen.getByText(consoleTexts.digestOutcome(1195, 2, 3))).toBeTruthy();
    const link = screen.getByRole('link', { name: consoleTexts.downloadCsv });
    expect(link.getAttribute('href')).toBe('/api/admin/newsletter/subscribers.csv');
    expect(link.hasAttribute('download')).toBe(true);
    expect(document.title).toContain(consoleTexts.titles.newsletter);
  });

  it("saves the digest's line, and removes an address after asking", async () => {
    let line = '';
    const removed: string[] = [];
    consoleApi({
      'GET /api/admin/newsletter': () =>
        json({ data: { confirmed: 1, pending: 0, digestLine: line, lastDigest: null } }),
      'PUT /api/admin/newsletter/line': ({ body }) => {
        line = (body as { line: string }).line;
        return json({ data: { line } });
      },
      'GET /api/admin/newsletter/subscribers': () =>
        json({
          data: [
            {
              id: '5b0c7c57-1f6e-4a8e-9f37-0b5a3c1d2e4f',
              email: 'reader@example.org',
              state: 'confirmed',
              subscribedAt: '2026-11-02T10:00:00Z',
              confirmedAt: '2026-11-02T10:05:00Z',
            },
          ],
          meta: meta(1),
        }),
      'DELETE /api/admin/newsletter/subscribers/5b0c7c57-1f6e-4a8e-9f37-0b5a3c1d2e4f': () => {
        removed.push('reader@example.org');
        return noContent();
      },
    });
    renderApp('/admin/newsletter');
    expect(await screen.findByText(consoleTexts.noDigestYet)).toBeTruthy();
    await userEvent.type(
      screen.getByLabelText(consoleTexts.digestLineLabel),
      'Three new organizations this month.',
    );
    await userEvent.click(screen.getByRole('button', { name: consoleTexts.saveLine }));
    expect(await screen.findByText(consoleTexts.lineSaved)).toBeTruthy();
    expect(line).toBe('Three new organizations this month.');

    await userEvent.click(
      await screen.findByRole('button', {
        name: `${consoleTexts.removeSubscriber} reader@example.org`,
      }),
    );
    const dialog = await screen.findByRole('alertdialog');
    await userEvent.click(
      within(dialog).getByRole('button', { name: consoleTexts.removeSubscriber }),
    );
    expect(
      await screen.findByText(consoleTexts.subscriberRemoved('reader@example.org')),
    ).toBeTruthy();
    expect(removed).toEqual(['reader@example.org']);
  });
});
