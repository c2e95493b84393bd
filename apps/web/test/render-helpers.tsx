import { render } from '@testing-library/react';
import { QueryClientProvider } from '@tanstack/react-query';
import { createMemoryRouter, MemoryRouter, RouterProvider } from 'react-router';
import { OrganizationCard } from '../src/features/directory/components/organization-card';
import { createRoutes } from '../src/app/router';
import { createQueryClient } from '../src/lib/query-client';
import { categoriesById, countriesByCode, makeOrganization } from './fixtures';

/** The whole app at `path`, with its own query client; returns the router. */
export function renderAppAt(path: string) {
  const queryClient = createQueryClient();
  const router = createMemoryRouter(createRoutes(queryClient), { initialEntries: [path] });
  render(
    <QueryClientProvider client={queryClient}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
  return router;
}

/** One organization card, as the directory draws it. */
export function renderCard(
  overrides: Parameters<typeof makeOrganization>[0] = {},
  activeCategoryIds: string[] = [],
  openRoles = 0,
) {
  const { id, name, description, logo, categoryIds, country, location, verification } =
    makeOrganization(overrides);
  return render(
    <MemoryRouter>
      <OrganizationCard
        organization={{
          id,
          name,
          description,
          logo,
          categoryIds,
          country,
          location,
          verification,
          openRoles,
        }}
        categoriesById={categoriesById}
        countriesByCode={countriesByCode}
        activeCategoryIds={activeCategoryIds}
      />
    </MemoryRouter>,
  );
}
