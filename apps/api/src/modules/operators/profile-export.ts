import { stringify } from 'csv-stringify/sync';
import { Organization } from '@si/contracts';
import type { Database } from '../../db/client.ts';
import type { Actor, AuditedAction } from './audit.ts';

export const exportFormats = ['csv', 'jsonl'] as const;
export type ExportFormat = (typeof exportFormats)[number];

/** Profiles read per database round trip: an export holds one page at a time. */
const PAGE_SIZE = 500;

/**
 * The CSV's columns: the API's fields in its order, the Verified badge's two parts flattened
 * into columns of their own.
 */
export const CSV_COLUMNS = Object.keys(Organization.shape).flatMap((key) =>
  key === 'verification' ? ['verification.domain', 'verification.verifiedAt'] : [key],
);

/** A cell: lists joined with `;`, the category maps as JSON, null as empty. */
function cell(organization: Organization, column: string): string | number | boolean | null {
  const [key, part] = column.split('.') as [keyof Organization, string | undefined];
  const value = organization[key];
  if (part) return (value as Record<string, string> | null)?.[part] ?? null;
  if (Array.isArray(value)) return value.join(';');
  if (value !== null && typeof value === 'object') return JSON.stringify(value);
  return value;
}

/** One page as CSV rows: quoted as RFC 4180 says, a leading = + - @ escaped (no formulas). */
const csvRows = (page: Organization[], header: boolean) =>
  stringify(
    page.map((organization) => CSV_COLUMNS.map((column) => cell(organization, column))),
    { header, columns: CSV_COLUMNS, escape_formulas: true, cast: { boolean: String } },
  );

export interface ProfileExportOptions {
  db: Database;
  /** Published profiles after `afterId` in id order, as the API shows them. */
  read: (afterId: string | null, limit: number) => Promise<Organization[]>;
  record: (tx: Database, actor: Actor, entry: AuditedAction) => Promise<unknown>;
}

/**
 * Every published profile, as CSV or JSON Lines (ADR 054): written to the audit log, then read
 * and written a page at a time, so neither the server nor the database buffers the whole table.
 */
export function createProfileExport({ db, read, record }: ProfileExportOptions) {
  async function* chunks(format: ExportFormat): AsyncGenerator<string> {
    let afterId: string | null = null;
    for (let first = true; ; first = false) {
      const page = await read(afterId, PAGE_SIZE);
      if (format === 'jsonl') {
        if (page.length > 0) yield page.map((row) => `${JSON.stringify(row)}\n`).join('');
      } else if (page.length > 0 || first) {
        yield csvRows(page, first);
      }
      if (page.length < PAGE_SIZE) return;
      afterId = page.at(-1)!.id;
    }
  }

  return {
    /** The export's pages, once the operator's export is in the audit log. */
    async exportProfiles(actor: Actor, format: ExportFormat): Promise<AsyncGenerator<string>> {
      await record(db, actor, {
        action: 'organizations.export',
        targetType: 'organizations',
        targetId: 'published',
        targetLabel: format === 'csv' ? 'CSV' : 'JSON Lines',
      });
      return chunks(format);
    },
  };
}
