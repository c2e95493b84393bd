import type { ReactNode } from 'react';
import { cx } from '../../lib/class-names';

export type NoticeTone = 'info' | 'success' | 'danger';

const tones: Record<NoticeTone, string> = {
  info: 'border-brand/25 bg-brand-soft text-brand-ink',
  success: 'border-success-line bg-success-soft text-success-ink',
  danger: 'border-danger-line bg-danger-soft text-danger-ink',
};

/*
 * Lucide's circle-info, circle-check and circle-alert (ISC licence), drawn here without the
 * lucide-react runtime: the list of open roles shows a notice when it fails to load, and that
 * runtime was a tenth of its first load's own JavaScript (ADR 039).
 */
const marks: Record<NoticeTone, ReactNode> = {
  info: <path d="M12 16v-4m0-4h.01" />,
  success: <path d="m9 12 2 2 4-4" />,
  danger: <path d="M12 8v4m0 4h.01" />,
};

/**
 * An inline message inside a page or form: information, success, or an error (announced at
 * once). Extra content (links, a retry button) goes in children after the message.
 */
export function Notice({
  tone = 'info',
  message,
  children,
  className,
  testId,
}: {
  tone?: NoticeTone;
  message: string;
  children?: ReactNode;
  className?: string;
  testId?: string;
}) {
  return (
    <div
      role={tone === 'danger' ? 'alert' : 'status'}
      data-testid={testId}
      className={cx('flex gap-3 rounded-control border px-4 py-3', tones[tone], className)}
    >
      <svg
        viewBox="0 0 24 24"
        fill="none"
        stroke="currentColor"
        strokeWidth="2"
        strokeLinecap="round"
        strokeLinejoin="round"
        aria-hidden="true"
        className="mt-0.5 size-5 shrink-0"
      >
        <circle cx="12" cy="12" r="10" />
        {marks[tone]}
      </svg>
      <div className="flex min-w-0 flex-col gap-2">
        <p className="font-semibold">{message}</p>
        {children}
      </div>
    </div>
  );
}
