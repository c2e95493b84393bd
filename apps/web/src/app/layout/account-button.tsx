import type { ButtonHTMLAttributes, Ref } from 'react';
import { ChevronDownIcon } from '../../components/ui/icons';

/** The signed-in user's name (or email) with an initial: the trigger of the header's user menu. */
export function AccountButton({
  label,
  ref,
  ...props
}: { label: string; ref?: Ref<HTMLButtonElement> } & ButtonHTMLAttributes<HTMLButtonElement>) {
  return (
    <button
      ref={ref}
      type="button"
      className="inline-flex min-h-10 max-w-64 items-center gap-2 rounded-pill border border-line bg-surface py-1 pr-3 pl-1 font-semibold text-ink transition-colors hover:border-line-strong data-[state=open]:border-brand"
      {...props}
    >
      <span
        aria-hidden="true"
        className="flex size-8 shrink-0 items-center justify-center rounded-pill bg-brand-soft text-brand-ink"
      >
        {label.trim().charAt(0).toUpperCase() || '?'}
      </span>
      <span className="truncate">{label}</span>
      <ChevronDownIcon className="size-4 shrink-0 text-ink-subtle" />
    </button>
  );
}
