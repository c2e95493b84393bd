import { describe, expect, it, onTestFinished, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { organizationEditorTexts, type Organization } from '@si/contracts';
import { apiError, guestUser, json, makeUser, renderApp, stubApi } from './auth-fixtures';
import { categories, countries, makeOrganization } from './fixtures';

const orgId = '2d732f74-eeed-4db2-b3e6-4a5bcab67d9e';

function profileApi(
  organization: Organization,
  user: ReturnType<typeof makeUser> | null = makeUser(),
  extra: Parameters<typeof stubApi>[0] = {},
) {
  return stubApi({
    'GET /api/auth/session': () => json({ data: user }),
    'GET /api/users/profile': () => json({ data: user }),
    [`GET /api/organizations/${orgId}`]: () => json({ data: organization }),
    'GET /api/categories': () => json({ data: categories }),
    'GET /api/countries': () => json({ data: countries }),
    'GET /api/users/organizations': () => json({ data: [] }),
    ...extra,
  });
}

async function openProfile() {
  const view = renderApp(`/organizations/${orgId}`);
  await screen.findByRole('heading', { level: 1, name: 'Aireandino Sensor Lab' });
  return view;
}

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

  it('shows nothing of them to another user or a guest', async () => {
    profileApi(makeOrganization({ createdBy: 'someone-else' }));
    await openProfile();
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(screen.queryByTestId('owner-actions')).toBeNull();
    expect(screen.queryByTestId('publication-notice')).toBeNull();
  });

  it('tells the owner why an organization is not public: pending payment or a lapsed subscription', async () => {
    profileApi(
      makeOrganization({ published: false, paymentStatus: 'pending', subscriptionType: null }),
    );
    const { unmount } = await openProfile();
    expect((await screen.findByTestId('publication-notice')).textContent).toContain(
      organizationEditorTexts.notPublicPending,
    );
    unmount();
    profileApi(makeOrganization({ published: false, paymentStatus: 'paid' }));
    await openProfile();
    expect((await screen.findByTestId('publication-notice')).textContent).toContain(
      organizationEditorTexts.notPublicLapsed,
    );
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
    // /profile with a message containing 'deleted' opens My Organizations (the dashboard's rule).
    await waitFor(() => expect(router.state.location.pathname).toBe('/dashboard/organizations'));
    expect(await screen.findByText(organizationEditorTexts.deleted)).toBeTruthy();
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
