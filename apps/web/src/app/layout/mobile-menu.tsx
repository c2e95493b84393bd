import type { RefObject } from 'react';
import { Dialog } from 'radix-ui';
import { Link, NavLink } from 'react-router';
import { CloseIcon } from '../../components/ui/icons';
import { siteName } from '@si/contracts';
import { buttonClasses } from '../../components/ui/button';
import { cx } from '../../lib/class-names';
import { LogoMark } from './logo-mark';
import { accountLinks, primaryNav } from './nav-items';

export interface MobileMenuProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** Gets focus back when the menu closes (the menu button). */
  returnFocusTo: RefObject<HTMLButtonElement | null>;
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
          <div className="flex flex-col gap-2 border-t border-line p-4">
            <Link
              to={accountLinks.login.to}
              onClick={close}
              className={buttonClasses('secondary', 'md', 'w-full')}
            >
              {accountLinks.login.label}
            </Link>
            <Link
              to={accountLinks.signup.to}
              onClick={close}
              className={buttonClasses('primary', 'md', 'w-full')}
            >
              {accountLinks.signup.label}
            </Link>
          </div>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
