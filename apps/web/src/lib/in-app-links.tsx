import { useCallback, type AnchorHTMLAttributes, type MouseEvent } from 'react';
import { useNavigate } from 'react-router';

/** A plain link the app opens itself, by the one handler on the layout (useInAppLinkClicks). */
const IN_APP_LINK = 'a[data-in-app]';

/**
 * A link within the app, as a plain anchor: a router Link runs a dozen hooks, and the ten of the
 * header and footer alone took 5 % of a server-rendered home page's CPU (ADR 027).
 */
export function InAppLink({
  to,
  ...anchor
}: { to: string } & Omit<AnchorHTMLAttributes<HTMLAnchorElement>, 'href'>) {
  return <a href={to} data-in-app="" {...anchor} />;
}

/**
 * One click handler, on the layout's root, for every in-app link within it: a plain click
 * navigates in the app, as a router Link would (replacing the entry when the link is where the
 * visitor already is); a click with a modifier key or another button is left to the browser (a
 * new tab or window), and so is every click before the app runs.
 */
export function useInAppLinkClicks() {
  const navigate = useNavigate();
  return useCallback(
    (event: MouseEvent<HTMLElement>) => {
      if (event.defaultPrevented || event.button !== 0) return;
      if (event.metaKey || event.altKey || event.ctrlKey || event.shiftKey) return;
      const link = (event.target as Element).closest(IN_APP_LINK);
      const to = link?.getAttribute('href');
      if (!link || !to || !event.currentTarget.contains(link)) return;
      event.preventDefault();
      const { pathname, search, hash } = window.location;
      void navigate(to, { replace: to === `${pathname}${search}${hash}` });
    },
    [navigate],
  );
}
