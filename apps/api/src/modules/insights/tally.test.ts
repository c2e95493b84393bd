import { randomUUID } from 'node:crypto';
import pino from 'pino';
import { describe, expect, it } from 'vitest';
import type { CountRow } from './tally.ts';
import { createTally } from './tally.ts';

/**
 * A flush writes its rows in parts (ROWS_PER_WRITE a statement). Whatever part fails, every count
 * is written once: none lost, none twice. No database: the writes go to a map that adds up.
 */
describe('the tally', () => {
  it('writes many rows in parts and, after a part fails, the rest once with the next flush', async () => {
    const stored = new Map<string, number>();
    let writes = 0;
    const failOn = new Set([2]);
    const tally = createTally({
      async write(rows: CountRow[]) {
        writes += 1;
        if (failOn.has(writes)) throw new Error('the database is away');
        for (const row of rows) stored.set(row.id, (stored.get(row.id) ?? 0) + row.count);
      },
      flushEveryMs: 60_000,
      perClientCap: 1_000,
      perClientPerMinute: 1_000_000,
      logger: pino({ level: 'silent' }),
    });
    const ids = Array.from({ length: 1_234 }, () => randomUUID());
    tally.add('198.51.100.1', ids, 'impressions', 'people');
    tally.add('198.51.100.2', ids.slice(0, 700), 'impressions', 'people');

    await tally.flush();
    expect(writes).toBeGreaterThan(1);
    // Counts held back by the failed part come with those added meanwhile.
    tally.add('198.51.100.3', ids.slice(1_000), 'impressions', 'people');
    await tally.flush();

    const expected = (index: number) => 1 + (index < 700 ? 1 : 0) + (index >= 1_000 ? 1 : 0);
    expect(ids.filter((id, index) => stored.get(id) !== expected(index))).toEqual([]);
    expect(stored.size).toBe(ids.length);
  });
});
