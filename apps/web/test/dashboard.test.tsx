import { describe, expect, it } from 'vitest';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import {
  accountDeletionMessages,
  dashboardTexts,
  membersPageTexts,
  passwordMessages,
  paymentTexts,
  publicationStateNames,
} from '@si/contracts';
import { apiError, json, makeUser, renderApp, stubApi } from './auth-fixtures';
import { makeMyOrganization, makeSubscription } from './fixtures';

function signedIn(user = makeUser(), extra: Parameters<typeof stubApi>[0] = {}) {
  return stubApi({
    'GET /api/auth/session': () => json({ data: user }),
    'GET /api/users/profile': () => json({ data: user }),
    ...extra,
  });
}

describe('the dashboard', () => {
  // ADR 019: on /profile itself, the address docs/product.md#account-area gives after a deletion.
  it('shows Organizations on /profile when the message passed in says something was deleted, and shows it', async () => {
    signedIn(makeUser(), { 'GET /api/users/organizations': () => json({ data: [] }) });
    const { router } = renderApp({
      pathname: '/profile',
      state: { message: 'Organization deleted successfully' },
    });
    expect(await screen.findByText('Organization deleted successfully')).toBeTruthy();
    expect(
      await screen.findByRole('heading', { level: 2, name: dashboardTexts.myOrganizations }),
    ).toBeTruthy();
    expect(router.state.location.pathname).toBe('/profile');
    expect(
      screen
        .getByRole('link', { name: dashboardTexts.navOrganizations })
        .getAttribute('aria-current'),
    ).toBe('page');
  });

  it('lists own organizations with where each stands, and the subscriptions', async () => {
    signedIn(makeUser(), {
      'GET /api/users/organizations': () =>
        json({
          data: [
            makeMyOrganization({ id: '00000000-0000-4000-8000-000000000001', name: 'Paid Org' }),
            makeMyOrganization({
              id: '00000000-0000-4000-8000-000000000002',
              name: 'Draft Org',
              paymentStatus: 'pending',
              subscriptionType: null,
              published: false,
            }),
          ],
        }),
      'GET /api/payments/subscriptions': () =>
        json({
          data: [
            makeSubscription({
              organizationId: '00000000-0000-4000-8000-000000000001',
              organizationName: 'Paid Org',
            }),
          ],
        }),
    });
    renderApp('/dashboard/organizations');
    const mine = await screen.findByTestId('my-organizations');
    expect(within(mine).getByText('Paid Org')).toBeTruthy();
    expect(within(mine).getByText('Draft Org')).toBeTruthy();
    expect(await within(mine).findByText(publicationStateNames.notPublicYet)).toBeTruthy();
    expect(within(mine).getByText(publicationStateNames.live)).toBeTruthy();
    expect(within(mine).getByRole('link', { name: 'Edit Draft Org' }).getAttribute('href')).toBe(
      '/organizations/00000000-0000-4000-8000-000000000002/edit',
    );
    expect(within(mine).getByRole('link', { name: 'View Draft Org' }).getAttribute('href')).toBe(
      '/organizations/00000000-0000-4000-8000-000000000002',
    );
    const subscriptions = await screen.findByTestId('my-subscriptions');
    expect(within(subscriptions).getByText('Paid Org')).toBeTruthy();
    expect(within(subscriptions).queryByText('Draft Org')).toBeNull();
    expect(within(subscriptions).getByText('Monthly')).toBeTruthy();
  });

  it("shows each organization's role and Members link, and an editor no billing", async () => {
    const owned = '00000000-0000-4000-8000-000000000003';
    const edited = '00000000-0000-4000-8000-000000000004';
    const draft = { paymentStatus: 'pending', subscriptionType: null, published: false } as const;
    signedIn(makeUser(), {
      'GET /api/users/organizations': () =>
        json({
          data: [
            makeMyOrganization({ id: owned, name: 'Owned Org', ...draft }, 'owner'),
            makeMyOrganization({ id: edited, name: 'Edited Org', ...draft }, 'editor'),
          ],
        }),
      'GET /api/payments/subscriptions': () => json({ data: [] }),
    });
    renderApp('/dashboard/organizations');
    const rows = within(await screen.findByTestId('my-organizations')).getAllByRole('listitem');
    const [owner, editor] = rows;
    expect(within(owner!).getByTestId('my-role').textContent).toBe('Owner');
    expect(within(editor!).getByTestId('my-role').textContent).toBe('Editor');
    expect(
      within(editor!)
        .getByRole('link', { name: `${membersPageTexts.open} Edited Org` })
        .getAttribute('href'),
    ).toBe(`/dashboard/organizations/${edited}/members`);
    expect(
      await within(owner!).findByRole('link', {
        name: `${paymentTexts.choosePlanLink}: Owned Org`,
      }),
    ).toBeTruthy();
    expect(
      within(editor!).queryByRole('link', { name: new RegExp(paymentTexts.choosePlanLink) }),
    ).toBeNull();
    expect(within(editor!).getByRole('link', { name: 'Edit Edited Org' })).toBeTruthy();
  });

  it('shows no subscriptions or receipts to someone who is an editor only', async () => {
    signedIn(makeUser(), {
      'GET /api/users/organizations': () =>
        json({ data: [makeMyOrganization({ name: 'Edited Org', published: false }, 'editor')] }),
      'GET /api/payments/subscriptions': () => json({ data: [] }),
    });
    renderApp('/dashboard/organizations');
    expect(await screen.findByTestId('my-role')).toBeTruthy();
    expect(screen.queryByRole('heading', { name: dashboardTexts.mySubscriptions })).toBeNull();
    expect(screen.queryByRole('heading', { name: paymentTexts.invoicesTitle })).toBeNull();
    expect(
      screen.queryByRole('link', { name: new RegExp(paymentTexts.choosePlanLink) }),
    ).toBeNull();
  });

  it('shows the error states of both lists when they cannot be loaded', async () => {
    signedIn(makeUser(), {
      'GET /api/users/organizations': () => apiError(404, 'NOT_FOUND', 'No such endpoint'),
    });
    renderApp('/dashboard/organizations');
    expect(await screen.findByText(dashboardTexts.organizationsFailed)).toBeTruthy();
    expect(await screen.findByText(dashboardTexts.subscriptionsFailed)).toBeTruthy();
  });

  it('heads the settings page Account Settings, its cards one level below', async () => {
    signedIn();
    renderApp('/dashboard/settings');
    expect(
      await screen.findByRole('heading', { level: 2, name: dashboardTexts.accountSettings }),
    ).toBeTruthy();
    expect(
      screen.getByRole('heading', { level: 3, name: dashboardTexts.changePassword }),
    ).toBeTruthy();
    expect(
      screen.getByRole('heading', { level: 3, name: dashboardTexts.deleteAccount }),
    ).toBeTruthy();
  });

  it('tells a GitHub account that its password is managed there', async () => {
    signedIn(makeUser({ providers: ['github'] }));
    renderApp('/dashboard/settings');
    expect(
      await screen.findByText(passwordMessages.unavailable.replace('{provider}', 'GitHub')),
    ).toBeTruthy();
    expect(screen.queryByLabelText(dashboardTexts.currentPassword)).toBeNull();
  });

  it('says the re-authentication was cancelled when the provider sign-in was abandoned', async () => {
    signedIn(makeUser({ providers: ['github'] }));
    renderApp({
      pathname: '/dashboard/settings',
      search: '?confirmDelete=1&error=USER_CANCELLED&provider=github',
    });
    expect(await screen.findByText(accountDeletionMessages.reauthCancelled)).toBeTruthy();
  });
});

describe('deleting the account from the settings page', () => {
  it('ends on the home page with the message, not on /login', async () => {
    const user = makeUser();
    let deleted = false;
    stubApi({
      'GET /api/auth/session': () => json({ data: deleted ? null : user }),
      'GET /api/users/profile': () => json({ data: user }),
      'DELETE /api/users/me': () => {
        deleted = true;
        return json({ data: { deleted: true } });
      },
      'POST /api/auth/sign-in/anonymous': () => json({ data: {} }),
      'GET /api/organizations': () =>
        json({ data: [], meta: { total: 0, nextCursor: null, facets: {} } }),
    });
    const { router } = renderApp('/dashboard/settings');
    const userEvents = userEvent.setup();
    await userEvents.click(
      await screen.findByRole('button', { name: dashboardTexts.deleteAccount }),
    );
    const dialog = await screen.findByRole('dialog');
    await userEvents.type(within(dialog).getByLabelText('Type DELETE to confirm'), 'DELETE');
    await userEvents.type(within(dialog).getByLabelText(dashboardTexts.deletePasswordLabel), 'pw');
    await userEvents.click(
      within(dialog).getByRole('button', { name: dashboardTexts.deleteAccount }),
    );
    expect(await screen.findByText('Your account has been successfully deleted')).toBeTruthy();
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(router.state.location.pathname).toBe('/');
  });
});
