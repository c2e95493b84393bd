import { CircleCheckIcon, CloseIcon } from './icons';

/** The green success banner for a message passed in navigation state. */
export function SuccessBanner({ message, onDismiss }: { message: string; onDismiss?: () => void }) {
  return (
    <div
      role="status"
      className="flex items-start gap-3 rounded-card border border-success-line bg-success-soft px-4 py-3 text-success-ink"
    >
      <CircleCheckIcon className="mt-0.5 size-5 shrink-0" />
      <p className="flex-1 font-semibold">{message}</p>
      {onDismiss ? (
        <button
          type="button"
          onClick={onDismiss}
          aria-label="Dismiss message"
          className="-my-2 -mr-2 flex size-touch items-center justify-center rounded-control hover:bg-surface/60 sm:size-9"
        >
          <CloseIcon className="size-4" />
        </button>
      ) : null}
    </div>
  );
}
