import { startTransition, StrictMode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { createQueryClient } from '../lib/query-client';
import { App, type AppProps } from './app';
import { prepareHydration, retryFailedQueries } from './hydrate-app';
import { createAppRouter } from './router';
import { readServerState } from './server-state';

/**
 * The app's start, loaded by main.tsx: hydrates a page the server rendered (ADR 017), or
 * renders an account page here.
 */

const container = document.getElementById('root');
if (!container) throw new Error('The #root element is missing from index.html');

const app = (props: AppProps) => (
  <StrictMode>
    <App {...props} />
  </StrictMode>
);

function renderHere(root: HTMLElement) {
  const queryClient = createQueryClient();
  createRoot(root).render(app({ queryClient, router: createAppRouter(queryClient) }));
}

const serverState = readServerState();
if (serverState) {
  prepareHydration(serverState)
    .then((props) => {
      // In a transition, hydration yields to the browser every few milliseconds instead of
      // holding the main thread for the whole page (React Router's own entry does the same).
      startTransition(() => {
        hydrateRoot(container, app(props));
      });
      setTimeout(() => retryFailedQueries(props.queryClient));
    })
    .catch((error: unknown) => {
      // A route module that no longer exists (a deploy since the page was cached): the page
      // renders here instead of staying inert.
      console.error('Hydration failed; rendering in the browser', error);
      renderHere(container);
    });
} else {
  renderHere(container);
}
