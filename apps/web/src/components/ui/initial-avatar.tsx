import { cx } from '../../lib/class-names';

const tones = [
  'impact_areas',
  'work_methods',
  'differentiators',
  'culture',
  'approach',
  'how_we_scale_change',
  'company_properties',
] as const;

/** First letter or digit of a name, upper-cased; "?" when there is none. */
export function initialOf(name: string): string {
  const match = name.trim().match(/[\p{L}\p{N}]/u);
  return match ? match[0].toLocaleUpperCase() : '?';
}

/** A stable tone for a name, so the same organization always gets the same colour. */
export function toneOf(name: string): string {
  let hash = 0;
  for (const char of name) hash = (hash * 31 + (char.codePointAt(0) ?? 0)) >>> 0;
  return tones[hash % tones.length] ?? 'impact_areas';
}

/** Coloured square with the first letter of a name: stands in for a missing logo. */
export function InitialAvatar({ name, className }: { name: string; className?: string }) {
  return (
    <span
      role="img"
      aria-label={name}
      data-group={toneOf(name)}
      data-testid="initial-avatar"
      className={cx(
        'flex shrink-0 select-none items-center justify-center bg-(--group-soft) font-semibold text-(--group-ink)',
        className,
      )}
    >
      <span aria-hidden="true">{initialOf(name)}</span>
    </span>
  );
}
