import { sql } from 'drizzle-orm';
import type { PayPeriod, RoleKind, RoleWorkplace } from '@si/contracts';
import { textArray } from './bulk-sql.ts';

/** How often each kind and each workplace comes up: full-time on site most, fellowships least. */
const kindWeights: Record<RoleKind, number> = {
  full_time: 8,
  part_time: 3,
  contract: 3,
  internship: 2,
  fellowship: 1,
  volunteer: 3,
};
const workplaceWeights: Record<RoleWorkplace, number> = { on_site: 4, hybrid: 3, remote: 3 };

const weighted = <T extends string>(weights: Record<T, number>) =>
  (Object.entries(weights) as [T, number][]).flatMap(([value, weight]) =>
    Array<T>(weight).fill(value),
  );

const levels = ['', '', '', 'Senior ', 'Junior ', 'Regional ', 'Assistant '];
const fields = [
  'Programme',
  'Field',
  'Data',
  'Finance',
  'Community',
  'Communications',
  'Operations',
  'Research',
  'Policy',
  'Fundraising',
  'Partnerships',
  'Monitoring and Evaluation',
  'Training',
  'Product',
  'Logistics',
];
const posts = [
  'Officer',
  'Coordinator',
  'Manager',
  'Associate',
  'Analyst',
  'Advisor',
  'Specialist',
];
const missions = [
  'reach more families',
  'grow our programmes',
  'measure what our work changes',
  'work with more local partners',
  'open new sites',
  'keep our promises to the communities we serve',
];
const duties = [
  'You will plan the work with our partners, keep the budget on track and report to funders every quarter.',
  'You will visit the communities we serve, listen, and turn what you hear into better programmes.',
  'You will collect and analyse data, and explain what it means to people who are not statisticians.',
  'You will build relationships with local partners and help them run programmes on their own.',
  'You will train new colleagues and volunteers, and keep our guides up to date.',
  'You will write reports, stories and applications that show what works and what does not.',
  'You will organise workshops and events, and the logistics that make them run smoothly.',
  'You will improve the tools and routines the team relies on every day.',
];
const offers = [
  'We offer flexible hours, a learning budget and a team that cares about the work.',
  'We offer a four-day week and thirty days of leave.',
  'We offer mentoring, training and a clear path to grow with us.',
  'We offer health cover, parental leave and remote days when the work allows.',
  'We offer a small, friendly team and real responsibility early on.',
  'We welcome applicants from every background, and especially those with lived experience of the issues we work on.',
];
/** Pay as it is usually stated: a base, and steps up from it, in whole units. */
const paySchemes: { currency: string; period: PayPeriod; base: number; step: number }[] = [
  { currency: 'USD', period: 'year', base: 40_000, step: 5_000 },
  { currency: 'EUR', period: 'year', base: 34_000, step: 4_000 },
  { currency: 'GBP', period: 'year', base: 28_000, step: 3_000 },
  { currency: 'KES', period: 'month', base: 60_000, step: 15_000 },
  { currency: 'INR', period: 'month', base: 40_000, step: 10_000 },
  { currency: 'BRL', period: 'month', base: 3_000, step: 800 },
  { currency: 'NGN', period: 'month', base: 200_000, step: 60_000 },
  { currency: 'EUR', period: 'hour', base: 15, step: 3 },
  { currency: 'USD', period: 'hour', base: 18, step: 4 },
  { currency: 'CAD', period: 'hour', base: 20, step: 3 },
];

/**
 * The CTEs that add open roles (ADR 042) to the organizations the same statement inserts,
 * read from a relation `new_organizations(id, g, country, location, website_url)` (g numbers
 * the organization within the seed). Zero to seven roles each, three and a half on average, of
 * every kind and workplace, posted over the last forty days: about 8% closed by their owner, 6%
 * past their closing date, the rest open for 20 to 120 more days; so about three open roles
 * each, the 300,000 at 100,000 organizations that the roles list's benchmark asks for (ADR 044).
 */
export function bulkRolesCtes(codes: string[]) {
  const kinds = weighted(kindWeights);
  const workplaces = weighted(workplaceWeights);
  const nd = duties.length;
  return sql`
  role_words as (
    select ${textArray(levels)} as level, ${textArray(fields)} as field, ${textArray(posts)} as post,
           ${textArray(kinds)} as kind, ${textArray(workplaces)} as workplace, ${textArray(codes)} as codes,
           ${textArray(missions)} as mission, ${textArray(duties)} as duty, ${textArray(offers)} as offer,
           ${textArray(paySchemes.map((pay) => pay.currency))} as currency,
           ${textArray(paySchemes.map((pay) => pay.period))} as period,
           ${textArray(paySchemes.map((pay) => String(pay.base)))}::int[] as base,
           ${textArray(paySchemes.map((pay) => String(pay.step)))}::int[] as step
  ), role_slots as (
    select o.id, o.g, o.country, o.location, o.website_url, slot,
           abs(hashtext(o.g || ':r' || slot || ':a')) as r1, abs(hashtext(o.g || ':r' || slot || ':b')) as r2,
           abs(hashtext(o.g || ':r' || slot || ':c')) as r3, abs(hashtext(o.g || ':r' || slot || ':d')) as r4,
           abs(hashtext(o.g || ':r' || slot || ':e')) as r5, abs(hashtext(o.g || ':r' || slot || ':f')) as r6
    from new_organizations o, generate_series(1, abs(hashtext(o.g || ':roles')) % 8) as slot
  ), role_picks as (
    select s.id, s.country, s.location, s.website_url, s.slot, s.r1, s.r3,
           w.kind[1 + s.r2 % ${kinds.length}] as kind, w.workplace[1 + s.r3 % ${workplaces.length}] as workplace,
           w.field[1 + s.r1 % ${fields.length}] as field, w.level[1 + s.r1 / 16 % ${levels.length}] as level,
           w.post[1 + s.r2 / 32 % ${posts.length}] as post, w.codes[1 + s.r4 % ${codes.length}] as other_country,
           w.mission[1 + s.r3 / 8 % ${missions.length}] as mission,
           w.duty[1 + s.r2 / 7 % ${nd}] || ' ' || w.duty[1 + (s.r2 / 7 + 1 + s.r3 % ${nd - 1}) % ${nd}] as duties,
           w.offer[1 + s.r4 / 3 % ${offers.length}] as offer,
           -- About half state their pay: three in five of the paid kinds.
           case when s.r4 % 5 < 3 and w.kind[1 + s.r2 % ${kinds.length}] <> 'volunteer'
             then 1 + s.r4 / 5 % ${paySchemes.length} end as scheme,
           w.base, w.step, w.currency, w.period, s.r4 / 7 % 8 as pay_steps, 1 + s.r4 / 61 % 3 as pay_spread,
           s.r5 % 41 as days_ago, s.r5 / 41 % 1440 as minutes_ago, s.r6 % 100 as fate, s.r6 / 100 as later
    from role_slots s, role_words w
  ), role_rows as (
    select p.*,
           case p.kind when 'internship' then p.field || ' Intern' when 'fellowship' then p.field || ' Fellow'
             when 'volunteer' then 'Volunteer ' || p.field || ' Assistant'
             else p.level || p.field || ' ' || p.post end as title,
           now() - p.days_ago * interval '1 day' - p.minutes_ago * interval '1 minute' as posted_at,
           (now() at time zone 'utc')::date as today,
           p.base[p.scheme] + p.pay_steps * p.step[p.scheme] as pay_min
    from role_picks p
  ), roles as (
    insert into organization_roles (organization_id, title, kind, workplace, country, city, remote_countries,
                                    pay_min, pay_max, pay_currency, pay_period, description, apply,
                                    posted_at, closes_on, closed_at, created_at, updated_at)
    select r.id, r.title, r.kind, r.workplace,
           case when r.workplace = 'remote' then null when r.country = 'ALL' then r.other_country else r.country end,
           case when r.workplace = 'remote' then null else r.location end,
           -- Remote: half from anywhere, the others from the organization's country and maybe one more.
           case when r.workplace <> 'remote' or r.r3 % 2 = 0 then '{}'::text[]
                when r.country = 'ALL' or r.country = r.other_country then array[r.other_country]
                when r.r3 % 4 = 1 then array[r.country] else array[r.country, r.other_country] end,
           r.pay_min, r.pay_min + r.pay_spread * r.step[r.scheme],
           r.currency[r.scheme], r.period[r.scheme],
           'Join us as our ' || r.title || ' and help us ' || r.mission || '.' || repeat(chr(10), 2)
             || r.duties || repeat(chr(10), 2) || r.offer,
           case when r.r1 % 3 = 0 then 'mailto:careers@' || substr(r.website_url, 9)
                else r.website_url || '/careers/role-' || r.slot end,
           r.posted_at,
           case when r.fate between 8 and 19 and r.days_ago >= 21 then r.today - (1 + r.later % 20)
                else r.today + (20 + r.later % 101) end,
           case when r.fate < 8 then now() - r.later % (r.days_ago + 1) * interval '1 day' end,
           r.posted_at,
           case when r.fate < 8 then now() - r.later % (r.days_ago + 1) * interval '1 day' else r.posted_at end
    from role_rows r
  )`;
}
