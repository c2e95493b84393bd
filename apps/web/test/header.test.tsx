import { describe, expect, it } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { accountMenuTexts } from '@si/contracts';
import { guestUser, json, makeUser, renderApp, stubApi } from './auth-fixtures';
import { categories, countries, makeOrganization } from './fixtures';

/** The public data the home page loads, with one page of one organization (so the add card shows). */
const directory = {
  'GET /api/categories': () => json({ data: categories }),
  'GET /api/category-groups': () =>
    json({ data: [{ id: 'impact_areas', name: 'Impact Areas', emoji: '🌍', sortOrder: 0 }] }),
  'GET /api/organizations/active-countries': () => json({ data: countries }),
  'GET /api/organizations': () =>
    json({ data: [makeOrganization()], meta: { total: 1, nextCursor: null, facets: {} } }),
  'GET /api/organizations/facets': () => json({ data: {} }),
};

async function addCardHref() {
  const card = await screen.findByTestId('add-organization-card');
  return card.getAttribute('href');
}

describe('the header and the home page by session', () => {
  it('keeps the account area empty while the session loads: no Login flash', async () => {
    stubApi({ ...directory, 'GET /api/auth/session': () => new Promise<Response>(() => {}) });
    renderApp('/');
    expect(await screen.findByTestId('organization-grid')).toBeTruthy();
    expect(screen.queryByRole('link', { name: accountMenuTexts.login })).toBeNull();
    expect(screen.queryByText(accountMenuTexts.guest)).toBeNull();
    expect(await addCardHref()).toBe('/signup');
  });

  it('shows a guest Login, Sign Up and Browsing as Guest; the add card leads to /signup', async () => {
    stubApi({ ...directory, 'GET /api/auth/session': () => json({ data: guestUser }) });
    renderApp('/');
    expect(await screen.findByText(accountMenuTexts.guest)).toBeTruthy();
    expect(screen.getByRole('link', { name: accountMenuTexts.login }).getAttribute('href')).toBe(
      '/login',
    );
    expect(screen.getByRole('link', { name: accountMenuTexts.signup }).getAttribute('href')).toBe(
      '/signup',
    );
    expect(await addCardHref()).toBe('/signup');
  });

  it('shows a registered user the user menu with the display name; the add card leads to /submit-organization', async () => {
    stubApi({ ...directory, 'GET /api/auth/session': () => json({ data: makeUser() }) });
    renderApp('/');
    expect(await screen.findByRole('button', { name: /Ada Lovelace/ })).toBeTruthy();
    expect(screen.queryByRole('link', { name: accountMenuTexts.login })).toBeNull();
    expect(screen.queryByText(accountMenuTexts.guest)).toBeNull();
    await waitFor(async () => expect(await addCardHref()).toBe('/submit-organization'));
  });

  it("gives a registered user a way to add an organization in the header's user menu", async () => {
    stubApi({ ...directory, 'GET /api/auth/session': () => json({ data: makeUser() }) });
    renderApp('/');
    const user = userEvent.setup();
    // The menu's own trigger, not the disabled one drawn while the menu's module loads.
    const trigger = await screen.findByRole('button', {
      name: `${accountMenuTexts.openAccountMenu}: Ada Lovelace`,
    });
    await user.click(trigger);
    const add = await screen.findByRole('menuitem', { name: accountMenuTexts.addOrganization });
    expect(add.getAttribute('href')).toBe('/submit-organization');
    expect(screen.getByRole('menuitem', { name: accountMenuTexts.dashboard })).toBeTruthy();
  });

  it('starts a guest session for a visitor without one', async () => {
    let guest = false;
    const fetchMock = stubApi({
      ...directory,
      'GET /api/auth/session': () => json({ data: guest ? guestUser : null }),
      'POST /api/auth/sign-in/anonymous': () => {
        guest = true;
        return json({ data: {} });
      },
    });
    renderApp('/');
    expect(await screen.findByText(accountMenuTexts.guest)).toBeTruthy();
    const body = fetchMock.mock.calls.find(([url]) => String(url).endsWith('/sign-in/anonymous'));
    expect(body?.[1]?.body).toBe('{}');
  });

  it('signs out from the user menu on a guarded page, lands on /login, and becomes a guest', async () => {
    let signedIn = true;
    stubApi({
      'GET /api/auth/session': () => json({ data: signedIn ? makeUser() : null }),
      'GET /api/users/profile': () => json({ data: makeUser() }),
      'POST /api/auth/sign-out': () => {
        signedIn = false;
        return json({ data: { success: true } });
      },
      'POST /api/auth/sign-in/anonymous': () => json({ data: {} }),
    });
    const { router } = renderApp('/dashboard');
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: /Ada Lovelace/ }));
    await user.click(await screen.findByRole('menuitem', { name: accountMenuTexts.signOut }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    expect(await screen.findByRole('link', { name: accountMenuTexts.login })).toBeTruthy();
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(router.state.location.pathname).toBe('/login');
  });
});
