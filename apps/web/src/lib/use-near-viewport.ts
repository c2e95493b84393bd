import { useEffect, useState, type RefObject } from 'react';

/**
 * Becomes true (and stays true) once the element comes within `rootMargin` of the viewport.
 * Used to load below-the-fold code only when it is about to be seen.
 */
export function useNearViewport(ref: RefObject<Element | null>, rootMargin = '400px 0px'): boolean {
  // Without IntersectionObserver (old browsers, some test DOMs) everything counts as near.
  const [near, setNear] = useState(() => typeof IntersectionObserver === 'undefined');
  useEffect(() => {
    const element = ref.current;
    if (near || !element) return;
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting)) setNear(true);
      },
      { rootMargin },
    );
    observer.observe(element);
    return () => observer.disconnect();
  }, [ref, rootMargin, near]);
  return near;
}
