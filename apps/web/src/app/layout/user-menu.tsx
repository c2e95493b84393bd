import { DropdownMenu } from 'radix-ui';
import { Link } from 'react-router';
import { LayoutDashboard, LogOut, Plus } from 'lucide-react';
import { accountMenuTexts, type CurrentUser } from '@si/contracts';
import { useSignOut } from '../../features/auth/api/sign-out';
import { AccountButton } from './account-button';

const itemClasses =
  'flex min-h-10 cursor-pointer items-center gap-2.5 rounded-control px-3 font-semibold text-ink outline-none select-none data-[highlighted]:bg-sunken';

/**
 * The header's user menu (loaded for signed-in users only): Dashboard, Add organization (the
 * mobile menu's Submit Organization; on desktop the grid's add card is far down) and Sign out.
 */
export default function UserMenu({ user, label }: { user: CurrentUser; label: string }) {
  const signOut = useSignOut();
  return (
    <DropdownMenu.Root modal={false}>
      <DropdownMenu.Trigger asChild>
        <AccountButton label={label} aria-label={`${accountMenuTexts.openAccountMenu}: ${label}`} />
      </DropdownMenu.Trigger>
      <DropdownMenu.Portal>
        <DropdownMenu.Content
          align="end"
          sideOffset={8}
          className="z-50 flex min-w-60 flex-col gap-1 rounded-card border border-line bg-surface p-2 shadow-raised motion-safe:data-[state=open]:animate-fade-in"
        >
          {user.email ? (
            <DropdownMenu.Label className="px-3 pt-1 pb-2 text-sm text-ink-muted">
              {accountMenuTexts.signedInAs}
              <span className="block truncate font-semibold text-ink">{user.email}</span>
            </DropdownMenu.Label>
          ) : null}
          <DropdownMenu.Item asChild className={itemClasses}>
            <Link to="/profile">
              <LayoutDashboard aria-hidden="true" className="size-5 text-ink-muted" />
              {accountMenuTexts.dashboard}
            </Link>
          </DropdownMenu.Item>
          <DropdownMenu.Item asChild className={itemClasses}>
            <Link to="/submit-organization">
              <Plus aria-hidden="true" className="size-5 text-ink-muted" />
              {accountMenuTexts.addOrganization}
            </Link>
          </DropdownMenu.Item>
          <DropdownMenu.Separator className="my-1 h-px bg-line" />
          <DropdownMenu.Item
            className={itemClasses}
            disabled={signOut.isPending}
            onSelect={() => signOut.mutate()}
          >
            <LogOut aria-hidden="true" className="size-5 text-ink-muted" />
            {accountMenuTexts.signOut}
          </DropdownMenu.Item>
        </DropdownMenu.Content>
      </DropdownMenu.Portal>
    </DropdownMenu.Root>
  );
}
