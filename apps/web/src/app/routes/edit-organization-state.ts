import {
  roleCan,
  type Category,
  type CategoryGroup,
  type Country,
  type CurrentUser,
  type MyRole,
  type Organization,
} from '@si/contracts';
import type { PaymentGateState } from '../../features/payments/hooks/use-payment-gate';
import { ApiError } from '../../lib/api-client';

/** What the edit page's queries have answered so far. */
export interface EditPageInputs {
  organization: {
    data: Organization | undefined;
    error: unknown;
    isError: boolean;
    /** Answered since the page opened (a copy cached from the profile is not trusted for its version). */
    fresh: boolean;
  };
  user: CurrentUser | null | undefined;
  /** The user's role in it (ADR 047): null for none, undefined while it loads. */
  myRole: MyRole | undefined;
  gate: PaymentGateState;
  groups: { data: CategoryGroup[] | undefined; isError: boolean };
  categories: { data: Category[] | undefined; isError: boolean };
  countries: { data: Country[] | undefined; isError: boolean };
}

/** The payment gate's states that stand in the editor's place. */
type ClosedGate = Extract<
  PaymentGateState,
  { kind: 'verifying' | 'timeout' | 'required' | 'failed' }
>;

/** The one thing the edit page shows. */
export type EditPageState =
  | { kind: 'not-owner' }
  | { kind: 'not-found' }
  | { kind: 'payment-gate'; gate: ClosedGate; organizationName: string | null }
  | { kind: 'load-failed'; organizationFailed: boolean }
  | {
      kind: 'editor';
      organization: Organization;
      groups: CategoryGroup[];
      categories: Category[];
      countries: Country[];
      notice: string | null;
    }
  | { kind: 'loading' };

/**
 * Picks the edit page's state, first match wins: someone else's organization, one that does not
 * exist, the payment gate, a failed load, the editor, and otherwise the skeleton. Only the first
 * load since the page opened is waited for: a later refetch (Reload starts the form over itself)
 * never swaps the form being edited for the skeleton, which would lose unsaved edits.
 */
export function editPageState({
  organization,
  user,
  myRole,
  gate,
  groups,
  categories,
  countries,
}: EditPageInputs): EditPageState {
  const loaded = organization.fresh && user ? organization.data : undefined;
  // A member whose role edits (ADR 047), whoever created it: until the role is known, the
  // skeleton. Its creator who has left is sent away as anyone else.
  if (loaded) {
    if (myRole === undefined) return { kind: 'loading' };
    if (!roleCan(myRole, 'edit')) return { kind: 'not-owner' };
  }
  // A malformed id (400) cannot exist either.
  const { error } = organization;
  if (error instanceof ApiError && (error.isNotFound || error.status === 400)) {
    return { kind: 'not-found' };
  }
  switch (gate.kind) {
    case 'verifying':
    case 'timeout':
      return { kind: 'payment-gate', gate, organizationName: organization.data?.name ?? null };
    case 'required':
    case 'failed':
      // Payment required (or not known) is said once the owner's organization has loaded.
      if (loaded) return { kind: 'payment-gate', gate, organizationName: loaded.name };
  }
  const organizationFailed = organization.isError;
  if (organizationFailed || groups.isError || categories.isError || countries.isError) {
    return { kind: 'load-failed', organizationFailed };
  }
  if (gate.kind === 'open' && loaded && groups.data && categories.data && countries.data) {
    return {
      kind: 'editor',
      organization: loaded,
      groups: groups.data,
      categories: categories.data,
      countries: countries.data,
      notice: gate.notice,
    };
  }
  return { kind: 'loading' };
}
