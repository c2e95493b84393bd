import { verifiedBadgeTexts, type OrganizationVerification } from '@si/contracts';
import { cx } from '../../lib/class-names';
import { formatDay } from '../../lib/format-day';

function badgeTitle({ domain, verifiedAt }: OrganizationVerification): string {
  return verifiedBadgeTexts.badgeTitle(domain, formatDay(verifiedAt));
}

/**
 * The Verified pill of a directory card. One element, its check mark drawn by CSS: a page of
 * cards stays within the home page's 800 elements (ADR 017). Its name says the domain and the
 * date; `decorative` for a second copy that screen readers have already heard.
 */
export function VerifiedBadge({
  verification,
  decorative = false,
  className,
}: {
  verification: OrganizationVerification;
  decorative?: boolean;
  className?: string;
}) {
  const title = badgeTitle(verification);
  return (
    <span
      {...(decorative ? { 'aria-hidden': true } : { role: 'img', 'aria-label': title })}
      title={title}
      className={cx('verified-badge', className)}
    >
      {verifiedBadgeTexts.badge}
    </span>
  );
}

/** The profile's line under the name: 'Verified example.org · since Nov 25, 2026'. */
export function VerifiedLine({
  verification,
  className,
}: {
  verification: OrganizationVerification;
  className?: string;
}) {
  return (
    <p title={badgeTitle(verification)} className={cx('verified-badge verified-line', className)}>
      {verifiedBadgeTexts.profileLine(verification.domain, formatDay(verification.verifiedAt))}
    </p>
  );
}
