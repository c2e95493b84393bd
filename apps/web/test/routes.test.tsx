import { describe, expect, it, vi } from 'vitest';
import { render, screen, waitFor } from '@testing-library/react';
import { QueryClientProvider } from '@tanstack/react-query';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { detailTexts, homeTexts, notFoundTexts } from '@si/contracts';
import { createRoutes } from '../src/app/router';
import { createQueryClient } from '../src/lib/query-client';
import { categories, countries, makeOrganization } from './fixtures';
import { renderAppAt } from './render-helpers';

function json(body: unknown, status = 200) {
  return Promise.resolve(
    new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } }),
  );
}

/** A fake API answering the endpoints the public pages call. */
function stubApi(overrides: Record<string, () => Promise<Response>> = {}) {
  const organization = makeOrganization();
  const fetchMock = vi.fn((input: RequestInfo | URL) => {
    const url = new URL(String(input), 'http://localhost');
    const override = overrides[url.pathname];
    if (override) return override();
    switch (url.pathname) {
      case '/api/categories':
        return json({ data: categories });
      case '/api/category-groups':
        return json({
          data: [{ id: 'impact_areas', name: 'Impact Areas', emoji: '🌍', sortOrder: 0 }],
        });
      case '/api/countries':
      case '/api/organizations/active-countries':
        return json({ data: countries });
      case '/api/organizations':
        return json({
          data: [organization],
          meta: { total: 1284, nextCursor: null, facets: { climate_action: 1, education: 1 } },
        });
      case '/api/site':
        return json({
          data: {
            supportEmail: 'support@example.org',
            supportPhone: '+1 555',
            supportAddress: '1 Example St',
            supportTimeZone: 'Africa/Nairobi',
            dataDeletionSubject: 'Data Deletion Request',
            parentBrands: {
              education: { name: 'Example Education Company', url: null },
              hiring: { name: 'Example Hiring Platform', url: null },
            },
          },
        });
      case '/api/faqs':
        return json({ data: [] });
      default:
        return json({ error: { code: 'NOT_FOUND', message: 'not found' } }, 404);
    }
  });
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

describe('public routes', () => {
  it('shows the not-found page for an unknown path', async () => {
    stubApi();
    renderAppAt('/no/such/page');
    expect(await screen.findByRole('heading', { name: notFoundTexts.title })).toBeTruthy();
    expect(screen.getByText(notFoundTexts.body)).toBeTruthy();
    expect(screen.getByRole('link', { name: notFoundTexts.link }).getAttribute('href')).toBe('/');
    await waitFor(() => expect(document.title).toBe('Page Not Found - Scaling Impact'));
  });

  it('shows Organization Not Found for an id that is not a UUID, without asking the API', async () => {
    const fetchMock = stubApi();
    renderAppAt('/organizations/not-a-uuid');
    expect(await screen.findByRole('heading', { name: detailTexts.notFoundHeading })).toBeTruthy();
    expect(screen.getByText(detailTexts.notFoundBody('not-a-uuid'))).toBeTruthy();
    expect(
      fetchMock.mock.calls.some(([url]) => String(url).includes('/organizations/not-a-uuid')),
    ).toBe(false);
    await waitFor(() => expect(document.title).toBe(detailTexts.notFoundTitle));
  });

  it('shows Organization Not Found when the API answers 404', async () => {
    const id = '00000000-0000-4000-8000-000000000000';
    stubApi({
      [`/api/organizations/${id}`]: () =>
        json({ error: { code: 'NOT_FOUND', message: 'gone' } }, 404),
    });
    renderAppAt(`/organizations/${id}`);
    expect(await screen.findByText(detailTexts.notFoundBody(id))).toBeTruthy();
  });

  it('renders a profile and sets its title', async () => {
    const organization = makeOrganization();
    stubApi({ [`/api/organizations/${organization.id}`]: () => json({ data: organization }) });
    renderAppAt(`/organizations/${organization.id}`);
    expect(await screen.findByRole('heading', { level: 1, name: organization.name })).toBeTruthy();
    await waitFor(() => expect(document.title).toBe(detailTexts.title(organization.name)));
    expect(screen.getByRole('link', { name: detailTexts.backToResults })).toBeTruthy();
  });

  it('renders the directory with the formatted count and the cards', async () => {
    stubApi();
    renderAppAt('/?categories=climate_action');
    expect(
      await screen.findByRole('heading', { name: homeTexts.gridHeading('1,284') }),
    ).toBeTruthy();
    expect(screen.getByTestId('organization-grid')).toBeTruthy();
    expect(screen.getAllByTestId('organization-card')).toHaveLength(1);
    expect(screen.getByText(homeTexts.categoryChip('Climate Action'))).toBeTruthy();
    expect(screen.getByText('1,284 matching organizations')).toBeTruthy();
    await waitFor(() => expect(document.title).toBe(homeTexts.title));
  });

  it('redirects /organizations to the directory, keeping the message', async () => {
    stubApi();
    const queryClient = createQueryClient();
    const router = createMemoryRouter(createRoutes(queryClient), {
      initialEntries: [
        { pathname: '/organizations', state: { message: 'Organization deleted successfully' } },
      ],
    });
    render(
      <QueryClientProvider client={queryClient}>
        <RouterProvider router={router} />
      </QueryClientProvider>,
    );
    expect(await screen.findByText('Organization deleted successfully')).toBeTruthy();
    expect(router.state.location.pathname).toBe('/');
  });
});
