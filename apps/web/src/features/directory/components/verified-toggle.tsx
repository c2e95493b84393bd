import { verifiedBadgeTexts } from '@si/contracts';
import { FilterToggle, type FilterToggleProps } from './filter-toggle';

export type VerifiedToggleProps = FilterToggleProps;

/**
 * 'Verified only' with its count (meta.verified): only the organizations that proved their
 * website's domain, the badge's check mark drawn before the label.
 */
export function VerifiedToggle(props: VerifiedToggleProps) {
  return (
    <FilterToggle
      {...props}
      param="verified"
      label={verifiedBadgeTexts.filterLabel}
      countText={verifiedBadgeTexts.filterCount}
      markClassName="verified-mark"
    />
  );
}
