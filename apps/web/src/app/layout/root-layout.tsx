import { Outlet } from 'react-router';
import { useInAppLinkClicks } from '../../lib/in-app-links';
import { NavigationProgress } from './navigation-progress';
import { ScrollManager } from './scroll-manager';
import { SiteFooter } from './site-footer';
import { SiteHeader } from './site-header';

/** The shared layout of every page. */
export function RootLayout() {
  const onLinkClick = useInAppLinkClicks();
  return (
    <div className="flex min-h-dvh flex-col" onClick={onLinkClick}>
      <a
        href="#main-content"
        className="sr-only z-50 rounded-control bg-brand px-4 py-2 font-semibold text-on-brand focus:not-sr-only focus:fixed focus:top-3 focus:left-3"
      >
        Skip to content
      </a>
      <NavigationProgress />
      <SiteHeader />
      <main id="main-content" tabIndex={-1} className="flex-1 outline-none">
        <Outlet />
      </main>
      <SiteFooter />
      <ScrollManager />
    </div>
  );
}
