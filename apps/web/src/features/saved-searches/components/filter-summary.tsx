import { savedSearchTexts } from '@si/contracts';

/**
 * A saved search's filters as small labels; no filter at all reads as the whole directory (or
 * every open role, `everything`).
 */
export function FilterSummary({
  labels,
  everything = savedSearchTexts.everything,
}: {
  labels: string[];
  everything?: string;
}) {
  if (labels.length === 0) {
    return <p className="text-sm text-ink-muted">{everything}</p>;
  }
  return (
    <ul className="flex flex-wrap gap-1.5" aria-label={savedSearchTexts.filtersLabel}>
      {labels.map((label) => (
        <li
          key={label}
          className="rounded-pill border border-line bg-sunken px-2.5 py-0.5 text-sm font-semibold text-ink-muted"
        >
          {label}
        </li>
      ))}
    </ul>
  );
}
