import { organizationStateNames, type OrganizationState } from '@si/contracts';
import { cx } from '../../../lib/class-names';

const tones: Record<OrganizationState, string> = {
  published: 'bg-success-soft text-success-ink',
  unpaid: 'bg-sunken text-ink-muted',
  held: 'bg-danger-soft text-danger-ink',
  lapsed: 'bg-warning-soft text-warning-ink',
};

/** An organization's state in the console, as a coloured word. */
export function StatePill({ state }: { state: OrganizationState }) {
  return (
    <span
      className={cx(
        'inline-flex w-fit items-center rounded-pill px-2.5 py-0.5 text-sm font-semibold whitespace-nowrap',
        tones[state],
      )}
    >
      {organizationStateNames[state]}
    </span>
  );
}
