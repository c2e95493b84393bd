import { SERVER_STATE_ELEMENT_ID } from './app/server-state-element';
import { sharedAnswers } from './app/shared-answers';
import './styles/app.css';

/**
 * The entry: small, so that on a page the server rendered nothing but the page itself (its HTML,
 * CSS and font) is fetched before its first paint. Once the browser reports that paint, the
 * app's code and the modules of the page's routes start loading and hydrate the page
 * (ADR 017). A page the browser renders (the account pages) starts at once.
 */
const start = () => void import('./app/boot');

/** Once: at the first contentful paint, or after a moment where the browser reports none. */
function afterFirstPaint(run: () => void) {
  let done = false;
  const once = () => {
    if (done) return;
    done = true;
    run();
  };
  if (typeof PerformanceObserver === 'function') {
    try {
      new PerformanceObserver((entries, observer) => {
        if (entries.getEntriesByName('first-contentful-paint').length === 0) return;
        observer.disconnect();
        once();
      }).observe({ type: 'paint', buffered: true });
    } catch {
      // No paint timing here: the fallback below starts the app.
    }
  }
  // A page opened in a background tab paints when shown; elsewhere a second is plenty.
  setTimeout(once, document.visibilityState === 'visible' ? 1000 : 0);
}

const serverState = document.getElementById(SERVER_STATE_ELEMENT_ID);
if (serverState) {
  afterFirstPaint(() => {
    for (const href of (serverState.dataset.modules ?? '').split(' ').filter(Boolean)) {
      const link = document.createElement('link');
      link.rel = 'modulepreload';
      link.crossOrigin = '';
      link.href = href;
      document.head.append(link);
    }
    sharedAnswers(serverState);
    start();
  });
} else {
  start();
}
