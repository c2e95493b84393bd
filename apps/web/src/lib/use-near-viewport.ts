import { useEffect, useState, type RefObject } from 'react';
import { useOnClient } from './use-on-client';

/**
 * Becomes true (and stays true) once the element comes within `rootMargin` of the viewport.
 * Used to load below-the-fold code only when it is about to be seen. False on the server and
 * while hydrating, so the page hydrates as it was rendered.
 */
export function useNearViewport(ref: RefObject<Element | null>, rootMargin = '400px 0px'): boolean {
  const [near, setNear] = useState(false);
  // Without IntersectionObserver (old browsers, some test DOMs) everything counts as near.
  const noObserver = useOnClient(() => typeof IntersectionObserver === 'undefined');
  useEffect(() => {
    const element = ref.current;
    if (near || noObserver || !element) return;
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting)) setNear(true);
      },
      { rootMargin },
    );
    observer.observe(element);
    return () => observer.disconnect();
  }, [ref, rootMargin, near, noObserver]);
  return near || noObserver;
}
