import { homeTexts } from '@si/contracts';

/** 'select categories' when none is chosen; otherwise the match count + 'matching organization(s)' when above 0. */
export function MatchBadge({
  selectedCount,
  matchCount,
}: {
  selectedCount: number;
  matchCount: number | undefined;
}) {
  if (selectedCount === 0) {
    return (
      <span className="rounded-pill bg-sunken px-2.5 py-0.5 text-sm font-semibold text-ink-muted">
        {homeTexts.badgeNone}
      </span>
    );
  }
  if (!matchCount) return null;
  return (
    <span
      aria-live="polite"
      className="rounded-pill bg-brand-soft px-2.5 py-0.5 text-sm font-semibold text-brand-ink"
    >
      {homeTexts.badgeMatching(matchCount)}
    </span>
  );
}
