import { StrictMode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { App, type AppProps } from './app/app';
import { prepareHydration } from './app/hydrate-app';
import { createAppRouter } from './app/router';
import { readServerState } from './app/server-state';
import { createQueryClient } from './lib/query-client';
import './styles/app.css';

const container = document.getElementById('root');
if (!container) throw new Error('The #root element is missing from index.html');

const app = (props: AppProps) => (
  <StrictMode>
    <App {...props} />
  </StrictMode>
);

// Public pages come rendered from the server (ADR 017); the account pages render here.
const serverState = readServerState();
if (serverState) {
  void prepareHydration(serverState).then((props) => hydrateRoot(container, app(props)));
} else {
  const queryClient = createQueryClient();
  createRoot(container).render(app({ queryClient, router: createAppRouter(queryClient) }));
}
