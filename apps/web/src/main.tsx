import { SERVER_STATE_ELEMENT_ID } from './app/server-state-element';
import { sharedAnswerStarts } from './app/shared-answers';
import './styles/app.css';

/**
 * The entry: small, so that on a page the server rendered nothing but the page itself (its HTML,
 * CSS and font) is fetched before its first paint. Once the browser reports that paint, the
 * app's code and the modules of the page's routes start loading and hydrate the page
 * (ADR 017). A page the browser renders (the account pages) starts at once.
 */

/** Runs `run` in a task of its own, at once (a timer nested deeper than five waits 4 ms). */
function inNextTask(run: () => void) {
  const channel = new MessageChannel();
  channel.port1.onmessage = () => run();
  channel.port2.postMessage(null);
}
const nextTask = () => new Promise<void>((resolve) => inNextTask(resolve));
// React's own chunk first, then the app's in a task of its own: two shorter tasks where one
// long one would delay a tap on the page (ADR 039).
const start = () => void import('react-dom/client').then(nextTask).then(() => import('./app/boot'));

/**
 * Runs the steps a task each. Appending a module preload or starting a fetch costs the main
 * thread from under a millisecond to over ten (the first of each kind): one task held them all,
 * up to 80 ms, four times that on Lighthouse's phone (ADR 039).
 */
function aTaskEach([step, ...rest]: Array<() => void>) {
  if (!step) return;
  step();
  inNextTask(() => aTaskEach(rest));
}

function preloadModule(href: string) {
  const link = document.createElement('link');
  link.rel = 'modulepreload';
  link.crossOrigin = '';
  link.href = href;
  document.head.append(link);
}

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
  afterFirstPaint(() =>
    aTaskEach([
      ...(serverState.dataset.modules ?? '')
        .split(' ')
        .filter(Boolean)
        .map((href) => () => preloadModule(href)),
      ...sharedAnswerStarts(serverState),
      start,
    ]),
  );
} else {
  start();
}
