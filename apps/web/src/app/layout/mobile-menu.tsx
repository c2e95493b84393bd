import type { RefObject } from 'react';
import { Dialog } from 'radix-ui';
import { Link, NavLink } from 'react-router';
import { LogOut } from 'lucide-react';
import { CloseIcon } from '../../components/ui/icons';
import { accountMenuTexts, siteName } from '@si/contracts';
import { buttonClasses } from '../../components/ui/button';
import { isPermanentUser, useSession } from '../../features/auth/api/get-session';
import { useSignOut } from '../../features/auth/api/sign-out';
import { cx } from '../../lib/class-names';
import { LogoMark } from './logo-mark';
import { accountLinks, primaryNav } from './nav-items';

export interface MobileMenuProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** Gets focus back when the menu closes (the menu button). */
  returnFocusTo: RefObject<HTMLButtonElement | null>;
}

const accountLinkClasses =
  'flex min-h-12 items-center rounded-control px-3 text-lg font-semibold text-ink hover:bg-sunken';

/**
 * The menu's account part: for a registered user the email, Profile, Submit Organization and
 * Logout (to /login); otherwise Login and Sign Up, and 'Browsing as Guest' for a guest.
 */
function AccountSection({ onNavigate }: { onNavigate: () => void }) {
  const { data: user, isPending } = useSession();
  const signOut = useSignOut();
  if (isPending) return <div aria-hidden="true" className="h-32 border-t border-line" />;
  if (isPermanentUser(user)) {
    return (
      <div className="flex flex-col gap-1 border-t border-line px-2 py-4">
        <p className="px-3 pb-2 text-sm text-ink-muted">
          {accountMenuTexts.signedInAs}
          <span className="block truncate font-semibold text-ink">{user.email}</span>
        </p>
        <Link to="/profile" onClick={onNavigate} className={accountLinkClasses}>
          {accountMenuTexts.profile}
        </Link>
        <Link to="/submit-organization" onClick={onNavigate} className={accountLinkClasses}>
          {accountMenuTexts.submitOrganization}
        </Link>
        <button
          type="button"
          disabled={signOut.isPending}
          onClick={() => {
            onNavigate();
            signOut.mutate();
          }}
          className={cx(accountLinkClasses, 'gap-2 text-left disabled:opacity-60')}
        >
          <LogOut aria-hidden="true" className="size-5 text-ink-muted" />
          {accountMenuTexts.logout}
        </button>
      </div>
    );
  }
  return (
    <div className="flex flex-col gap-2 border-t border-line p-4">
      {user ? (
        <p className="pb-1 text-center text-sm font-semibold text-ink-muted">
          {accountMenuTexts.guest}
        </p>
      ) : null}
      <Link
        to={accountLinks.login.to}
        onClick={onNavigate}
        className={buttonClasses('secondary', 'md', 'w-full')}
      >
        {accountLinks.login.label}
      </Link>
      <Link
        to={accountLinks.signup.to}
        onClick={onNavigate}
        className={buttonClasses('primary', 'md', 'w-full')}
      >
        {accountLinks.signup.label}
      </Link>
    </div>
  );
}

/** The phone slide-out menu: a modal dialog that traps focus and closes on Escape. */
export default function MobileMenu({ open, onOpenChange, returnFocusTo }: MobileMenuProps) {
  const close = () => onOpenChange(false);
  return (
    <Dialog.Root open={open} onOpenChange={onOpenChange}>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-50 bg-ink/40 motion-safe:data-[state=open]:animate-fade-in" />
        <Dialog.Content
          aria-describedby={undefined}
          onCloseAutoFocus={(event) => {
            event.preventDefault();
            returnFocusTo.current?.focus();
          }}
          className="fixed inset-y-0 right-0 z-50 flex w-[min(20rem,88vw)] flex-col bg-surface shadow-raised outline-none motion-safe:data-[state=open]:animate-slide-in"
        >
          <div className="flex h-16 items-center justify-between border-b border-line px-4">
            <Dialog.Title className="flex items-center gap-2 font-semibold text-ink">
              <LogoMark className="size-7" />
              {siteName}
            </Dialog.Title>
            <Dialog.Close aria-label="Close menu" className={buttonClasses('ghost', 'icon')}>
              <CloseIcon className="size-6" />
            </Dialog.Close>
          </div>
          <nav aria-label="Main" className="flex-1 overflow-y-auto px-2 py-4">
            <ul className="flex flex-col gap-1">
              {primaryNav.map((item) => (
                <li key={item.to}>
                  <NavLink
                    to={item.to}
                    end={item.end}
                    onClick={close}
                    className={({ isActive }) =>
                      cx(
                        'flex min-h-12 items-center rounded-control px-3 text-lg font-semibold',
                        isActive ? 'bg-brand-soft text-brand-ink' : 'text-ink hover:bg-sunken',
                      )
                    }
                  >
                    {item.label}
                  </NavLink>
                </li>
              ))}
            </ul>
          </nav>
          <AccountSection onNavigate={close} />
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
