import { useSiteInfo } from '../api/get-site-info';

/** The support email as a mailto link (optionally with a subject), or nothing while unknown. */
export function SupportEmailLink({ subject, className }: { subject?: string; className?: string }) {
  const { data } = useSiteInfo();
  if (!data) return null;
  const href = `mailto:${data.supportEmail}${subject ? `?subject=${encodeURIComponent(subject)}` : ''}`;
  return (
    <a
      href={href}
      className={className ?? 'font-semibold text-brand-ink underline-offset-4 hover:underline'}
    >
      {data.supportEmail}
    </a>
  );
}
