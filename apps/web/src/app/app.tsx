import { useEffect } from 'react';
import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { flushSync } from 'react-dom';
import { RouterProvider } from 'react-router';
import type { createAppRouter } from './router';

export interface AppProps {
  queryClient: QueryClient;
  router: ReturnType<typeof createAppRouter>;
}

export function App({ queryClient, router }: AppProps) {
  // Marks the page as running (hydrated, or rendered here): for tests and tools that wait for it.
  useEffect(() => {
    document.documentElement.dataset.hydrated = 'true';
  }, []);
  return (
    <QueryClientProvider client={queryClient}>
      {/* Lets navigate's flushSync option show a navigation's start at once (guards use it). */}
      <RouterProvider router={router} flushSync={(update) => void flushSync(update)} />
    </QueryClientProvider>
  );
}
