import { useEffect, useState } from 'react';

const interactions = ['pointerdown', 'keydown', 'touchstart', 'scroll'] as const;

/**
 * When deferred work may start: 'now'; 'idle' (once the page has loaded and the browser is idle,
 * or at the first interaction); 'interaction' (at the first interaction only).
 */
export type StartWhen = 'now' | 'idle' | 'interaction';

/**
 * False until `when` says the work the first screen does not need may start (the session and its
 * guest sign-in; ADR 017), so it never competes with the page's own loading and largest paint.
 * False on the server, and while hydrating, unless `when` is 'now'.
 */
export function useAfterLoad(when: StartWhen): boolean {
  const [ready, setReady] = useState(when === 'now');
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
    if (when === 'idle') {
      if (document.readyState === 'complete') whenIdle();
      else window.addEventListener('load', whenIdle, { once: true });
    }
    for (const type of interactions)
      window.addEventListener(type, go, { once: true, passive: true });
    return () => {
      window.removeEventListener('load', whenIdle);
      for (const type of interactions) window.removeEventListener(type, go);
      if (idle === undefined) return;
      if (typeof window.cancelIdleCallback === 'function') window.cancelIdleCallback(idle);
      else window.clearTimeout(idle);
    };
  }, [ready, when]);
  return ready;
}
