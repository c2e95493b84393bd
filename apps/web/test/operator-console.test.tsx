import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import {
  adminTexts,
  authErrorCodes,
  signInMessages,
  consoleTexts,
  errorCodes,
  reportReasonLabels,
  sessionMessages,
  type AdminOrganizationDetail,
  type AdminOrganizationRow,
  type AdminReport,
} from '@si/contracts';
import { apiError, callsOf, json, makeUser, renderApp } from './auth-fixtures';
import { consoleApi, meta, noContent } from './console-fixtures';
import { countries } from './fixtures';
import '../src/app/routes/operator-console';

const orgId = '00000000-0000-4000-8000-0000000000a1';
const reportId = '00000000-0000-4000-8000-0000000000b1';

const row = (overrides: Partial<AdminOrganizationRow> = {}): AdminOrganizationRow => ({
  id: orgId,
  name: 'River Readers',
  country: 'KE',
  state: 'published',
  published: true,
  heldByOperator: false,
  subscriptionType: 'monthly',
  ownerEmails: ['owner@example.org', 'co-owner@example.org'],
  openReports: 1,
  verification: null,
  version: 4,
  createdAt: '2026-11-01T10:00:00.000Z',
  ...overrides,
});

const report = (overrides: Partial<AdminReport> = {}): AdminReport => ({
  id: reportId,
  organizationId: orgId,
  organizationName: 'River Readers',
  roleId: null,
  roleTitle: null,
  reason: 'spam',
  details: '<b>Buy now</b> at a fake shop',
  status: 'open',
  createdAt: '2026-11-20T09:00:00.000Z',
  resolvedAt: null,
  resolvedBy: null,
  resolution: null,
  ...overrides,
});

const detail = (organization = row()): AdminOrganizationDetail => ({
  organization,
  subscriptions: [
    {
      id: 'sub-1',
      plan: 'monthly',
      status: 'paid',
      currentPeriodEnd: '2026-12-01T10:00:00.000Z',
      createdAt: '2026-11-01T10:00:00.000Z',
    },
  ],
  reports: [report()],
  roles: [],
});

describe('the operator console', () => {
  it('shows a plain refusal, without the console, to a signed-in user who is not an operator', async () => {
    const fetchMock = consoleApi({
      'GET /api/admin/me': () => apiError(403, errorCodes.forbidden, adminTexts.operatorsOnly),
    });
    renderApp('/admin/organizations');
    expect(
      await screen.findByRole('heading', { level: 1, name: adminTexts.operatorsOnly }),
    ).toBeTruthy();
    expect(screen.queryByRole('navigation', { name: consoleTexts.navLabel })).toBeNull();
    expect(callsOf(fetchMock)).not.toContain('GET /api/admin/organizations');
  });

  it('says the console is loading, in its own shape, while the server is asked who is here', async () => {
    consoleApi({ 'GET /api/admin/me': () => new Promise<Response>(() => {}) });
    renderApp('/admin/payments');
    const loading = await screen.findByText(consoleTexts.loadingConsole);
    expect(loading.closest('[role="status"]')?.getAttribute('aria-busy')).toBe('true');
    expect(screen.queryByText(consoleTexts.loading)).toBeNull();
  });

  it('asks an operator who signed in long ago to sign in again, signing out and coming back', async () => {
    let signedIn = true;
    const fetchMock = consoleApi({
      'GET /api/auth/session': () =>
        json({ data: signedIn ? makeUser({ email: 'operator@example.org' }) : null }),
      'POST /api/auth/sign-in/anonymous': () => json({ data: {} }),
      // Signed out, the server answers the console as it answers anyone without a session.
      'GET /api/admin/me': () =>
        signedIn
          ? apiError(401, errorCodes.signInAgain, adminTexts.signInAgain)
          : apiError(401, authErrorCodes.noUser, signInMessages.noUser),
      'POST /api/auth/sign-out': () => {
        signedIn = false;
        return json({ data: { success: true } });
      },
    });
    const { router } = renderApp('/admin/audit');
    expect(await screen.findByText(adminTexts.signInAgain)).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: consoleTexts.signInAgain }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    expect(router.state.location.state).toMatchObject({ from: '/admin/audit' });
    expect(callsOf(fetchMock)).toContain('POST /api/auth/sign-out');
    await waitFor(() => expect(callsOf(fetchMock)).toContain('POST /api/auth/sign-in/anonymous'));
    // Leaving on purpose is not a lost session: the console is not asked again, and the login
    // page carries no 'you need to be logged in' message.
    expect(callsOf(fetchMock).filter((call) => call === 'GET /api/admin/me')).toHaveLength(1);
    expect(screen.queryByText(sessionMessages.loginRequired)).toBeNull();
  });

  it('searches organizations through the address and links each to its page', async () => {
    const fetchMock = consoleApi({
      'GET /api/admin/organizations': ({ url }) =>
        json(
          url.searchParams.get('q') === 'owner@example.org'
            ? { data: [row()], meta: meta(1) }
            : { data: [], meta: meta(0) },
        ),
    });
    const { router } = renderApp('/admin/organizations');
    expect(await screen.findByText(consoleTexts.noOrganizations)).toBeTruthy();
    await userEvent.type(screen.getByRole('searchbox'), 'owner@example.org');
    await userEvent.click(screen.getByRole('button', { name: consoleTexts.searchButton }));
    expect((await screen.findByRole('link', { name: 'River Readers' })).getAttribute('href')).toBe(
      `/admin/organizations/${orgId}`,
    );
    expect(router.state.location.search).toBe('?q=owner%40example.org');
    expect(screen.getByText(consoleTexts.resultCount(1))).toBeTruthy();
    expect(
      callsOf(fetchMock).filter((call) => call === 'GET /api/admin/organizations'),
    ).toHaveLength(2);
  });

  it('holds an organization with a reason on the version shown, and shows a report as text', async () => {
    const sent: unknown[] = [];
    let current = detail();
    consoleApi({
      [`GET /api/admin/organizations/${orgId}`]: () => json({ data: current }),
      [`POST /api/admin/organizations/${orgId}/hold`]: ({ body }) => {
        sent.push(body);
        current = detail(
          row({ state: 'held', heldByOperator: true, published: false, version: 5 }),
        );
        return json({ data: current });
      },
    });
    renderApp(`/admin/organizations/${orgId}`);
    expect(await screen.findByRole('heading', { level: 2, name: 'River Readers' })).toBeTruthy();
    // Every owner (ADR 047), whoever created it.
    expect(screen.getByText('owner@example.org')).toBeTruthy();
    expect(screen.getByText('co-owner@example.org')).toBeTruthy();
    // The visitor's words as they typed them: no bold element made of them.
    expect(screen.getByTestId('report-details').textContent).toBe('<b>Buy now</b> at a fake shop');
    expect(screen.getByTestId('report-details').querySelector('b')).toBeNull();
    expect(screen.getByText(reportReasonLabels.spam)).toBeTruthy();
    expect(document.title).toContain('Console: River Readers');

    await userEvent.click(screen.getByRole('button', { name: consoleTexts.hold }));
    const dialog = await screen.findByRole('dialog');
    await userEvent.click(within(dialog).getByRole('button', { name: consoleTexts.hold }));
    expect(await within(dialog).findByText(adminTexts.reasonRequired)).toBeTruthy();
    expect(sent).toEqual([]);

    await userEvent.type(within(dialog).getByLabelText(consoleTexts.reasonLabel), ' Spam links ');
    await userEvent.click(within(dialog).getByRole('button', { name: consoleTexts.hold }));
    expect(await screen.findByRole('button', { name: consoleTexts.release })).toBeTruthy();
    expect(sent).toEqual([{ reason: 'Spam links', version: 4 }]);
  });

  it("names an organization's country, plan and subscription state, not their stored values", async () => {
    consoleApi({
      [`GET /api/admin/organizations/${orgId}`]: () => json({ data: detail() }),
      'GET /api/countries': () => json({ data: countries }),
    });
    renderApp(`/admin/organizations/${orgId}`);
    expect(await screen.findByRole('heading', { level: 2, name: 'River Readers' })).toBeTruthy();
    const country = screen.getByText(consoleTexts.country).nextElementSibling;
    await waitFor(() => expect(country?.textContent).toBe('Kenya (KE)'));
    const subscriptions = screen.getByRole('region', { name: consoleTexts.subscriptions });
    expect(within(subscriptions).getByText('Monthly')).toBeTruthy();
    expect(within(subscriptions).getByText('Active')).toBeTruthy();
    expect(within(subscriptions).queryByText('monthly')).toBeNull();
    expect(within(subscriptions).queryByText('paid')).toBeNull();
  });

  it('says the record changed meanwhile and reads it again', async () => {
    let reads = 0;
    consoleApi({
      [`GET /api/admin/organizations/${orgId}`]: () => {
        reads += 1;
        return json({ data: detail(row({ version: 3 + reads })) });
      },
      [`POST /api/admin/organizations/${orgId}/hold`]: () =>
        apiError(409, 'VERSION_CONFLICT', adminTexts.changedMeanwhile),
    });
    renderApp(`/admin/organizations/${orgId}`);
    await userEvent.click(await screen.findByRole('button', { name: consoleTexts.hold }));
    const dialog = await screen.findByRole('dialog');
    await userEvent.type(within(dialog).getByLabelText(consoleTexts.reasonLabel), 'Spam');
    await userEvent.click(within(dialog).getByRole('button', { name: consoleTexts.hold }));
    expect(await within(dialog).findByText(adminTexts.changedMeanwhile)).toBeTruthy();
    await waitFor(() => expect(reads).toBe(2));
  });

  it('deletes only once the name is typed', async () => {
    let deleted = false;
    const fetchMock = consoleApi({
      // As on the server: gone once deleted.
      [`GET /api/admin/organizations/${orgId}`]: () =>
        deleted ? apiError(404, 'NOT_FOUND', 'not found') : json({ data: detail() }),
      'GET /api/admin/organizations': () => json({ data: [], meta: meta(0) }),
      [`POST /api/admin/organizations/${orgId}/delete`]: () => {
        deleted = true;
        return noContent();
      },
    });
    const { router } = renderApp(`/admin/organizations/${orgId}`);
    await userEvent.click(
      await screen.findByRole('button', { name: consoleTexts.deleteOrganization }),
    );
    const dialog = await screen.findByRole('dialog');
    const confirm = within(dialog).getByRole('button', { name: consoleTexts.deleteOrganization });
    await userEvent.type(within(dialog).getByLabelText(consoleTexts.reasonLabel), 'Fraud');
    expect((confirm as HTMLButtonElement).disabled).toBe(true);
    await userEvent.type(
      within(dialog).getByLabelText(consoleTexts.deleteConfirmLabel('River Readers')),
      'River Readers',
    );
    await userEvent.click(confirm);
    await waitFor(() => expect(router.state.location.pathname).toBe('/admin/organizations'));
    expect(callsOf(fetchMock)).toContain(`POST /api/admin/organizations/${orgId}/delete`);
  });

  it('resolves a report from the queue with the chosen action and a reason', async () => {
    const sent: unknown[] = [];
    let open = [report()];
    consoleApi({
      'GET /api/admin/reports': ({ url }) =>
        json(
          url.searchParams.get('status') === 'resolved'
            ? { data: [], meta: meta(0) }
            : { data: open, meta: meta(open.length) },
        ),
      [`POST /api/admin/reports/${reportId}/resolve`]: ({ body }) => {
        sent.push(body);
        open = [];
        return noContent();
      },
    });
    renderApp('/admin/reports');
    const item = await screen.findByTestId('report');
    expect(within(item).getByRole('link', { name: 'River Readers' }).getAttribute('href')).toBe(
      `/admin/organizations/${orgId}`,
    );
    expect(
      within(item).getByRole('link', { name: consoleTexts.publicProfile }).getAttribute('href'),
    ).toBe(`/organizations/${orgId}`);
    await userEvent.click(within(item).getByRole('button', { name: consoleTexts.resolve }));
    const dialog = await screen.findByRole('dialog');
    await userEvent.click(within(dialog).getByLabelText(consoleTexts.resolutions.dismiss));
    await userEvent.type(within(dialog).getByLabelText(consoleTexts.reasonLabel), 'Not spam');
    await userEvent.click(within(dialog).getByRole('button', { name: consoleTexts.resolve }));
    expect(await screen.findByText(consoleTexts.noOpenReports)).toBeTruthy();
    expect(sent).toEqual([{ action: 'dismiss', reason: 'Not spam' }]);
  });

  it('lists the audit log with who did what to which record, and why', async () => {
    consoleApi({
      'GET /api/admin/audit': () =>
        json({
          data: [
            {
              id: 7,
              at: '2026-11-25T10:00:00.000Z',
              actorId: 'op-1',
              actorEmail: 'operator@example.org',
              action: 'organization.hold',
              targetType: 'organization',
              targetId: orgId,
              targetLabel: 'River Readers',
              reason: 'Spam links',
            },
          ],
          meta: meta(1),
        }),
    });
    renderApp('/admin/audit');
    expect(await screen.findByText('organization.hold')).toBeTruthy();
    expect(screen.getByText('River Readers')).toBeTruthy();
    expect(screen.getByText('Spam links')).toBeTruthy();
    expect(document.title).toContain(consoleTexts.titles.audit);
  });
});
