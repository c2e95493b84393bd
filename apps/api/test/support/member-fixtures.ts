import { sql } from 'drizzle-orm';
import type { Category, CategoryGroup, Organization } from '@si/contracts';
import { signUp, type Body } from './accounts.ts';
import type { Agent } from './browser-agent.ts';
import { payInTestCheckout } from './payments.ts';
import type { TestContext } from './test-app.ts';

export type Person = { browser: Agent; id: string; email: string };

/** A verified account; an operator too when asked. */
export async function person(ctx: TestContext, email: string, operator = false): Promise<Person> {
  const signed = await signUp(ctx, email);
  if (operator) {
    await ctx.database.db.execute(
      sql`update users set operator_since = now() where id = ${signed.id}`,
    );
  }
  return { ...signed, email };
}

/** One category of each group: a valid choice for a new organization. */
export async function validCategories(agent: Agent): Promise<string[]> {
  const categories = (await agent.get<Body<Category[]>>('/api/categories')).body.data;
  const groups = (await agent.get<Body<CategoryGroup[]>>('/api/category-groups')).body.data;
  return groups.map((group) => categories.find((category) => category.groupId === group.id)!.id);
}

/** An organization created by `owner`, paid for in the test checkout (published) unless not. */
export async function organizationOf(
  owner: Agent,
  name: string,
  { paid = true }: { paid?: boolean } = {},
): Promise<Organization> {
  const created = await owner.post<Body<Organization>>('/api/organizations', {
    name,
    description: `${name} does good work.`,
    country: 'PT',
    categoryIds: await validCategories(owner),
  });
  if (created.status !== 201) throw new Error(`create answered ${created.status}`);
  if (paid) await payInTestCheckout(owner, created.body.data.id);
  return (await owner.get<Body<Organization>>(`/api/organizations/${created.body.data.id}`)).body
    .data;
}

/** The whole editable profile, as the editor saves it. */
export const profileSave = (organization: Organization, name = organization.name) => ({
  version: organization.version,
  name,
  description: organization.description,
  country: organization.country,
  location: 'Porto',
  foundedYear: 2011,
  websiteUrl: null,
  linkedinUrl: null,
  twitterUrl: null,
  blogUrl: null,
  categoryIds: organization.categoryIds,
});
