import { describe, expect, it, onTestFinished, vi } from 'vitest';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import {
  accountMenuTexts,
  dashboardTexts,
  detailTexts,
  organizationEditorTexts,
  paymentTexts,
  type CurrentUser,
} from '@si/contracts';
import { apiError, guestUser, json, makeUser, renderApp, stubApi } from './auth-fixtures';
import { categories, countries, makeOrganization } from './fixtures';
import { profileApi } from './profile-api';
import { myOrganizationsQueryOptions } from '../src/features/account/api/get-my-organizations';
import { editableOrganizationQueryOptions } from '../src/features/organization-editor/api/get-editable-organization';
import { forgetUser } from '../src/lib/forget-user';
import { createQueryClient } from '../src/lib/query-client';

const orgId = '2d732f74-eeed-4db2-b3e6-4a5bcab67d9e';

async function openProfile() {
  const view = renderApp(`/organizations/${orgId}`);
  await screen.findByRole('heading', { level: 1, name: 'Aireandino Sensor Lab' });
  return view;
}

/**
 * Opens the profile and waits until the page knows who is looking: the header shows the
 * session's user, and the page reads the same session (both render in the same update), so by
 * then it has decided whether the viewer owns the organization.
 */
async function openProfileAs(viewer: CurrentUser) {
  const view = await openProfile();
  if (viewer.isAnonymous) await screen.findByText(accountMenuTexts.guest);
  else await screen.findByRole('button', { name: new RegExp(viewer.displayName ?? '') });
  return view;
}

/** Owned by user-1 (makeUser()) and not published: its owner gets the notice and the tools. */
const pendingOrganization = makeOrganization({ published: false, paymentStatus: 'pending' });

describe('the owner’s tools on the profile', () => {
  it('shows Edit and Delete to the owner only', async () => {
    profileApi(makeOrganization());
    await openProfile();
    const actions = await screen.findByTestId('owner-actions');
    expect(
      within(actions)
        .getByRole('link', { name: organizationEditorTexts.editAction })
        .getAttribute('href'),
    ).toBe(`/organizations/${orgId}/edit`);
    expect(
      within(actions).getByRole('button', { name: organizationEditorTexts.deleteAction }),
    ).toBeTruthy();
  });

  it('shows an editor Edit but not Delete (ADR 047)', async () => {
    const editor = makeUser({ id: 'user-3', displayName: 'Grace Hopper' });
    profileApi(pendingOrganization, editor, {}, 'editor');
    await openProfileAs(editor);
    const actions = await screen.findByTestId('owner-actions');
    expect(
      within(actions).getByRole('link', { name: organizationEditorTexts.editAction }),
    ).toBeTruthy();
    expect(
      within(actions).queryByRole('button', { name: organizationEditorTexts.deleteAction }),
    ).toBeNull();
  });

  it('shows the creator nothing of them once they are no member', async () => {
    profileApi(makeOrganization(), makeUser(), {}, null);
    await openProfileAs(makeUser());
    expect(screen.queryByTestId('owner-actions')).toBeNull();
  });

  it.each([
    ['another user', makeUser({ id: 'user-2', displayName: 'Grace Hopper' })],
    ['a guest', guestUser],
  ])('shows nothing of them to %s', async (_viewer, viewer) => {
    // Its owner gets them, found as in the test above. Their lazily loaded code has loaded then:
    // from now on the page shows them in the same update as the rest, with no wait.
    profileApi(pendingOrganization, makeUser());
    const ownerView = await openProfileAs(makeUser());
    expect(await screen.findByTestId('owner-actions')).toBeTruthy();
    expect(await screen.findByTestId('publication-notice')).toBeTruthy();
    ownerView.unmount();

    profileApi(pendingOrganization, viewer);
    await openProfileAs(viewer);
    expect(screen.queryByTestId('owner-actions')).toBeNull();
    expect(screen.queryByTestId('publication-notice')).toBeNull();
    expect(screen.queryByRole('link', { name: organizationEditorTexts.editAction })).toBeNull();
    expect(screen.queryByRole('button', { name: organizationEditorTexts.deleteAction })).toBeNull();
  });

  it('tells the owner why an organization is not public, with the way back to plan selection', async () => {
    const cases = [
      {
        state: { paymentStatus: 'pending', subscriptionType: null },
        message: organizationEditorTexts.notPublicPending,
        link: paymentTexts.choosePlanLink,
      },
      {
        state: { paymentStatus: 'pending', subscriptionType: 'monthly' },
        message: organizationEditorTexts.notPublicLapsed,
        link: paymentTexts.resubscribe,
      },
      {
        state: { paymentStatus: 'paid', subscriptionType: 'monthly' },
        message: organizationEditorTexts.notPublicHeld,
        link: null,
      },
    ] as const;
    for (const { state, message, link } of cases) {
      profileApi(makeOrganization({ published: false, ...state }));
      const { unmount } = await openProfile();
      const notice = await screen.findByTestId('publication-notice');
      expect(notice.textContent).toContain(message);
      const links = within(notice).queryAllByRole('link');
      expect(links.map((element) => element.textContent)).toEqual(link ? [link] : []);
      if (link) expect(links[0]!.getAttribute('href')).toBe(`/payments/select/${orgId}?new=1`);
      unmount();
    }
  });

  it('deletes after confirming, busy meanwhile, and lands on My Organizations with the message', async () => {
    let answer!: () => void;
    const answered = new Promise<void>((resolve) => (answer = resolve));
    onTestFinished(() => answer());
    profileApi(makeOrganization(), makeUser(), {
      [`DELETE /api/organizations/${orgId}`]: () =>
        answered.then(() => json({ data: { deleted: true } })),
    });
    const { router } = await openProfile();
    const user = userEvent.setup();
    await user.click(
      await screen.findByRole('button', { name: organizationEditorTexts.deleteAction }),
    );
    const dialog = await screen.findByRole('alertdialog');
    expect(
      within(dialog).getByRole('heading', { name: organizationEditorTexts.deleteTitle }),
    ).toBeTruthy();
    expect(within(dialog).getByText(organizationEditorTexts.deleteBody)).toBeTruthy();
    await user.click(
      within(dialog).getByRole('button', { name: organizationEditorTexts.deleteAction }),
    );
    const busy = await within(dialog).findByRole('button', {
      name: organizationEditorTexts.deleting,
    });
    expect(busy).toHaveProperty('disabled', true);
    answer();
    // /profile (docs/product.md#account-area), where a message containing 'deleted' shows My Organizations.
    await waitFor(() => expect(router.state.location.pathname).toBe('/profile'));
    expect(await screen.findByText(organizationEditorTexts.deleted)).toBeTruthy();
    expect(
      await screen.findByRole('heading', { level: 2, name: dashboardTexts.myOrganizations }),
    ).toBeTruthy();
  });

  it('closes the dialog silently when the deletion fails', async () => {
    const logged = vi.spyOn(console, 'error').mockImplementation(() => {});
    profileApi(makeOrganization(), makeUser(), {
      [`DELETE /api/organizations/${orgId}`]: () => apiError(500, 'INTERNAL_ERROR', 'boom'),
    });
    const { router } = await openProfile();
    const user = userEvent.setup();
    await user.click(
      await screen.findByRole('button', { name: organizationEditorTexts.deleteAction }),
    );
    const dialog = await screen.findByRole('alertdialog');
    await user.click(
      within(dialog).getByRole('button', { name: organizationEditorTexts.deleteAction }),
    );
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
    expect(router.state.location.pathname).toBe(`/organizations/${orgId}`);
    expect(screen.queryByRole('alert')).toBeNull();
    expect(logged).toHaveBeenCalled();
  });

  it('Cancel closes the dialog without deleting', async () => {
    const fetchMock = profileApi(makeOrganization());
    await openProfile();
    const user = userEvent.setup();
    await user.click(
      await screen.findByRole('button', { name: organizationEditorTexts.deleteAction }),
    );
    const dialog = await screen.findByRole('alertdialog');
    await user.click(within(dialog).getByRole('button', { name: organizationEditorTexts.cancel }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
    expect(fetchMock.mock.calls.some(([, init]) => init?.method === 'DELETE')).toBe(false);
  });
});

describe('uploaded images on the profile', () => {
  it('carry a srcset, sizes and their dimensions; category images load lazily', async () => {
    profileApi(
      makeOrganization({
        logo: '/uploads/o/logo-512w.webp',
        bannerImage: '/uploads/o/banner-1280w.webp',
        categoryImages: { climate_action: '/uploads/o/climate-960w.webp' },
      }),
      guestUser,
    );
    await openProfile();
    const logo = screen.getByRole('img', { name: 'Aireandino Sensor Lab' });
    expect(logo.getAttribute('srcset')).toBe(
      '/uploads/o/logo-128w.webp 128w, /uploads/o/logo-256w.webp 256w, /uploads/o/logo-512w.webp 512w',
    );
    expect(logo.getAttribute('sizes')).toBeTruthy();
    expect([logo.getAttribute('width'), logo.getAttribute('height')]).toEqual(['128', '128']);
    const banner = document.querySelector('img[src="/uploads/o/banner-1280w.webp"]')!;
    expect(banner.getAttribute('srcset')).toBe(
      '/uploads/o/banner-640w.webp 640w, /uploads/o/banner-1280w.webp 1280w',
    );
    expect(banner.getAttribute('loading')).toBe('eager');
    const category = document.querySelector('img[src="/uploads/o/climate-960w.webp"]')!;
    expect(category.getAttribute('srcset')).toBe(
      '/uploads/o/climate-480w.webp 480w, /uploads/o/climate-960w.webp 960w',
    );
    expect(category.getAttribute('loading')).toBe('lazy');
    expect([category.getAttribute('width'), category.getAttribute('height')]).toEqual([
      '960',
      '540',
    ]);
  });
});

describe('an unpublished profile once its owner has gone', () => {
  const unpublished = pendingOrganization;

  it('is not shown from the cache after sign-out: a guest is told it is not found', async () => {
    let signedIn = true;
    let guest = false;
    stubApi({
      'GET /api/auth/session': () =>
        json({ data: signedIn ? makeUser() : guest ? guestUser : null }),
      'GET /api/users/profile': () => json({ data: makeUser() }),
      'POST /api/auth/sign-out': () => {
        signedIn = false;
        return json({ data: { success: true } });
      },
      'POST /api/auth/sign-in/anonymous': () => {
        guest = true;
        return json({ data: {} });
      },
      // Only its owner may see it.
      [`GET /api/organizations/${orgId}`]: () =>
        signedIn ? json({ data: unpublished }) : apiError(404, 'NOT_FOUND', 'not found'),
      'GET /api/categories': () => json({ data: categories }),
      'GET /api/countries': () => json({ data: countries }),
    });
    const { router, queryClient } = await openProfileAs(makeUser());
    const user = userEvent.setup();
    // The menu itself (not the disabled trigger drawn while its code loads).
    await user.click(
      await screen.findByRole('button', {
        name: `${accountMenuTexts.openAccountMenu}: Ada Lovelace`,
      }),
    );
    await user.click(await screen.findByRole('menuitem', { name: accountMenuTexts.signOut }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));

    await act(() => router.navigate(`/organizations/${orgId}`));
    expect(await screen.findByText(detailTexts.notFoundBody(orgId))).toBeTruthy();
    expect(screen.queryByRole('heading', { name: 'Aireandino Sensor Lab' })).toBeNull();
    expect(queryClient.getQueryData(['organizations', 'detail', orgId])).toBeUndefined();
  });

  it('forgetting the user drops every query that depends on who is signed in, and only those', async () => {
    stubApi({ 'GET /api/auth/session': () => json({ data: guestUser }) });
    const queryClient = createQueryClient();
    onTestFinished(() => queryClient.clear());
    const owned = {
      detail: ['organizations', 'detail', orgId],
      // The editor reads its organization under the detail key too.
      editable: editableOrganizationQueryOptions('7f1c2d3e-0000-4000-8000-000000000001').queryKey,
      mine: myOrganizationsQueryOptions().queryKey,
      profile: ['user', 'profile'],
    };
    const everybodys = {
      list: ['organizations', 'list', 'all'],
      facets: ['organizations', 'facets', { country: null }],
      categories: ['reference', 'categories'],
    };
    for (const key of [...Object.values(owned), ...Object.values(everybodys)]) {
      queryClient.setQueryData(key, { cached: true });
    }
    await forgetUser(queryClient);
    for (const key of Object.values(owned)) expect(queryClient.getQueryData(key)).toBeUndefined();
    for (const key of Object.values(everybodys)) {
      expect(queryClient.getQueryData(key)).toEqual({ cached: true });
    }
  });

  it('gives way to Not Found when the latest answer is 404, though an older copy is cached', async () => {
    let visible = true;
    profileApi(makeOrganization(), makeUser(), {
      [`GET /api/organizations/${orgId}`]: () =>
        visible ? json({ data: unpublished }) : apiError(404, 'NOT_FOUND', 'not found'),
    });
    const { queryClient } = await openProfileAs(makeUser());
    visible = false;
    await act(() => queryClient.refetchQueries({ queryKey: ['organizations', 'detail', orgId] }));
    expect(await screen.findByText(detailTexts.notFoundBody(orgId))).toBeTruthy();
    expect(screen.queryByRole('heading', { name: 'Aireandino Sensor Lab' })).toBeNull();
    expect(screen.queryByTestId('publication-notice')).toBeNull();
    expect(document.title).toContain(detailTexts.notFoundTitle);
  });
});
