import { lazy, Suspense, useRef, useState } from 'react';
import { useLocation } from 'react-router';
import { MenuIcon } from '../../components/ui/icons';
import { buttonClasses } from '../../components/ui/button';
import { cx } from '../../lib/class-names';
import { InAppLink } from '../../lib/in-app-links';
import { useAfterLoad, type StartWhen } from '../../lib/use-after-load';
import { useMediaQuery } from '../../lib/use-media-query';
import { useOnClient } from '../../lib/use-on-client';
import { SERVER_STATE_ELEMENT_ID } from '../server-state-element';
import { AccountAreaSpace } from './account-area-space';
import { BrandLink } from './logo-mark';
import { primaryNav } from './nav-items';

const loadMobileMenu = () => import('./mobile-menu');
const MobileMenu = lazy(loadMobileMenu);
/**
 * Session and account code never stand in the first page's way (docs/decisions/006, 017): on a
 * page the server rendered they load once it has loaded and is idle where the account area
 * shows (768 px and up), and at the first interaction on a phone, where it sits in the menu.
 * Pages rendered in the browser (the account pages) need the session at once. Its space is
 * reserved meanwhile.
 */
const AccountArea = lazy(() => import('./account-area'));
const renderedInBrowser = () => !document.getElementById(SERVER_STATE_ELEMENT_ID);

function useAccountAreaStart(): StartWhen {
  const inBrowser = useOnClient(renderedInBrowser);
  const wide = useMediaQuery('(min-width: 768px)');
  return inBrowser ? 'now' : wide ? 'idle' : 'interaction';
}

/** Compact sticky header: logo and name, desktop navigation, the account area, and the phone menu. */
export function SiteHeader() {
  const [menuOpen, setMenuOpen] = useState(false);
  const [menuRequested, setMenuRequested] = useState(false);
  const menuButton = useRef<HTMLButtonElement>(null);
  const accountAreaDue = useAfterLoad(useAccountAreaStart());
  const { pathname } = useLocation();
  // As NavLink decides it: the page itself, or (unless `end`) a page under it, in any case.
  const isActive = ({ to, end }: (typeof primaryNav)[number]) => {
    const here = pathname.toLowerCase();
    return here === to || (!end && here.startsWith(`${to}/`));
  };

  const openMenu = () => {
    setMenuRequested(true);
    setMenuOpen(true);
  };

  return (
    <header className="sticky top-0 z-40 border-b border-line bg-canvas/90 backdrop-blur supports-[backdrop-filter]:bg-canvas/80">
      <div className="mx-auto flex h-header w-full max-w-content items-center gap-6 px-4 sm:px-6 lg:px-8">
        <BrandLink />

        <nav aria-label="Main" className="hidden md:block">
          <ul className="flex items-center gap-1">
            {primaryNav.map((item) => (
              <li key={item.to}>
                <InAppLink
                  to={item.to}
                  aria-current={isActive(item) ? 'page' : undefined}
                  className={cx(
                    'inline-flex min-h-10 items-center rounded-control px-3 font-semibold transition-colors',
                    isActive(item)
                      ? 'text-brand-ink'
                      : 'text-ink-muted hover:bg-sunken hover:text-ink',
                  )}
                >
                  {item.label}
                </InAppLink>
              </li>
            ))}
          </ul>
        </nav>

        {accountAreaDue ? (
          <Suspense fallback={<AccountAreaSpace />}>
            <AccountArea />
          </Suspense>
        ) : (
          <AccountAreaSpace />
        )}

        <button
          ref={menuButton}
          type="button"
          aria-label="Open menu"
          aria-haspopup="dialog"
          aria-expanded={menuOpen}
          onClick={openMenu}
          onPointerEnter={() => void loadMobileMenu()}
          onFocus={() => void loadMobileMenu()}
          // The menu opens only once the app runs: until then the button keeps its place unseen.
          className={buttonClasses('ghost', 'icon', 'ml-auto md:hidden unhydrated:invisible')}
        >
          <MenuIcon className="size-6" />
        </button>
      </div>
      {menuRequested ? (
        <Suspense fallback={null}>
          <MobileMenu open={menuOpen} onOpenChange={setMenuOpen} returnFocusTo={menuButton} />
        </Suspense>
      ) : null}
    </header>
  );
}
