import { sql } from 'drizzle-orm';
import { COMPANY_PROPERTIES_GROUP_ID, DEFAULT_CATEGORY_ID } from '@si/contracts';
import type { Database } from '../client.ts';
import { categories, countries, organizations, shareCardQueue } from '../schema.ts';
import { bulkRolesCtes } from './bulk-roles.ts';
import { textArray } from './bulk-sql.ts';

export const BULK_OWNER_ID = 'bulk-seed';
const BATCH = 5_000;

const adjectives = [
  'Bright',
  'Open',
  'Common',
  'Rooted',
  'Bold',
  'Shared',
  'Rising',
  'Clear',
  'Kind',
  'Green',
  'Blue',
  'True',
  'Civic',
  'Future',
  'Living',
  'Steady',
  'Brave',
  'Fair',
  'Solar',
  'Tidal',
  'Quiet',
  'Northern',
  'Southern',
  'Coastal',
  'Urban',
  'Rural',
  'New',
  'Golden',
  'Wild',
  'Humble',
];
const nouns = [
  'Harvest',
  'Bridge',
  'Compass',
  'Commons',
  'River',
  'Lantern',
  'Field',
  'Canopy',
  'Circle',
  'Harbor',
  'Horizon',
  'Thread',
  'Garden',
  'Signal',
  'Pathway',
  'Ember',
  'Anchor',
  'Meadow',
  'Spring',
  'Summit',
  'Orchard',
  'Beacon',
  'Current',
  'Grove',
  'Keystone',
  'Loom',
  'Mosaic',
  'Prairie',
  'Roots',
  'Tide',
];
const forms = [
  'Collective',
  'Foundation',
  'Labs',
  'Cooperative',
  'Initiative',
  'Network',
  'Trust',
  'Alliance',
  'Project',
  'Works',
  'Institute',
  'Partners',
];
const verbs = [
  'build',
  'fund',
  'train',
  'connect',
  'equip',
  'support',
  'organize',
  'research',
  'design',
  'grow',
  'mentor',
  'champion',
  'scale',
  'protect',
];
const objects = [
  'community clinics',
  'clean energy co-ops',
  'school gardens',
  'youth coding clubs',
  'women-led farms',
  'water projects',
  'repair cafes',
  'refugee mentors',
  'open data tools',
  'local lenders',
  'rural libraries',
  'wetland restorers',
  'maternal health workers',
  'solar microgrids',
  'reading circles',
  'seed banks',
  'housing cooperatives',
  'recycling hubs',
  'coral nurseries',
  'mobile classrooms',
  'peer counsellors',
  'fair-trade bakeries',
  'bike workshops',
  'tree nurseries',
  'legal aid desks',
  'disability advocates',
  'apprenticeship programs',
  'food banks',
  'river monitors',
  'civic tech volunteers',
];
const closings = [
  'Everything we learn is published openly.',
  'Our work is led by the people it serves.',
  'We measure success by lives changed, not reach.',
  'Partners co-own every program we run.',
  'We grow by training others to do the same.',
];

/**
 * Fills the database with `count` synthetic published organizations for scale work, with three
 * open roles each on average (bulk-roles.ts). Rows are made inside the database from
 * generate_series, a batch per statement, so 100,000 take seconds. Their share cards are not
 * queued: each is drawn on its first fetch.
 */
export async function seedBulkData(
  db: Database,
  count: number,
  onProgress?: (done: number) => void,
): Promise<void> {
  const allCategories = await db
    .select({ id: categories.id, groupId: categories.groupId })
    .from(categories);
  const shown = allCategories.filter((category) => category.id !== DEFAULT_CATEGORY_ID);
  const impact = shown.filter((c) => c.groupId === 'impact_areas').map((c) => c.id);
  const company = shown.filter((c) => c.groupId === COMPANY_PROPERTIES_GROUP_ID).map((c) => c.id);
  const others = shown
    .filter((c) => c.groupId !== 'impact_areas' && c.groupId !== COMPANY_PROPERTIES_GROUP_ID)
    .map((c) => c.id);
  const codes = (await db.select({ code: countries.code }).from(countries)).map((row) => row.code);
  if (impact.length === 0 || company.length === 0 || others.length < 6 || codes.length === 0) {
    throw new Error('Reference data is missing: run the server or `npm run db:migrate` first');
  }

  const [ni, nc, no, nk] = [impact.length, company.length, others.length, codes.length];
  for (let start = 1; start <= count; start += BATCH) {
    const end = Math.min(count, start + BATCH - 1);
    await db.transaction(async (tx) => {
      await tx.execute(sql`
      with params as (
        select ${textArray(impact)} as impact, ${textArray(company)} as company, ${textArray(others)} as others,
               ${textArray(codes)} as codes, ${textArray(adjectives)} as adj, ${textArray(nouns)} as noun,
               ${textArray(forms)} as form, ${textArray(verbs)} as verb, ${textArray(objects)} as obj,
               ${textArray(closings)} as closing
      ), hashed as (
        -- hashtext spreads choices like random picks, yet the same count always gives the same rows.
        select g, abs(hashtext(g || ':a')) as h1, abs(hashtext(g || ':b')) as h2, abs(hashtext(g || ':c')) as h3,
               abs(hashtext(g || ':d')) as h4, abs(hashtext(g || ':e')) as h5
        from generate_series(${start}::int, ${end}::int) as g
      ), generated as (
        -- Its ids are drawn once, as it is read twice: by the insert, and for the roles' g.
        select gen_random_uuid() as id, g, h4,
          p.adj[1 + h1 % ${adjectives.length}] || ' ' || p.noun[1 + h2 % ${nouns.length}] || ' ' || p.form[1 + h3 % ${forms.length}] as name,
          'We ' || p.verb[1 + h4 % ${verbs.length}] || ' ' || p.obj[1 + h5 % ${objects.length}] || ' with neighbours, partners and funders who share our mission. ' || p.closing[1 + h1 % ${closings.length}] as description,
          case when h2 % 40 = 0 then 'ALL' else p.codes[1 + h3 % ${nk}] end as country,
          -- One impact area, one company property, and one to three other categories, all distinct.
          array[p.impact[1 + h4 % ${ni}], p.company[1 + h5 % ${nc}], p.others[1 + h1 % ${no}]]
            || case when h2 % 3 > 0 then array[p.others[1 + (h1 + 1 + h3 % 3) % ${no}]] else '{}'::text[] end
            || case when h3 % 3 = 0 then array[p.others[1 + (h1 + 5 + h4 % 3) % ${no}]] else '{}'::text[] end as category_ids
        from hashed, params p
      ), inserted as (
        insert into organizations (id, name, description, country, location, founded_year, website_url, created_by,
                                   payment_status, subscription_type, published, category_ids,
                                   verified_domain, verified_at)
        select id, name || ' ' || g, description, country, 'District ' || (g % 97 + 1), 1900 + g % 125,
               'https://org' || g || '.example.org', ${BULK_OWNER_ID}, 'paid', case when g % 3 = 0 then 'yearly' else 'monthly' end,
               true, category_ids,
               -- One in eight carries the Verified badge (ADR 032).
               case when h4 % 8 = 0 then 'org' || g || '.example.org' end,
               case when h4 % 8 = 0 then timestamptz '2026-01-01' + (g % 300) * interval '1 day' end
        from generated
        returning id, category_ids, country, location, website_url
      ), new_organizations as (
        select generated.g, inserted.id, inserted.country, inserted.location, inserted.website_url
        from inserted join generated using (id)
      ), owners as (
        -- Each one's owner, as every organization has (ADR 047).
        insert into organization_members (organization_id, user_id, role)
        select id, ${BULK_OWNER_ID}, 'owner' from inserted
      ), ${bulkRolesCtes(codes)}
      insert into organization_categories (organization_id, category_id, sort_order)
      select inserted.id, link.category_id, (link.position - 1)::int
      from inserted, unnest(inserted.category_ids) with ordinality as link(category_id, position)`);
      // Their share cards are drawn on their first fetch, not all at once in the background
      // (ADR 026): the trigger queued them, and they leave the queue before anyone sees them.
      await tx.execute(sql`
        delete from ${shareCardQueue} using ${organizations}
        where ${organizations.id} = ${shareCardQueue.organizationId}
          and ${organizations.createdBy} = ${BULK_OWNER_ID}`);
    });
    onProgress?.(end);
  }
  await db.execute(sql`analyze organizations`);
  await db.execute(sql`analyze organization_categories`);
  await db.execute(sql`analyze organization_roles`);
}
