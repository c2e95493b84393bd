import { useState } from 'react';
import { QueryClientProvider } from '@tanstack/react-query';
import { flushSync } from 'react-dom';
import { RouterProvider } from 'react-router';
import { createQueryClient } from '../lib/query-client';
import { createAppRouter } from './router';

export function App() {
  const [queryClient] = useState(createQueryClient);
  const [router] = useState(() => createAppRouter(queryClient));
  return (
    <QueryClientProvider client={queryClient}>
      {/* Lets navigate's flushSync option show a navigation's start at once (guards use it). */}
      <RouterProvider router={router} flushSync={(update) => void flushSync(update)} />
    </QueryClientProvider>
  );
}
