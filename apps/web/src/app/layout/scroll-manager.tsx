import { useEffect, useLayoutEffect, useRef } from 'react';
import { useLocation, useNavigationType } from 'react-router';

const STORAGE_KEY = 'si-scroll-positions';
const positions = new Map<string, number>(readStored().filter(([key]) => key !== 'default'));
let mounted = false;

function readStored(): Array<[string, number]> {
  try {
    const parsed: unknown = JSON.parse(sessionStorage.getItem(STORAGE_KEY) ?? '[]');
    return Array.isArray(parsed) ? (parsed as Array<[string, number]>) : [];
  } catch {
    return [];
  }
}

/**
 * Scroll handling between pages (a lighter stand-in for React Router's ScrollRestoration):
 * a new page starts at the top (or at its #anchor), back/forward returns to where the visitor
 * was, and replacing the URL of the same page (filters, search) leaves the scroll position alone.
 * A replace that changes the page (a redirect, or home after deleting the account) is a new page.
 */
export function ScrollManager() {
  const { key, hash, pathname } = useLocation();
  const navigationType = useNavigationType();
  const previousPathname = useRef(pathname);

  useEffect(() => {
    window.history.scrollRestoration = 'manual';
    const save = () => {
      try {
        sessionStorage.setItem(
          STORAGE_KEY,
          JSON.stringify([...positions].filter(([key]) => key !== 'default').slice(-50)),
        );
      } catch {
        // Storage can be full or disabled: positions then last for this tab's session only.
      }
    };
    window.addEventListener('pagehide', save);
    return () => window.removeEventListener('pagehide', save);
  }, []);

  useLayoutEffect(() => {
    const firstRender = !mounted;
    mounted = true;
    if (navigationType === 'POP') {
      // A fresh page load has the key 'default': only a reload (a real key) restores a position.
      if (!firstRender || key !== 'default') window.scrollTo(0, positions.get(key) ?? 0);
    } else if (navigationType === 'PUSH' || previousPathname.current !== pathname) {
      const target = hash ? document.getElementById(decodeURIComponent(hash.slice(1))) : null;
      if (target) target.scrollIntoView();
      else window.scrollTo(0, 0);
    }
    previousPathname.current = pathname;
    // Remember this entry's position as the visitor scrolls (read before the next page renders).
    const record = () => positions.set(key, window.scrollY);
    window.addEventListener('scroll', record, { passive: true });
    return () => window.removeEventListener('scroll', record);
  }, [key, hash, pathname, navigationType]);

  return null;
}
