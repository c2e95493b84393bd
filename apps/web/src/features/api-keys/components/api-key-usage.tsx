import { apiKeyTexts as texts, type ApiKey, type ApiKeyUsageDay } from '@si/contracts';
import { ListState } from '../../../components/ui/list-state';
import { Skeleton } from '../../../components/ui/skeleton';

const dayFormat = new Intl.DateTimeFormat('en-US', {
  weekday: 'short',
  month: 'short',
  day: 'numeric',
  timeZone: 'UTC',
});
const dayLabel = (day: string) => dayFormat.format(new Date(`${day}T00:00:00Z`));

/** Requests per key per day (ADR 055), newest day first; days without a request are left out. */
export function ApiKeyUsage({
  usage,
  keys,
  failed,
  onRetry,
}: {
  usage: ApiKeyUsageDay[] | undefined;
  keys: ApiKey[] | undefined;
  failed: boolean;
  onRetry: () => void;
}) {
  if (failed) {
    return <ListState failed={texts.loadFailed} retryLabel={texts.retry} onRetry={onRetry} />;
  }
  if (!usage || !keys) return <Skeleton className="h-24 w-full" />;
  const names = new Map(keys.map((key) => [key.id, key.name]));
  const rows = usage.filter((row) => names.has(row.keyId));
  if (rows.length === 0) return <ListState empty={texts.usageEmpty} frame="compact" />;
  return (
    <div className="overflow-x-auto">
      <table className="w-full text-left text-sm" data-testid="api-key-usage">
        <thead className="text-ink-muted">
          <tr className="border-b border-line">
            <th scope="col" className="py-2 pr-3 font-semibold">
              {texts.usageDay}
            </th>
            <th scope="col" className="py-2 pr-3 font-semibold">
              {texts.usageKey}
            </th>
            <th scope="col" className="py-2 text-right font-semibold">
              {texts.usageRequests}
            </th>
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => (
            <tr key={`${row.day}-${row.keyId}`} className="border-b border-line last:border-0">
              <td className="py-2 pr-3 whitespace-nowrap text-ink">{dayLabel(row.day)}</td>
              <td className="py-2 pr-3 break-words text-ink">{names.get(row.keyId)}</td>
              <td className="py-2 text-right text-ink tabular-nums">
                {row.requests.toLocaleString('en-US')}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
