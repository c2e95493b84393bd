import { describe, expect, it, vi } from 'vitest';
import { render, screen } from '@testing-library/react';
import { QueryClientProvider } from '@tanstack/react-query';
import { MemoryRouter } from 'react-router';
import { detailTexts } from '@si/contracts';
import { OrganizationDetailPage } from '../src/features/organization-profile/components/organization-detail-page';
import { createQueryClient } from '../src/lib/query-client';
import { advanceClock, settleNow, useFakeClock } from './fake-clock';
import { categoriesById, countriesByCode } from './fixtures';

const orgId = '00000000-0000-4000-8000-000000000000';

/**
 * Stubs fetch: the profile answers `status` (or never, for 0), `delayMs` later on the clock;
 * counts the profile's requests.
 */
function stubProfile(status: number, delayMs = 0) {
  const requests: string[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn((input: RequestInfo | URL) => {
      const url = new URL(String(input), 'http://localhost');
      if (url.pathname === `/api/organizations/${orgId}`) requests.push(url.pathname);
      if (status === 0) return new Promise<Response>(() => undefined);
      const response = new Response(
        JSON.stringify({ error: { code: 'SOME_ERROR', message: 'no' } }),
        { status, headers: { 'content-type': 'application/json' } },
      );
      if (delayMs === 0) return Promise.resolve(response);
      return new Promise<Response>((resolve) => setTimeout(() => resolve(response), delayMs));
    }),
  );
  return requests;
}

function renderPage({ id = orgId, currentUserId = null as string | null } = {}) {
  const queryClient = createQueryClient();
  render(
    <QueryClientProvider client={queryClient}>
      <MemoryRouter>
        <OrganizationDetailPage
          orgId={id}
          categoriesById={categoriesById}
          countriesByCode={countriesByCode}
          referencePending={false}
          currentUserId={currentUserId}
        />
      </MemoryRouter>
    </QueryClientProvider>,
  );
  return queryClient;
}

describe('OrganizationDetailPage', () => {
  it('shows the loading title at once, not the previous page’s', () => {
    stubProfile(0);
    document.title = 'About - Scaling Impact';
    renderPage();
    expect(document.title).toBe(detailTexts.loadingTitle);
  });

  it('shows Organization Not Found for a 404 at once, asking only once', async () => {
    useFakeClock();
    const requests = stubProfile(404);
    renderPage();
    await settleNow(() => expect(screen.getByText(detailTexts.notFoundBody(orgId))).toBeTruthy());
    expect(document.title).toBe(detailTexts.notFoundTitle);
    await advanceClock(10_000);
    expect(requests).toHaveLength(1);
  });

  it('shows the error card for another 4xx at once, without retrying', async () => {
    useFakeClock();
    const requests = stubProfile(403);
    renderPage();
    await settleNow(() => expect(screen.getByText(detailTexts.fetchError)).toBeTruthy());
    expect(document.title).toBe(detailTexts.errorTitle);
    await advanceClock(10_000);
    expect(requests).toHaveLength(1);
  });

  it('retries a server error, keeping the loading title until the error card', async () => {
    useFakeClock();
    const requests = stubProfile(503);
    document.title = 'About - Scaling Impact';
    renderPage();
    await settleNow(() => expect(requests).toHaveLength(1));
    expect(document.title).toBe(detailTexts.loadingTitle);
    expect(screen.queryByText(detailTexts.fetchError)).toBeNull();
    // 1 s, 2 s and 4 s apart (docs/product.md#limits-and-constants), then the error card.
    for (const [wait, asked] of [
      [1000, 2],
      [2000, 3],
      [4000, 4],
    ] as const) {
      await advanceClock(wait);
      await settleNow(() => expect(requests).toHaveLength(asked));
    }
    // A moment more for the last answer to reach the page.
    await advanceClock(100);
    await settleNow(() => expect(screen.getByText(detailTexts.fetchError)).toBeTruthy());
    expect(requests).toHaveLength(4);
    expect(document.title).toBe(detailTexts.errorTitle);
  });

  // ADR 019: a signed-in user is asked for once more (the server rendered the page
  // without cookies), and then the answer stands.
  it('asks once more for a signed-in user, then says Organization Not Found for good', async () => {
    useFakeClock();
    // Answers take a moment, as over a network: the page renders while the second one is asked.
    const requests = stubProfile(404, 50);
    const queryClient = renderPage({ currentUserId: 'user-1' });
    await advanceClock(50);
    await advanceClock(50);
    await advanceClock(10_000);
    expect(screen.getByText(detailTexts.notFoundBody(orgId))).toBeTruthy();
    expect(document.title).toBe(detailTexts.notFoundTitle);
    expect(requests).toHaveLength(2);
    expect(queryClient.getQueryState(['organizations', 'detail', orgId])?.errorUpdateCount).toBe(2);
  });

  it('says Organization Not Found for an id that is no UUID, signed in too, without asking', async () => {
    useFakeClock();
    const requests = stubProfile(404);
    const id = 'not-a-uuid';
    const queryClient = renderPage({ id, currentUserId: 'user-1' });
    await settleNow(() => expect(screen.getByText(detailTexts.notFoundBody(id))).toBeTruthy());
    await advanceClock(10_000);
    expect(screen.getByText(detailTexts.notFoundBody(id))).toBeTruthy();
    expect(requests).toHaveLength(0);
    expect(queryClient.getQueryState(['organizations', 'detail', id])?.errorUpdateCount).toBe(1);
  });
});
