import { useEffect, useState } from 'react';

const interactions = ['pointerdown', 'keydown', 'touchstart', 'scroll'] as const;

/**
 * False until the page has loaded and the browser is idle, or the visitor first interacts:
 * for work the first screen does not need (the session and its guest sign-in, issue 10), so it
 * never competes with the page's own loading and largest paint. False on the server too.
 */
export function useAfterLoad(): boolean {
  const [ready, setReady] = useState(false);
  useEffect(() => {
    if (ready) return;
    let idle: number | undefined;
    const go = () => setReady(true);
    const whenIdle = () => {
      idle =
        typeof window.requestIdleCallback === 'function'
          ? window.requestIdleCallback(go, { timeout: 2000 })
          : window.setTimeout(go, 200);
    };
    if (document.readyState === 'complete') whenIdle();
    else window.addEventListener('load', whenIdle, { once: true });
    for (const type of interactions)
      window.addEventListener(type, go, { once: true, passive: true });
    return () => {
      window.removeEventListener('load', whenIdle);
      for (const type of interactions) window.removeEventListener(type, go);
      if (idle === undefined) return;
      if (typeof window.cancelIdleCallback === 'function') window.cancelIdleCallback(idle);
      else window.clearTimeout(idle);
    };
  }, [ready]);
  return ready;
}
