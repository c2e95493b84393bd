import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import {
  invitationTexts,
  memberTexts,
  membersPageTexts as texts,
  type MemberRole,
  type OrganizationMember,
  type PendingInvitation,
} from '@si/contracts';
import { apiError, callsOf, json, makeUser, renderApp, stubApi } from './auth-fixtures';
import { makeMyOrganization } from './fixtures';

const id = '00000000-0000-4000-8000-0000000000bb';
const path = `/dashboard/organizations/${id}/members`;
const api = `/api/organizations/${id}`;

const member = (userId: string, role: MemberRole, name: string): OrganizationMember => ({
  userId,
  name,
  email: `${userId}@example.org`,
  role,
  addedAt: '2026-11-02T10:00:00.000Z',
});
const me = (role: MemberRole) => member('user-1', role, 'Ada Lovelace');
const grace = member('user-2', 'editor', 'Grace Hopper');
const waiting: PendingInvitation = {
  id: 'inv-1',
  email: 'alan@example.org',
  role: 'editor',
  invitedBy: 'user-1',
  sentAt: '2026-11-20T10:00:00.000Z',
  expiresAt: '2026-11-27T10:00:00.000Z',
  expired: false,
};

/** Rejects with the API's error body, fields included. */
const refused = (status: number, code: string, message: string, fields?: object) =>
  json({ error: { code, message, fields } }, status);

type Handlers = Parameters<typeof stubApi>[0];

function membersApi(role: MemberRole, extra: Handlers = {}, invitations = [waiting]) {
  const user = makeUser();
  return stubApi({
    'GET /api/auth/session': () => json({ data: user }),
    'GET /api/users/profile': () => json({ data: user }),
    'GET /api/users/organizations': () =>
      json({ data: [makeMyOrganization({ id, name: 'Tide Works' }, role)] }),
    [`GET ${api}/members`]: () => json({ data: { myRole: role, members: [me(role), grace] } }),
    [`GET ${api}/invitations`]: () => json({ data: invitations }),
    ...extra,
  });
}

async function openPage() {
  const view = renderApp(path);
  await screen.findByRole('heading', { name: texts.title('Tide Works') });
  return { ...view, list: await screen.findByTestId('members') };
}

describe('the members page', () => {
  it('shows an owner the members, the invitations waiting and the invite form', async () => {
    membersApi('owner');
    const { list } = await openPage();
    const rows = within(list).getAllByTestId('member');
    expect(rows).toHaveLength(2);
    expect(within(rows[0]!).getByText('Ada Lovelace')).toBeTruthy();
    expect(within(rows[0]!).getByText(texts.you)).toBeTruthy();
    expect(within(rows[0]!).getByText(texts.added('Nov 2, 2026'))).toBeTruthy();
    expect(within(rows[1]!).queryByText(texts.you)).toBeNull();
    const role = within(rows[1]!).getByRole('combobox', { name: texts.changeRole('Grace Hopper') });
    expect((role as HTMLSelectElement).value).toBe('editor');
    expect(
      within(rows[1]!).getByRole('button', { name: texts.removeLabel('Grace Hopper') }),
    ).toBeTruthy();
    expect(
      within(rows[1]!).getByRole('button', { name: texts.transferLabel('Grace Hopper') }),
    ).toBeTruthy();
    // Their own row: no removal (they leave instead), no hand-over to themselves.
    expect(within(rows[0]!).queryByRole('button')).toBeNull();

    const invitation = await screen.findByTestId('invitation');
    expect(within(invitation).getByText('alan@example.org')).toBeTruthy();
    expect(within(invitation).getByText(/Sent Nov 20, 2026 · Expires Nov 27, 2026/)).toBeTruthy();
    expect(
      within(invitation).getByRole('button', { name: texts.resendLabel('alan@example.org') }),
    ).toBeTruthy();
    expect(
      within(invitation).getByRole('button', { name: texts.revokeLabel('alan@example.org') }),
    ).toBeTruthy();
    expect(screen.getByRole('textbox', { name: texts.emailLabel })).toBeTruthy();
    expect(screen.getByRole('button', { name: texts.leave })).toBeTruthy();
  });

  it('shows an editor the members and their roles, and nothing to manage them with', async () => {
    const fetchMock = membersApi('editor');
    const { list } = await openPage();
    const rows = within(list).getAllByTestId('member');
    expect(within(rows[1]!).getByText('Editor')).toBeTruthy();
    expect(within(list).queryByRole('combobox')).toBeNull();
    expect(within(list).queryByRole('button')).toBeNull();
    expect(screen.queryByRole('heading', { name: texts.invitationsHeading })).toBeNull();
    expect(screen.queryByRole('textbox', { name: texts.emailLabel })).toBeNull();
    expect(screen.getByRole('button', { name: texts.leave })).toBeTruthy();
    expect(callsOf(fetchMock)).not.toContain(`GET ${api}/invitations`);
  });

  it('says when there are no invitations waiting', async () => {
    membersApi('owner', {}, []);
    await openPage();
    expect(await screen.findByText(texts.noInvitations)).toBeTruthy();
  });

  it('changes a role, and shows the last owner refusal by the select', async () => {
    const patches: unknown[] = [];
    membersApi('owner', {
      [`PATCH ${api}/members/user-1`]: () =>
        refused(409, 'LAST_OWNER', memberTexts.lastOwnerDemote),
      [`PATCH ${api}/members/user-2`]: ({ body }) => {
        patches.push(body);
        return json({ data: { done: true } });
      },
    });
    const { list } = await openPage();
    const [mine, theirs] = within(list).getAllByTestId('member');
    await userEvent.selectOptions(
      within(theirs!).getByRole('combobox', { name: texts.changeRole('Grace Hopper') }),
      'owner',
    );
    await waitFor(() => expect(patches).toEqual([{ role: 'owner' }]));
    await userEvent.selectOptions(
      within(mine!).getByRole('combobox', { name: texts.changeRole('Ada Lovelace') }),
      'editor',
    );
    expect(await within(mine!).findByText(memberTexts.lastOwnerDemote)).toBeTruthy();
  });

  it('removes a member once confirmed', async () => {
    const fetchMock = membersApi('owner', {
      [`DELETE ${api}/members/user-2`]: () => json({ data: { done: true } }),
    });
    await openPage();
    await userEvent.click(screen.getByRole('button', { name: texts.removeLabel('Grace Hopper') }));
    const dialog = await screen.findByRole('alertdialog');
    expect(within(dialog).getByText(texts.removeBody('Grace Hopper', 'Tide Works'))).toBeTruthy();
    expect(callsOf(fetchMock)).not.toContain(`DELETE ${api}/members/user-2`);
    await userEvent.click(within(dialog).getByRole('button', { name: texts.removeConfirm }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
    expect(callsOf(fetchMock)).toContain(`DELETE ${api}/members/user-2`);
  });

  it('hands ownership over and leaves, back on My Organizations with what happened', async () => {
    const transfers: unknown[] = [];
    membersApi('owner', {
      [`POST ${api}/members/transfer`]: ({ body }) => {
        transfers.push(body);
        return json({ data: { done: true } });
      },
    });
    const { router } = await openPage();
    await userEvent.click(
      screen.getByRole('button', { name: texts.transferLabel('Grace Hopper') }),
    );
    const dialog = await screen.findByRole('dialog');
    await userEvent.click(within(dialog).getByRole('radio', { name: texts.transferLeave }));
    await userEvent.click(within(dialog).getByRole('button', { name: texts.transferConfirm }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/dashboard/organizations'));
    expect(transfers).toEqual([{ userId: 'user-2', then: 'leave' }]);
    expect(
      await screen.findByText(texts.transferredAndLeft('Grace Hopper', 'Tide Works')),
    ).toBeTruthy();
  });

  it('tells the last owner why they cannot leave, in the dialog', async () => {
    membersApi('owner', {
      [`DELETE ${api}/members/user-1`]: () =>
        refused(409, 'LAST_OWNER', memberTexts.lastOwnerLeave),
    });
    const { router } = await openPage();
    await userEvent.click(screen.getByRole('button', { name: texts.leave }));
    const dialog = await screen.findByRole('alertdialog');
    await userEvent.click(within(dialog).getByRole('button', { name: texts.leaveConfirm }));
    expect((await within(dialog).findByTestId('leave-refused')).textContent).toContain(
      memberTexts.lastOwnerLeave,
    );
    expect(router.state.location.pathname).toBe(path);
  });

  it('lets an editor leave', async () => {
    membersApi('editor', {
      [`DELETE ${api}/members/user-1`]: () => json({ data: { done: true } }),
    });
    const { router } = await openPage();
    await userEvent.click(screen.getByRole('button', { name: texts.leave }));
    const dialog = await screen.findByRole('alertdialog');
    await userEvent.click(within(dialog).getByRole('button', { name: texts.leaveConfirm }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/dashboard/organizations'));
    expect(await screen.findByText(texts.left('Tide Works'))).toBeTruthy();
  });
});

describe('the invite form', () => {
  async function invite(email: string, handler: Handlers[string]) {
    const posts: unknown[] = [];
    membersApi('owner', {
      [`POST ${api}/invitations`]: (request) => {
        posts.push(request.body);
        return handler(request);
      },
    });
    await openPage();
    const field = screen.getByRole('textbox', { name: texts.emailLabel });
    await userEvent.type(field, email);
    await userEvent.selectOptions(
      screen.getByRole('combobox', { name: texts.roleFieldLabel }),
      'owner',
    );
    await userEvent.click(screen.getByRole('button', { name: texts.invite }));
    return { field, posts };
  }

  it('sends the invitation and empties the field', async () => {
    const { field, posts } = await invite('Alan@Example.org', () =>
      json({ data: { ...waiting, role: 'owner' } }, 201),
    );
    await waitFor(() => expect((field as HTMLInputElement).value).toBe(''));
    expect(posts).toEqual([{ email: 'alan@example.org', role: 'owner' }]);
  });

  it('refuses what is not an address before sending it', async () => {
    const { field, posts } = await invite('not an address', () => json({ data: waiting }, 201));
    expect(await screen.findByText(invitationTexts.invalidEmail)).toBeTruthy();
    expect(field.getAttribute('aria-invalid')).toBe('true');
    expect(posts).toEqual([]);
  });

  it.each([
    ['a member', 'ALREADY_A_MEMBER', invitationTexts.alreadyMember('grace@example.org')],
    [
      'an address already invited',
      'INVITATION_PENDING',
      invitationTexts.pending('grace@example.org'),
    ],
  ])('shows under the field that the address is %s', async (_, code, message) => {
    const { field } = await invite('grace@example.org', () =>
      refused(409, code, message, { email: message }),
    );
    expect(await screen.findByText(message)).toBeTruthy();
    expect(field.getAttribute('aria-invalid')).toBe('true');
    expect((field as HTMLInputElement).value).toBe('grace@example.org');
  });

  it.each([
    ['the 20 seats are taken', 409, 'ORGANIZATION_FULL', invitationTexts.full],
    ['the owner sent too many', 429, 'RATE_LIMITED', invitationTexts.tooManyByOwner],
    ['the address received too many', 429, 'RATE_LIMITED', invitationTexts.tooManyToAddress],
  ])('says so above the button when %s', async (_, status, code, message) => {
    await invite('new@example.org', () => refused(status, code, message));
    expect((await screen.findByTestId('invite-failure')).textContent).toContain(message);
    expect(
      (screen.getByRole('textbox', { name: texts.emailLabel }) as HTMLInputElement).value,
    ).toBe('new@example.org');
  });
});

describe('the members page states', () => {
  it('says the organization is not among yours when the members are refused', async () => {
    membersApi('editor', {
      [`GET ${api}/members`]: () => apiError(404, 'NOT_FOUND', 'Organization not found'),
    });
    renderApp(path);
    expect(await screen.findByText(texts.notFoundTitle)).toBeTruthy();
  });

  it('offers to try again when the members fail to load', async () => {
    let failures = 1;
    membersApi('owner', {
      [`GET ${api}/members`]: () =>
        failures-- > 0
          ? apiError(500, 'INTERNAL', 'Broken')
          : json({ data: { myRole: 'owner', members: [me('owner')] } }),
    });
    renderApp(path);
    await screen.findByText(texts.loadFailed);
    await userEvent.click(screen.getByRole('button', { name: texts.retry }));
    expect(await screen.findByTestId('members')).toBeTruthy();
  });
});
