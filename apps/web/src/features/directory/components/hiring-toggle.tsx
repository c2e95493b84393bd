import { hiringTexts } from '@si/contracts';
import { FilterToggle, type FilterToggleProps } from './filter-toggle';

/** 'Hiring' with its count (meta.hiring): only the organizations with an open role (ADR 042). */
export function HiringToggle(props: FilterToggleProps) {
  return (
    <FilterToggle
      {...props}
      param="hiring"
      label={hiringTexts.filterLabel}
      countText={hiringTexts.filterCount}
    />
  );
}
