import { sql } from 'drizzle-orm';
import { runOperatorCommand } from '../../src/cli/operator-commands.ts';
import { createOrganization } from './factories.ts';
import { signUp } from './accounts.ts';
import type { Agent } from './browser-agent.ts';
import type { TestContext } from './test-app.ts';

/** Runs `npm run cli -- operator ...` against the test database; its printed lines. */
export async function operatorCli(ctx: TestContext, ...args: string[]): Promise<string[]> {
  const lines: string[] = [];
  await runOperatorCommand('operator', args, {
    db: ctx.database.db,
    print: (line) => lines.push(line),
  });
  return lines;
}

/** A verified user granted the console by the CLI, signed in now. */
export async function signUpOperator(ctx: TestContext, email: string) {
  const user = await signUp(ctx, email);
  await operatorCli(ctx, 'grant', email);
  return user;
}

let guestCodes = 0;

/**
 * An organization of `owner`, published through a guest code as an owner does (so a release
 * publishes it again).
 */
export async function publishedOrganizationOf(
  ctx: TestContext,
  owner: { browser: Agent; id: string },
  name: string,
) {
  guestCodes += 1;
  const code = `OPS-${guestCodes}-${Date.now()}`;
  await ctx.database.db.execute(
    sql`insert into guest_codes (code, max_uses, expires_at, grant_months) values (${code}, 5, now() + interval '30 days', 1)`,
  );
  const organizationId = await createOrganization(ctx.database.db, {
    name,
    createdBy: owner.id,
    published: false,
  });
  const applied = await owner.browser.post('/api/payments/apply-guest-code', {
    organizationId,
    code,
  });
  if (applied.status !== 200) throw new Error(`guest code answered ${applied.status}`);
  return organizationId;
}

/** A visitor's report, written as the reports API stores one. */
export async function insertReport(
  ctx: TestContext,
  organizationId: string,
  options: { reporterKey?: string; reason?: string; details?: string; createdAt?: Date } = {},
) {
  const result = (await ctx.database.db.execute(sql`
    insert into profile_reports (organization_id, organization_name, reason, details, reporter_key, created_at)
    select id, name, ${options.reason ?? 'spam'}, ${options.details ?? ''},
      ${options.reporterKey ?? `reporter-${Math.random()}`}, ${(options.createdAt ?? new Date()).toISOString()}
    from organizations where id = ${organizationId}
    returning id`)) as unknown as { rows: { id: string }[] };
  return result.rows[0]!.id;
}
