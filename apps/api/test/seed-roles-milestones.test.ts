import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  HttpUrl,
  MilestoneInput,
  RoleInput,
  payPeriods,
  roleKinds,
  roleWorkplaces,
  type RoleInputFields,
} from '@si/contracts';
import { BULK_OWNER_ID, seedBulkData } from '../src/db/seed/bulk.ts';
import { DEMO_OWNER_ID, seedDemoData } from '../src/db/seed/demo.ts';
import { createTestApp, type TestContext } from './support/test-app.ts';

/**
 * Open roles, milestones and ways to support (ADR 042) in the demo data (`npm start` on a new
 * DATA_DIR, `seed-demo`) and in the bulk data (`seed-bulk`, the benchmark's): written as the
 * seeds write them, read back as rows, and held to the rules an owner's input is held to.
 */

interface RoleRow {
  organization_id: string;
  title: string;
  kind: string;
  workplace: string;
  country: string | null;
  city: string | null;
  remote_countries: string[];
  pay_min: number | null;
  pay_max: number | null;
  pay_currency: string | null;
  pay_period: string | null;
  description: string;
  apply: string;
  closes_on: string;
  closed: boolean;
  /** Days from today (UTC) to the closing date; below zero, expired. */
  days_left: number;
  /** Days from the posting date to today. */
  days_since_posted: number;
  closes_after_posting: boolean;
  posted_after_joining: boolean;
}

let ctx: TestContext;

beforeAll(async () => {
  ctx = await createTestApp();
});
afterAll(() => ctx?.close());

async function rows<T>(query: ReturnType<typeof sql>): Promise<T[]> {
  return ((await ctx.database.db.execute(query)) as unknown as { rows: T[] }).rows;
}

function byOrganization<T extends { organization_id: string }>(items: T[]): Map<string, T[]> {
  const groups = new Map<string, T[]>();
  for (const item of items) {
    groups.set(item.organization_id, [...(groups.get(item.organization_id) ?? []), item]);
  }
  return groups;
}

function rolesOf(owner: string): Promise<RoleRow[]> {
  return rows<RoleRow>(sql`
    select r.organization_id, r.title, r.kind, r.workplace, r.country, r.city, r.remote_countries,
           r.pay_min, r.pay_max, r.pay_currency, r.pay_period, r.description, r.apply,
           r.closes_on::text as closes_on, r.closed_at is not null as closed,
           r.closes_on - (now() at time zone 'utc')::date as days_left,
           (now() at time zone 'utc')::date - (r.posted_at at time zone 'utc')::date as days_since_posted,
           r.closes_on >= (r.posted_at at time zone 'utc')::date as closes_after_posting,
           r.posted_at >= o.created_at as posted_after_joining
    from organization_roles r join organizations o on o.id = r.organization_id
    where o.created_by = ${owner}`);
}

const isOpen = (role: RoleRow) => !role.closed && role.days_left >= 0;

/** A stored role as an owner would have written it. */
function asInput(role: RoleRow): RoleInputFields {
  return {
    title: role.title,
    kind: role.kind as RoleInputFields['kind'],
    workplace: role.workplace as RoleInputFields['workplace'],
    country: role.country,
    city: role.city,
    remoteCountries: role.remote_countries,
    pay:
      role.pay_min === null
        ? null
        : {
            min: role.pay_min,
            max: role.pay_max!,
            currency: role.pay_currency!,
            period: role.pay_period as (typeof payPeriods)[number],
          },
    description: role.description,
    apply: role.apply,
    closesOn: role.closes_on,
  };
}

/** Every role passes the owner's rules unchanged, and states its pay whole or not at all. */
function expectValidRoles(roles: RoleRow[]) {
  for (const role of roles) {
    const input = asInput(role);
    const parsed = RoleInput.safeParse(input);
    expect(parsed.error?.issues, `${role.title}: ${JSON.stringify(input)}`).toBeUndefined();
    expect(parsed.data).toEqual(input);
    const pay = [role.pay_min, role.pay_max, role.pay_currency, role.pay_period];
    expect(pay.every((part) => part === null) || pay.every((part) => part !== null)).toBe(true);
    expect(role.closes_after_posting, role.title).toBe(true);
    expect(role.days_since_posted, role.title).toBeGreaterThanOrEqual(0);
    expect(role.days_since_posted, role.title).toBeLessThanOrEqual(41);
  }
}

const share = (part: number, whole: number) => part / whole;

describe('the demo seed', () => {
  const seeded = {} as { organizations: number; roles: RoleRow[] };
  beforeAll(async () => {
    seeded.organizations = await seedDemoData(ctx.database.db, ctx.app.storage);
    seeded.roles = await rolesOf(DEMO_OWNER_ID);
  });

  it('gives about a third of its organizations one to four roles, of every kind and workplace, about half with pay', () => {
    const { roles, organizations } = seeded;
    const perOrganization = byOrganization(roles);
    expect(share(perOrganization.size, organizations)).toBeGreaterThanOrEqual(0.25);
    expect(share(perOrganization.size, organizations)).toBeLessThanOrEqual(0.4);
    for (const own of perOrganization.values()) {
      expect(own.length).toBeGreaterThanOrEqual(1);
      expect(own.length).toBeLessThanOrEqual(4);
    }
    const open = roles.filter(isOpen);
    expect(new Set(open.map((role) => role.workplace))).toEqual(new Set(roleWorkplaces));
    const remote = open.filter((role) => role.workplace === 'remote');
    expect(remote.some((role) => role.remote_countries.length === 0)).toBe(true);
    expect(remote.some((role) => role.remote_countries.length > 0)).toBe(true);
    expect(new Set(roles.map((role) => role.kind))).toEqual(new Set(roleKinds));
    const paid = roles.filter((role) => role.pay_min !== null);
    expect(share(paid.length, roles.length)).toBeGreaterThanOrEqual(0.4);
    expect(share(paid.length, roles.length)).toBeLessThanOrEqual(0.65);
    expect(new Set(paid.map((role) => role.pay_period))).toEqual(new Set(payPeriods));
    expect(new Set(paid.map((role) => role.pay_currency)).size).toBeGreaterThanOrEqual(5);
    for (const role of roles) {
      expect(role.apply).toMatch(/^(https:\/\/[^/]+\/careers\/[a-z0-9-]+|mailto:careers@.+)$/);
      // Several paragraphs, as an owner writes them.
      expect(role.description.split('\n\n').length).toBeGreaterThanOrEqual(3);
    }
    expectValidRoles(roles);
  });

  it('keeps its open roles open for 20 to 120 days from the day of seeding, and shows owners closed and expired ones', () => {
    const { roles } = seeded;
    const open = roles.filter(isOpen);
    expect(share(open.length, roles.length)).toBeGreaterThan(0.85);
    for (const role of open) {
      expect(role.days_left, role.title).toBeGreaterThanOrEqual(20);
      expect(role.days_left, role.title).toBeLessThanOrEqual(120);
    }
    expect(roles.filter((role) => role.closed).length).toBeGreaterThanOrEqual(2);
    expect(roles.filter((role) => !role.closed && role.days_left < 0)).toHaveLength(1);
    const posted = new Set(roles.map((role) => role.days_since_posted));
    expect(Math.max(...posted) - Math.min(...posted)).toBeGreaterThanOrEqual(30);
    for (const role of roles) expect(role.posted_after_joining, role.title).toBe(true);
  });

  it('gives about a third of its organizations two to six milestones, none before its founding or in the future', async () => {
    const milestones = await rows<{
      organization_id: string;
      founded_year: number | null;
      year: number;
      month: number | null;
      title: string;
      text: string;
    }>(sql`
      select m.organization_id, o.founded_year, m.year, m.month, m.title, m.text
      from organization_milestones m join organizations o on o.id = m.organization_id
      where o.created_by = ${DEMO_OWNER_ID}`);
    const perOrganization = byOrganization(milestones);
    expect(share(perOrganization.size, seeded.organizations)).toBeGreaterThanOrEqual(0.25);
    expect(share(perOrganization.size, seeded.organizations)).toBeLessThanOrEqual(0.4);
    for (const own of perOrganization.values()) {
      expect(own.length).toBeGreaterThanOrEqual(2);
      expect(own.length).toBeLessThanOrEqual(6);
    }
    const withRoles = new Set(seeded.roles.map((role) => role.organization_id));
    expect([...perOrganization.keys()].some((id) => withRoles.has(id))).toBe(true);
    for (const { organization_id, founded_year, ...milestone } of milestones) {
      const parsed = MilestoneInput.safeParse(milestone);
      expect(parsed.error?.issues, JSON.stringify(milestone)).toBeUndefined();
      expect(parsed.data).toEqual(milestone);
      expect(milestone.year, organization_id).toBeGreaterThanOrEqual(founded_year ?? 1800);
    }
  });

  it('gives some of its organizations a donate link and a volunteer link', async () => {
    const links = await rows<{ donate_url: string | null; volunteer_url: string | null }>(sql`
      select donate_url, volunteer_url from organizations where created_by = ${DEMO_OWNER_ID}`);
    const donate = links.flatMap((link) => link.donate_url ?? []);
    const volunteer = links.flatMap((link) => link.volunteer_url ?? []);
    for (const some of [donate, volunteer]) {
      expect(some.length).toBeGreaterThanOrEqual(5);
      expect(some.length).toBeLessThan(links.length / 2);
    }
    expect(links.some((link) => link.donate_url && link.volunteer_url)).toBe(true);
    for (const url of [...donate, ...volunteer])
      expect(HttpUrl().safeParse(url).success).toBe(true);
  });
});

describe('the bulk seed', () => {
  it('adds about three open roles per organization, of every kind and workplace', async () => {
    const count = 2_000;
    await seedBulkData(ctx.database.db, count);
    const roles = await rolesOf(BULK_OWNER_ID);
    expect(share(roles.length, count)).toBeGreaterThan(3.2);
    expect(share(roles.length, count)).toBeLessThan(3.8);
    // 300,000 open roles at 100,000 organizations: the roles list's benchmark (ADR 044).
    expect(share(roles.filter(isOpen).length, count)).toBeGreaterThan(2.8);
    expect(share(roles.filter(isOpen).length, count)).toBeLessThan(3.2);
    expect(new Set(roles.map((role) => role.kind))).toEqual(new Set(roleKinds));
    expect(new Set(roles.map((role) => role.workplace))).toEqual(new Set(roleWorkplaces));
    expect(
      new Set(roles.map((role) => role.country ?? role.remote_countries[0])).size,
    ).toBeGreaterThan(100);
    const open = roles.filter(isOpen);
    expect(share(open.length, roles.length)).toBeGreaterThan(0.8);
    expect(roles.some((role) => role.closed)).toBe(true);
    expect(roles.some((role) => !role.closed && role.days_left < 0)).toBe(true);
    const paid = roles.filter((role) => role.pay_min !== null);
    expect(share(paid.length, roles.length)).toBeGreaterThan(0.4);
    expect(share(paid.length, roles.length)).toBeLessThan(0.6);
    expect(new Set(roles.map((role) => role.days_since_posted)).size).toBeGreaterThan(35);
    expectValidRoles(roles);
  });
});
