import { Clock, Mail, MapPin, Phone } from 'lucide-react';
import { businessHoursTexts } from '@si/contracts';
import { Skeleton } from '../../../components/ui/skeleton';
import { useSiteInfo } from '../api/get-site-info';

/**
 * 'East Africa Time' for Africa/Nairobi: the zone's name that holds all year (no EST/EDT). UTC is
 * its own name; a zone the browser has no name for ('GMT+03:00') goes by its id alone.
 */
function zoneName(zoneId: string): string {
  if (/^(Etc\/)?(UTC|GMT)$/.test(zoneId)) return zoneId;
  try {
    const parts = new Intl.DateTimeFormat('en-US', {
      timeZone: zoneId,
      timeZoneName: 'longGeneric',
    }).formatToParts(new Date(0));
    const name = parts.find((part) => part.type === 'timeZoneName')?.value ?? zoneId;
    return name.startsWith('GMT') ? zoneId : name;
  } catch {
    return zoneId;
  }
}

const unavailable = 'Contact details are unavailable right now. Please try again later.';

/** Support email, phone, address and business hours, from /api/site. */
export function ContactDetails() {
  const { data, isPending, isError } = useSiteInfo();
  const rowClasses = 'flex items-start gap-3';
  const iconClasses = 'mt-0.5 size-5 shrink-0 text-brand';
  return (
    <dl className="flex flex-col gap-4">
      {isPending ? (
        <div aria-hidden="true" className="flex flex-col gap-4">
          <Skeleton className="h-5 w-56" />
          <Skeleton className="h-5 w-40" />
          <Skeleton className="h-5 w-64" />
        </div>
      ) : isError ? (
        <p role="alert" className="text-danger-ink">
          {unavailable}
        </p>
      ) : (
        <>
          <div className={rowClasses}>
            <Mail aria-hidden="true" className={iconClasses} />
            <dt className="sr-only">Email</dt>
            <dd>
              <a
                href={`mailto:${data.supportEmail}`}
                className="font-semibold text-brand-ink underline-offset-4 hover:underline"
              >
                {data.supportEmail}
              </a>
            </dd>
          </div>
          <div className={rowClasses}>
            <Phone aria-hidden="true" className={iconClasses} />
            <dt className="sr-only">Phone</dt>
            <dd>
              <a
                href={`tel:${data.supportPhone.replace(/[^\d+]/g, '')}`}
                className="text-ink underline-offset-4 hover:underline"
              >
                {data.supportPhone}
              </a>
            </dd>
          </div>
          <div className={rowClasses}>
            <MapPin aria-hidden="true" className={iconClasses} />
            <dt className="sr-only">Address</dt>
            <dd className="whitespace-pre-line text-ink">{data.supportAddress}</dd>
          </div>
        </>
      )}
      <div className={rowClasses}>
        <Clock aria-hidden="true" className={iconClasses} />
        <dt className="sr-only">{businessHoursTexts.label}</dt>
        <dd className="text-ink" data-testid="business-hours">
          {data
            ? businessHoursTexts.inZone(zoneName(data.supportTimeZone), data.supportTimeZone)
            : businessHoursTexts.hours}
        </dd>
      </div>
    </dl>
  );
}
