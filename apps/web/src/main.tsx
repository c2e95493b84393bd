import { SERVER_STATE_ELEMENT_ID } from './app/server-state-element';
import './styles/app.css';

/**
 * The entry: small, so that on a page the server rendered nothing but the page itself (its HTML,
 * CSS and font) is fetched before its first paint. Right after that frame the app's code, with
 * the modules of the page's routes, starts loading and hydrates the page (ADR 017). A page the
 * browser renders (the account pages) starts at once.
 */
const start = () => void import('./app/boot');
const serverState = document.getElementById(SERVER_STATE_ELEMENT_ID);
if (serverState) {
  requestAnimationFrame(() =>
    setTimeout(() => {
      for (const href of (serverState.dataset.modules ?? '').split(' ').filter(Boolean)) {
        const link = document.createElement('link');
        link.rel = 'modulepreload';
        link.crossOrigin = '';
        link.href = href;
        document.head.append(link);
      }
      start();
    }),
  );
} else {
  start();
}
