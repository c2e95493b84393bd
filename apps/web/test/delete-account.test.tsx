import { describe, expect, it, vi } from 'vitest';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { QueryClientProvider } from '@tanstack/react-query';
import { flushSync } from 'react-dom';
import { createMemoryRouter, RouterProvider, useLocation } from 'react-router';
import { accountDeletionMessages, dashboardTexts, type CurrentUser } from '@si/contracts';
import { DeleteAccount } from '../src/features/account/components/delete-account';
import { createQueryClient } from '../src/lib/query-client';
import { apiError, callsOf, json, makeUser, stubApi } from './auth-fixtures';

function Home() {
  const location = useLocation();
  return <p>{`home: ${JSON.stringify(location.state)}`}</p>;
}

function renderSettings(
  user: CurrentUser,
  reauthenticate = vi.fn(() => Promise.resolve()),
  reopened: { initiallyOpen?: boolean; initialError?: string } = {},
) {
  const router = createMemoryRouter(
    [
      { path: '/', element: <Home /> },
      {
        path: '/dashboard/settings',
        element: <DeleteAccount user={user} reauthenticate={reauthenticate} {...reopened} />,
      },
    ],
    { initialEntries: ['/dashboard/settings'] },
  );
  render(
    <QueryClientProvider client={createQueryClient()}>
      <RouterProvider router={router} flushSync={(update) => void flushSync(update)} />
    </QueryClientProvider>,
  );
  return { router, reauthenticate };
}

async function openDialog() {
  const user = userEvent.setup();
  await user.click(screen.getByRole('button', { name: dashboardTexts.deleteAccount }));
  const dialog = await screen.findByRole('dialog');
  return { user, dialog };
}

const typeDeleteLabel = dashboardTexts.typeDeleteLabel('DELETE');

/** The calls that change something: the dialog reads what it would delete as it opens. */
const deletions = (fetchMock: ReturnType<typeof stubApi>) =>
  callsOf(fetchMock).filter((call) => call !== 'GET /api/users/me/deletion');

describe('the account deletion dialog', () => {
  it('names the organizations deleted with the account, those it is the only owner of (ADR 047)', async () => {
    stubApi({
      'GET /api/users/me/deletion': () =>
        json({ data: { organizations: [{ id: 'a', name: 'Alone Trust' }] } }),
    });
    renderSettings(makeUser());
    const { dialog } = await openDialog();
    expect(
      await within(dialog).findByText(dashboardTexts.deletedWithAccount(['Alone Trust'])),
    ).toBeTruthy();
  });

  it('asks for DELETE and, for a password account, the password, before calling the API', async () => {
    const fetchMock = stubApi({});
    renderSettings(makeUser());
    const { user, dialog } = await openDialog();
    await user.click(within(dialog).getByRole('button', { name: dashboardTexts.deleteAccount }));
    expect(await within(dialog).findByText(accountDeletionMessages.typeDelete)).toBeTruthy();
    expect(within(dialog).getByText(accountDeletionMessages.passwordRequired)).toBeTruthy();

    await user.type(within(dialog).getByLabelText(typeDeleteLabel), 'delete');
    await user.type(within(dialog).getByLabelText(dashboardTexts.deletePasswordLabel), 'secret1');
    await user.click(within(dialog).getByRole('button', { name: dashboardTexts.deleteAccount }));
    expect(await within(dialog).findByText(accountDeletionMessages.typeDelete)).toBeTruthy();
    expect(within(dialog).queryByText(accountDeletionMessages.passwordRequired)).toBeNull();
    expect(deletions(fetchMock)).toEqual([]);
  });

  it('shows a wrong password next to the field, then deletes and goes home with the message', async () => {
    const bodies: unknown[] = [];
    const fetchMock = stubApi({
      'DELETE /api/users/me': ({ body }) => {
        bodies.push(body);
        return bodies.length === 1
          ? apiError(401, 'WRONG_PASSWORD', accountDeletionMessages.wrongPassword)
          : json({ data: { deleted: true } });
      },
      'GET /api/auth/session': () => json({ data: null }),
      'POST /api/auth/sign-in/anonymous': () => json({ data: {} }),
    });
    const { router } = renderSettings(makeUser());
    const { user, dialog } = await openDialog();
    await user.type(within(dialog).getByLabelText(typeDeleteLabel), 'DELETE');
    const password = within(dialog).getByLabelText(dashboardTexts.deletePasswordLabel);
    await user.type(password, 'wrong');
    await user.click(within(dialog).getByRole('button', { name: dashboardTexts.deleteAccount }));
    expect(await within(dialog).findByText(accountDeletionMessages.wrongPassword)).toBeTruthy();
    expect(router.state.location.pathname).toBe('/dashboard/settings');

    await user.clear(password);
    await user.type(password, 'secret1');
    await user.click(within(dialog).getByRole('button', { name: dashboardTexts.deleteAccount }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
    expect(router.state.location.state).toEqual({ message: accountDeletionMessages.deleted });
    expect(bodies).toEqual([
      { confirmation: 'DELETE', password: 'wrong' },
      { confirmation: 'DELETE', password: 'secret1' },
    ]);
    // A wrong password is an answer: it never triggers a session refresh.
    expect(deletions(fetchMock).slice(0, 2)).toEqual([
      'DELETE /api/users/me',
      'DELETE /api/users/me',
    ]);
  });

  it('asks a Google account for no password, and sends it to Google when the server wants a fresh sign-in', async () => {
    stubApi({
      'DELETE /api/users/me': () =>
        apiError(403, 'REAUTHENTICATION_REQUIRED', 'Please sign in again.'),
    });
    const { reauthenticate } = renderSettings(makeUser({ providers: ['google'] }));
    const { user, dialog } = await openDialog();
    expect(within(dialog).queryByLabelText(dashboardTexts.deletePasswordLabel)).toBeNull();
    await user.type(within(dialog).getByLabelText(typeDeleteLabel), 'DELETE');
    await user.click(within(dialog).getByRole('button', { name: dashboardTexts.deleteAccount }));
    expect(
      await within(dialog).findByText(accountDeletionMessages.reauthRequired('Google')),
    ).toBeTruthy();
    expect(reauthenticate).toHaveBeenCalledWith('google');
  });

  it('says the account data was not found when the server answers 404', async () => {
    stubApi({ 'DELETE /api/users/me': () => apiError(404, 'NOT_FOUND', 'gone') });
    renderSettings(makeUser({ providers: ['github'] }));
    const { user, dialog } = await openDialog();
    await user.type(within(dialog).getByLabelText(typeDeleteLabel), 'DELETE');
    await user.click(within(dialog).getByRole('button', { name: dashboardTexts.deleteAccount }));
    expect(await within(dialog).findByText(accountDeletionMessages.notFound)).toBeTruthy();
  });

  it('shows its own fallback, not the generic server text, when a 500 carries no message', async () => {
    stubApi({ 'DELETE /api/users/me': () => json({ error: { code: 'INTERNAL' } }, 500) });
    renderSettings(makeUser({ providers: ['github'] }));
    const { user, dialog } = await openDialog();
    await user.type(within(dialog).getByLabelText(typeDeleteLabel), 'DELETE');
    await user.click(within(dialog).getByRole('button', { name: dashboardTexts.deleteAccount }));
    const failure = await within(dialog).findByTestId('delete-failure');
    expect(failure.textContent).toBe(accountDeletionMessages.failed);
  });

  it('clears the last failure when the form is sent again, even when it stops at a field', async () => {
    stubApi({ 'DELETE /api/users/me': () => apiError(500, 'INTERNAL', 'Storage is down.') });
    renderSettings(makeUser({ providers: ['github'] }));
    const { user, dialog } = await openDialog();
    const confirmation = within(dialog).getByLabelText(typeDeleteLabel);
    await user.type(confirmation, 'DELETE');
    await user.click(within(dialog).getByRole('button', { name: dashboardTexts.deleteAccount }));
    expect(await within(dialog).findByTestId('delete-failure')).toBeTruthy();

    await user.clear(confirmation);
    await user.click(within(dialog).getByRole('button', { name: dashboardTexts.deleteAccount }));
    expect(await within(dialog).findByText(accountDeletionMessages.typeDelete)).toBeTruthy();
    expect(within(dialog).queryByTestId('delete-failure')).toBeNull();
  });

  it("shows the server's message when a failure carries one", async () => {
    stubApi({ 'DELETE /api/users/me': () => apiError(500, 'INTERNAL', 'Storage is down.') });
    renderSettings(makeUser({ providers: ['github'] }));
    const { user, dialog } = await openDialog();
    await user.type(within(dialog).getByLabelText(typeDeleteLabel), 'DELETE');
    await user.click(within(dialog).getByRole('button', { name: dashboardTexts.deleteAccount }));
    const failure = await within(dialog).findByTestId('delete-failure');
    expect(failure.textContent).toBe('Storage is down.');
  });

  it('reopens after a re-authentication, with the error it came back with', async () => {
    stubApi({});
    renderSettings(makeUser({ providers: ['google'] }), undefined, {
      initiallyOpen: true,
      initialError: 'Google authorization was cancelled. Please try again.',
    });
    const dialog = await screen.findByRole('dialog');
    expect(
      within(dialog).getByText('Google authorization was cancelled. Please try again.'),
    ).toBeTruthy();
  });
});
