import { mkdtemp, readFile, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { parse } from 'csv-parse/sync';
import { sql } from 'drizzle-orm';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Organization } from '@si/contracts';
import { runCommand } from '../src/cli/commands.ts';
import { loadConfig } from '../src/config.ts';
import { organizations } from '../src/db/schema.ts';
import { CSV_COLUMNS } from '../src/modules/operators/profile-export.ts';
import { signUp } from './support/accounts.ts';
import type { Agent } from './support/browser-agent.ts';
import { createOrganization } from './support/factories.ts';
import { signUpOperator } from './support/operators.ts';
import { TEST_PUBLIC_URL, createTestApp, type TestContext } from './support/test-app.ts';

/**
 * The bulk export of published profiles (ADR 054): the operator's download and the CLI, CSV and
 * JSON Lines, every published profile exactly once (more than one page of them), in the API's
 * shape, nothing unpublished, cells quoted and never formulas, each export audited.
 */

const hostileName = 'Quote " comma , and\nnew line';
const formulaNames = ['=HYPERLINK("http://x.example")', '+1 Trust', '-2 Fund', '@Mention Co'];
/** More than one page of the export (its PAGE_SIZE is 500). */
const BULK = 520;

describe('bulk export of published profiles', () => {
  let ctx: TestContext;
  let operator: Agent;
  let hostileId: string;
  let hiddenId: string;
  let publishedIds: string[];

  /** A GET with the agent's cookies, the body as text (JSON Lines is not one JSON value). */
  const download = (agent: Agent, url: string) =>
    ctx.app.inject({
      method: 'GET',
      url,
      headers: { cookie: [...agent.jar].map(([name, value]) => `${name}=${value}`).join('; ') },
    });

  async function cli(...argv: string[]) {
    const out: string[] = [];
    const err: string[] = [];
    const code = await runCommand(argv, {
      database: ctx.database,
      storage: ctx.app.storage,
      config: loadConfig({ PUBLIC_URL: TEST_PUBLIC_URL }),
      log: pino({ level: 'silent' }),
      output: { out: (line) => out.push(line), err: (line) => err.push(line) },
    });
    return { code, out: out.join('\n'), err: err.join('\n') };
  }

  const auditCount = async () =>
    Number(
      (
        (await ctx.database.db.execute(
          sql`select count(*)::int as n from audit_log where action = 'organizations.export'`,
        )) as unknown as { rows: { n: number }[] }
      ).rows[0]!.n,
    );

  beforeAll(async () => {
    ctx = await createTestApp({ RATE_LIMITS: 'off' });
    const db = ctx.database.db;
    operator = (await signUpOperator(ctx, 'export-operator@example.org')).browser;
    hostileId = await createOrganization(db, {
      name: hostileName,
      description: 'Says "hello", then\r\nmore.',
      categoryIds: ['education', 'climate_action'],
      categoriesDetails: { education: 'Schools; libraries' },
    });
    await db.execute(
      sql`update organizations set verified_domain = 'hostile.example', verified_at = now() where id = ${hostileId}`,
    );
    for (const name of formulaNames) await createOrganization(db, { name });
    hiddenId = await createOrganization(db, { name: 'Hidden Draft', published: false });
    await db.insert(organizations).values(
      Array.from({ length: BULK }, (_, i) => ({
        name: `Bulk ${i}`,
        description: 'Bulk organization.',
        country: 'KE',
        location: 'Nairobi',
        createdBy: 'owner-bulk',
        paymentStatus: 'paid' as const,
        subscriptionType: 'monthly' as const,
        published: true,
      })),
    );
    const rows = (await db.execute(
      sql`select id from organizations where published order by id`,
    )) as unknown as { rows: { id: string }[] };
    publishedIds = rows.rows.map((row) => row.id);
  }, 60_000);
  afterAll(() => ctx?.close());

  it('streams every published profile as JSON Lines, each one the API’s item', async () => {
    const before = await auditCount();
    const answer = await download(operator, '/api/admin/export/organizations.jsonl');
    expect(answer.statusCode).toBe(200);
    expect(answer.headers['content-type']).toBe('application/jsonl; charset=utf-8');
    expect(answer.headers['content-disposition']).toBe(
      'attachment; filename="organizations.jsonl"',
    );
    expect(answer.headers['cache-control']).toBe('private, no-store');
    expect(answer.body.endsWith('\n')).toBe(true);
    const items = answer.body
      .trimEnd()
      .split('\n')
      .map((line) => JSON.parse(line) as Organization);
    expect(items.map((item) => item.id)).toEqual(publishedIds);
    expect(items.map((item) => item.id)).not.toContain(hiddenId);
    const api = await ctx.app.inject({ method: 'GET', url: `/api/organizations/${hostileId}` });
    expect(items.find((item) => item.id === hostileId)).toEqual(
      api.json<{ data: Organization }>().data,
    );
    expect(await auditCount()).toBe(before + 1);
  });

  it('streams CSV with the API’s fields as columns, quoted, no cell a formula', async () => {
    const answer = await download(operator, '/api/admin/export/organizations.csv');
    expect(answer.statusCode).toBe(200);
    expect(answer.headers['content-type']).toBe('text/csv; charset=utf-8');
    const rows = parse(answer.body, { columns: true }) as Record<string, string>[];
    expect(Object.keys(rows[0]!)).toEqual(CSV_COLUMNS);
    expect(rows.map((row) => row.id)).toEqual(publishedIds);
    const hostile = rows.find((row) => row.id === hostileId)!;
    expect(hostile).toMatchObject({
      name: hostileName,
      description: 'Says "hello", then\r\nmore.',
      categoryIds: 'education;climate_action',
      published: 'true',
      'verification.domain': 'hostile.example',
    });
    expect(JSON.parse(hostile.categoriesDetails!)).toEqual({ education: 'Schools; libraries' });
    expect(hostile['verification.verifiedAt']).toMatch(/^\d{4}-\d{2}-\d{2}T/);
    const names = rows.map((row) => row.name);
    for (const name of formulaNames) expect(names).toContain(`'${name}`);
    expect(names.some((name) => /^[=+\-@]/.test(name!))).toBe(false);
  });

  it('refuses anyone but an operator, and audits nothing then', async () => {
    const before = await auditCount();
    const user = (await signUp(ctx, 'export-user@example.org')).browser;
    for (const format of ['csv', 'jsonl']) {
      const url = `/api/admin/export/organizations.${format}`;
      expect((await ctx.app.inject({ method: 'GET', url })).statusCode).toBe(401);
      const refused = await download(user, url);
      expect(refused.statusCode).toBe(403);
      expect(refused.body).not.toContain('Bulk 1');
    }
    expect(await auditCount()).toBe(before);
  });

  it('exports from the CLI to stdout and to a file, audited as the CLI', async () => {
    const lines = await cli('export-organizations', '--format', 'jsonl');
    expect(lines.code).toBe(0);
    expect(lines.out.split('\n').map((line) => (JSON.parse(line) as Organization).id)).toEqual(
      publishedIds,
    );
    const dir = await mkdtemp(path.join(os.tmpdir(), 'export-cli-'));
    try {
      const file = path.join(dir, 'organizations.csv');
      const written = await cli('export-organizations', '--format', 'csv', '--out', file);
      expect(written.code).toBe(0);
      const rows = parse(await readFile(file, 'utf8'), { columns: true }) as { id: string }[];
      expect(rows.map((row) => row.id)).toEqual(publishedIds);
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
    const audited = (await ctx.database.db.execute(
      sql`select actor_email from audit_log where action = 'organizations.export' order by at desc limit 2`,
    )) as unknown as { rows: { actor_email: string }[] };
    expect(audited.rows.map((row) => row.actor_email)).toEqual(['cli', 'cli']);
    const wrong = await cli('export-organizations', '--format', 'xml');
    expect(wrong.code).toBe(1);
  });
});
