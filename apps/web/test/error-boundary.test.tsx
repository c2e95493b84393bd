import { describe, expect, it } from 'vitest';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { QueryClientProvider } from '@tanstack/react-query';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { errorBoundaryTexts } from '@si/contracts';
import { RouteErrorBoundary } from '../src/app/routes/route-error-boundary';
import { createQueryClient } from '../src/lib/query-client';

describe('the generic error boundary', () => {
  it('says something went wrong with the message, and Try again renders the page anew', async () => {
    let broken = true;
    function Flaky() {
      if (broken) throw new Error('The widget broke');
      return <p>Recovered page</p>;
    }
    const router = createMemoryRouter(
      [{ path: '/', element: <Flaky />, errorElement: <RouteErrorBoundary /> }],
      { initialEntries: ['/'] },
    );
    render(
      <QueryClientProvider client={createQueryClient()}>
        <RouterProvider router={router} />
      </QueryClientProvider>,
    );
    expect(await screen.findByText(errorBoundaryTexts.heading)).toBeTruthy();
    expect(screen.getByText('The widget broke')).toBeTruthy();
    broken = false;
    await userEvent.click(screen.getByRole('button', { name: errorBoundaryTexts.retry }));
    expect(await screen.findByText('Recovered page')).toBeTruthy();
  });

  it('falls back to a general message when the error has none', async () => {
    function Broken(): never {
      throw new Error('');
    }
    const router = createMemoryRouter(
      [{ path: '/', element: <Broken />, errorElement: <RouteErrorBoundary /> }],
      { initialEntries: ['/'] },
    );
    render(
      <QueryClientProvider client={createQueryClient()}>
        <RouterProvider router={router} />
      </QueryClientProvider>,
    );
    expect(await screen.findByText(errorBoundaryTexts.fallback)).toBeTruthy();
  });
});
