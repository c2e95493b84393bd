import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  MAX_OPEN_ROLES,
  MAX_ROLES_KEPT,
  ROLE_DESCRIPTION_MAX,
  ROLE_REMOTE_COUNTRIES_MAX,
  ROLE_TITLE_MAX,
  apiMessages,
  roleErrorCodes,
  roleMessages,
  type Country,
  type Organization,
  type Role,
} from '@si/contracts';
import { PRIVATE_CACHE, REVALIDATE_CACHE } from '../src/http/cache-control.ts';
import { countRows, signUp } from './support/accounts.ts';
import { createAgent, type Agent } from './support/browser-agent.ts';
import { createOrganization } from './support/factories.ts';
import { DAY_MS, day, validRole } from './support/roles.ts';
import { createTestApp, type TestContext } from './support/test-app.ts';

type Answer<T> = {
  data: T;
  error?: { code: string; message: string; fields?: Record<string, string> };
};

describe('open roles: an owner posts them, anyone reads the open ones', () => {
  let ctx: TestContext;
  let owner: Agent;
  let ownerId: string;
  let other: Agent;
  let visitor: Agent;
  let countries: string[];

  beforeAll(async () => {
    ctx = await createTestApp({ RATE_LIMITS: 'off', DIRECTORY_CACHE_MS: '0' });
    ({ browser: owner, id: ownerId } = await signUp(ctx, 'role-owner@example.com'));
    ({ browser: other } = await signUp(ctx, 'role-other@example.com'));
    visitor = createAgent(ctx.app);
    countries = (await visitor.get<Answer<Country[]>>('/api/countries')).body.data
      .map((country) => country.code)
      .filter((code) => code !== 'ALL');
  });
  afterAll(() => ctx.close());

  /** A published, paid organization of the owner's. */
  const organization = (input: Parameters<typeof createOrganization>[1] = {}) =>
    createOrganization(ctx.database.db, { createdBy: ownerId, ...input });
  const rolesUrl = (id: string) => `/api/organizations/${id}/roles`;
  const post = (id: string, body: unknown = validRole(), agent = owner) =>
    agent.post<Answer<Role>>(rolesUrl(id), body);
  const postOk = async (id: string, body: unknown = validRole()) => {
    const answer = await post(id, body);
    expect(answer.status, JSON.stringify(answer.body)).toBe(201);
    return answer.body.data;
  };
  const list = async (id: string, agent: Agent = visitor, query = '') =>
    agent.get<Answer<Role[]>>(`${rolesUrl(id)}${query}`);
  const setRole = (roleId: string, assignment: ReturnType<typeof sql>) =>
    ctx.database.db.execute(sql`update organization_roles set ${assignment} where id = ${roleId}`);
  const rowVersion = async (id: string) =>
    (
      (await ctx.database.db.execute(
        sql`select xmin::text as xmin, version from organizations where id = ${id}`,
      )) as unknown as { rows: { xmin: string; version: number }[] }
    ).rows[0]!;

  it('posts a role with the server’s dates and the text as typed, for anyone to read', async () => {
    const id = await organization();
    const before = await rowVersion(id);
    const description = 'Line one <b>not bold</b>.\n\nLine three & more.';
    const role = await postOk(id, validRole({ description, title: '  Field <i>Lead</i>  ' }));
    expect(role).toMatchObject({
      organizationId: id,
      title: 'Field <i>Lead</i>',
      description,
      status: 'open',
      closesOn: day(60),
      heldReason: null,
      pay: { min: 30000, max: 42000, currency: 'USD', period: 'year' },
    });
    expect(Math.abs(Date.parse(role.postedAt) - Date.now())).toBeLessThan(DAY_MS);
    // The row counts as changed for kept pages; the editor's version stays.
    const after = await rowVersion(id);
    expect(after.xmin).not.toBe(before.xmin);
    expect(after.version).toBe(before.version);

    const answer = await list(id);
    expect(answer.status).toBe(200);
    expect(answer.headers['cache-control']).toBe(REVALIDATE_CACHE);
    expect(answer.body.data).toEqual([role]);
    const one = await visitor.get<Answer<Role>>(`${rolesUrl(id)}/${role.id}`);
    expect(one.status).toBe(200);
    expect(one.headers['cache-control']).toBe(REVALIDATE_CACHE);
    expect(one.body.data).toEqual(role);
  });

  it('lists open roles newest first', async () => {
    const id = await organization();
    const first = await postOk(id, validRole({ title: 'First' }));
    const second = await postOk(id, validRole({ title: 'Second' }));
    // Posted in the same millisecond or not, the first is a day older.
    await setRole(first.id, sql`posted_at = posted_at - interval '1 day'`);
    expect((await list(id)).body.data.map((role) => role.id)).toEqual([second.id, first.id]);
  });

  it('refuses each bad field with its message, naming the field, and stores nothing', async () => {
    const id = await organization();
    const manyCountries = countries.slice(0, ROLE_REMOTE_COUNTRIES_MAX + 1);
    const remote = { workplace: 'remote', country: null, city: null };
    const pay = validRole().pay;
    const cases: [string, Record<string, unknown>, string, string][] = [
      ['no title', { title: '   ' }, 'title', roleMessages.titleRequired],
      ['long title', { title: 'x'.repeat(ROLE_TITLE_MAX + 1) }, 'title', roleMessages.titleTooLong],
      ['no description', { description: '' }, 'description', roleMessages.descriptionRequired],
      [
        'long description',
        { description: 'x'.repeat(ROLE_DESCRIPTION_MAX + 1) },
        'description',
        roleMessages.descriptionTooLong,
      ],
      ['unknown kind', { kind: 'gig' }, 'kind', roleMessages.kindRequired],
      ['unknown workplace', { workplace: 'moon' }, 'workplace', roleMessages.workplaceRequired],
      ['on site, no city', { city: null }, 'city', roleMessages.cityRequired],
      [
        'hybrid, no country',
        { workplace: 'hybrid', country: null },
        'country',
        roleMessages.countryRequired,
      ],
      ['on site, every country', { country: 'ALL' }, 'country', roleMessages.countryRequired],
      [
        'on site with remote countries',
        { remoteCountries: ['PT'] },
        'remoteCountries',
        roleMessages.remoteCountriesOnlyRemote,
      ],
      [
        'remote with a country',
        { ...remote, country: 'PT' },
        'country',
        'A remote role has no country or city: list the countries it may be worked from',
      ],
      [
        'remote, too many countries',
        { ...remote, remoteCountries: manyCountries },
        'remoteCountries',
        roleMessages.tooManyRemoteCountries,
      ],
      ['unknown country', { country: 'ZZ' }, 'country', apiMessages.unknownCountry('ZZ')],
      [
        'unknown remote country',
        { ...remote, remoteCountries: ['PT', 'ZZ'] },
        'remoteCountries',
        apiMessages.unknownCountry('ZZ'),
      ],
      ['pay min over max', { pay: { ...pay, min: 50000 } }, 'pay.min', roleMessages.payMinAboveMax],
      ['negative pay', { pay: { ...pay, min: -1 } }, 'pay.min', roleMessages.payAmount],
      ['fractional pay', { pay: { ...pay, max: 42000.5 } }, 'pay.max', roleMessages.payAmount],
      [
        'lower-case currency',
        { pay: { ...pay, currency: 'usd' } },
        'pay.currency',
        roleMessages.payCurrency,
      ],
      [
        'unknown currency',
        { pay: { ...pay, currency: 'XQQ' } },
        'pay.currency',
        roleMessages.payCurrency,
      ],
      ['pay per week', { pay: { ...pay, period: 'week' } }, 'pay.period', roleMessages.payPeriod],
      ['no way to apply', { apply: ' ' }, 'apply', roleMessages.applyRequired],
      ['javascript: link', { apply: 'javascript:alert(1)' }, 'apply', roleMessages.applyInvalid],
      ['ftp link', { apply: 'ftp://tidewater.example/jobs' }, 'apply', roleMessages.applyInvalid],
      ['bad email', { apply: 'jobs@' }, 'apply', roleMessages.applyEmailInvalid],
      [
        'bad mailto:',
        { apply: 'mailto:jobs at tidewater' },
        'apply',
        roleMessages.applyEmailInvalid,
      ],
      ['not a date', { closesOn: '2026-02-30' }, 'closesOn', roleMessages.closesOnFormat],
      ['closing yesterday', { closesOn: day(-1) }, 'closesOn', roleMessages.closesOnPast],
      ['closing the day posted', { closesOn: day(0) }, 'closesOn', roleMessages.closesOnPast],
      ['closing in 181 days', { closesOn: day(181) }, 'closesOn', roleMessages.closesOnTooFar],
    ];
    for (const [name, changes, field, message] of cases) {
      const answer = await post(id, validRole(changes));
      expect(answer.status, name).toBe(400);
      expect(answer.body.error?.fields?.[field], name).toBe(message);
    }
    // Fields the server sets are refused, not ignored.
    for (const field of ['postedAt', 'status', 'heldReason', 'organizationId']) {
      const answer = await post(id, {
        ...validRole(),
        [field]: field === 'status' ? 'open' : null,
      });
      expect(answer.status, field).toBe(400);
    }
    expect(
      await countRows(
        ctx,
        sql`select count(*) as n from organization_roles where organization_id = ${id}`,
      ),
    ).toBe(0);
  });

  it('takes an email as a mailto: link, dedupes remote countries, and keeps the 180th day', async () => {
    const id = await organization();
    const bare = await postOk(id, validRole({ apply: 'jobs@tidewater.example' }));
    expect(bare.apply).toBe('mailto:jobs@tidewater.example');
    const mailto = await postOk(id, validRole({ apply: 'MAILTO:hr@tidewater.example' }));
    expect(mailto.apply).toBe('mailto:hr@tidewater.example');
    const remote = await postOk(
      id,
      validRole({
        workplace: 'remote',
        country: null,
        city: null,
        remoteCountries: ['PT', 'KE', 'PT'],
        pay: null,
        closesOn: day(180),
      }),
    );
    expect(remote).toMatchObject({
      country: null,
      city: null,
      remoteCountries: ['PT', 'KE'],
      pay: null,
      closesOn: day(180),
    });
  });

  it('refuses the 26th open role, and the 101st role kept, counted under the row lock', async () => {
    const id = await organization();
    const opened: Role[] = [];
    for (let index = 0; index < MAX_OPEN_ROLES - 1; index++) {
      opened.push(await postOk(id, validRole({ title: `Role ${index}` })));
    }
    // Two at once with room for one: exactly one gets in.
    const both = await Promise.all([post(id), post(id)]);
    expect(both.map((answer) => answer.status).sort()).toEqual([201, 409]);
    const refused = await post(id);
    expect(refused.status).toBe(409);
    expect(refused.body.error).toMatchObject({
      code: roleErrorCodes.tooManyOpenRoles,
      message: roleMessages.tooManyOpenRoles,
    });

    // A closed role and an expired one make room; reopening them needs room again.
    const closed = opened[0]!;
    expect((await owner.post(`${rolesUrl(id)}/${closed.id}/close`)).status).toBe(200);
    await setRole(opened[1]!.id, sql`closes_on = ${day(-1)}`);
    await postOk(id);
    await postOk(id);
    const reopen = await owner.post<Answer<Role>>(`${rolesUrl(id)}/${closed.id}/reopen`, {});
    expect(reopen.status).toBe(409);
    expect(reopen.body.error?.code).toBe(roleErrorCodes.tooManyOpenRoles);
    const extend = await owner.call<Answer<Role>>(
      'PUT',
      `${rolesUrl(id)}/${opened[1]!.id}`,
      validRole({ closesOn: day(30) }),
    );
    expect(extend.status).toBe(409);
    expect(extend.body.error?.code).toBe(roleErrorCodes.tooManyOpenRoles);

    // Kept in all: closed roles fill up to 100, then nothing more is posted.
    const kept = await countRows(
      ctx,
      sql`select count(*) as n from organization_roles where organization_id = ${id}`,
    );
    await ctx.database.db.execute(sql`
      insert into organization_roles
        (organization_id, title, kind, workplace, remote_countries, description, apply, closes_on, closed_at)
      select ${id}::uuid, 'Old role ' || n, 'contract', 'remote', '{}', 'Done.', 'https://tidewater.example', ${day(10)}::date, now()
      from generate_series(1, ${MAX_ROLES_KEPT - kept}) as n`);
    await owner.post(`${rolesUrl(id)}/${opened[2]!.id}/close`);
    const full = await post(id);
    expect(full.status).toBe(409);
    expect(full.body.error).toMatchObject({
      code: roleErrorCodes.tooManyRoles,
      message: roleMessages.tooManyRoles,
    });
  });

  it('expires a role after the end of its closing date: gone to visitors, kept for its owner', async () => {
    const id = await organization();
    const role = await postOk(id);
    const url = `${rolesUrl(id)}/${role.id}`;
    await setRole(role.id, sql`closes_on = ${day(0)}`);
    expect((await visitor.get<Answer<Role>>(url)).body.data.status).toBe('open');
    expect((await list(id)).body.data).toHaveLength(1);

    await setRole(role.id, sql`closes_on = ${day(-1)}`);
    const gone = await visitor.get<Answer<Role>>(url);
    expect(gone.status).toBe(410);
    expect(gone.body.error).toEqual({
      code: roleErrorCodes.roleClosed,
      message: roleMessages.roleClosed,
    });
    expect((await other.get(url)).status).toBe(410);
    expect((await list(id)).body.data).toEqual([]);
    const mine = await owner.get<Answer<Role>>(url);
    expect(mine.status).toBe(200);
    expect(mine.body.data.status).toBe('expired');
    expect(mine.headers['cache-control']).toBe(PRIVATE_CACHE);
    const all = await list(id, owner, '?status=all');
    expect(all.body.data.map((each) => each.status)).toEqual(['expired']);
    expect(all.headers['cache-control']).toBe(PRIVATE_CACHE);

    // Reopened without a date: 60 days from today.
    const reopened = await owner.post<Answer<Role>>(`${url}/reopen`, {});
    expect(reopened.status).toBe(200);
    expect(reopened.body.data).toMatchObject({ status: 'open', closesOn: day(60) });
    expect((await visitor.get(url)).status).toBe(200);
  });

  it('closes, reopens with a date, extends, and keeps what a save leaves out', async () => {
    const id = await organization();
    const role = await postOk(id, validRole({ closesOn: day(20) }));
    const url = `${rolesUrl(id)}/${role.id}`;

    const closed = await owner.post<Answer<Role>>(`${url}/close`);
    expect(closed.status).toBe(200);
    expect(closed.body.data.status).toBe('closed');
    expect((await visitor.get(url)).status).toBe(410);
    expect((await list(id)).body.data).toEqual([]);
    expect((await owner.get<Answer<Role>>(url)).body.data.status).toBe('closed');

    const tooFar = await owner.post<Answer<Role>>(`${url}/reopen`, { closesOn: day(181) });
    expect(tooFar.status).toBe(400);
    expect(tooFar.body.error?.fields?.closesOn).toBe(roleMessages.closesOnTooFar);
    const past = await owner.post<Answer<Role>>(`${url}/reopen`, { closesOn: day(-2) });
    expect(past.body.error?.fields?.closesOn).toBe(roleMessages.closesOnPast);
    const reopened = await owner.post<Answer<Role>>(`${url}/reopen`, { closesOn: day(45) });
    expect(reopened.body.data).toMatchObject({ status: 'open', closesOn: day(45) });

    // A save without closesOn keeps it, and the date posted; a later one extends it.
    const saved = await owner.call<Answer<Role>>(
      'PUT',
      url,
      validRole({ title: 'Senior Field Coordinator', kind: 'contract' }),
    );
    expect(saved.status).toBe(200);
    expect(saved.body.data).toMatchObject({
      title: 'Senior Field Coordinator',
      kind: 'contract',
      closesOn: day(45),
      postedAt: role.postedAt,
    });
    expect(Date.parse(saved.body.data.updatedAt)).toBeGreaterThanOrEqual(
      Date.parse(role.updatedAt),
    );
    const extended = await owner.call<Answer<Role>>('PUT', url, validRole({ closesOn: day(170) }));
    expect(extended.body.data.closesOn).toBe(day(170));
    const badSave = await owner.call<Answer<Role>>('PUT', url, validRole({ closesOn: day(200) }));
    expect(badSave.body.error?.fields?.closesOn).toBe(roleMessages.closesOnTooFar);
  });

  it('hides a held role from everyone but its owner, who reads the reason', async () => {
    const id = await organization();
    const role = await postOk(id);
    await setRole(role.id, sql`held_at = now(), held_reason = 'Asks applicants for a fee'`);
    const url = `${rolesUrl(id)}/${role.id}`;
    expect((await visitor.get(url)).status).toBe(410);
    expect((await list(id)).body.data).toEqual([]);
    const mine = await owner.get<Answer<Role>>(url);
    expect(mine.body.data).toMatchObject({
      status: 'held',
      heldReason: 'Asks applicants for a fee',
    });
    // Reopening does not lift an operator's hold.
    const reopened = await owner.post<Answer<Role>>(`${url}/reopen`, {});
    expect(reopened.body.data.status).toBe('held');
    expect((await visitor.get(url)).status).toBe(410);
  });

  it('answers an unpublished organization’s roles to its owner only, and never lets it post unpaid', async () => {
    const id = await organization({ published: false });
    const unpaid = await post(id);
    expect(unpaid.status).toBe(402);
    const [inserted] = (
      (await ctx.database.db.execute(sql`
        insert into organization_roles (organization_id, title, kind, workplace, remote_countries, description, apply, closes_on)
        values (${id}, 'Draft role', 'volunteer', 'remote', '{}', 'Soon.', 'https://tidewater.example', ${day(30)})
        returning id`)) as unknown as { rows: { id: string }[] }
    ).rows;
    const notFound = { code: 'NOT_FOUND', message: apiMessages.organizationNotFound(id) };
    for (const [name, agent] of [
      ['visitor', visitor],
      ['another user', other],
    ] as const) {
      const answer = await list(id, agent);
      expect(answer.status, name).toBe(404);
      expect(answer.body.error, name).toMatchObject(notFound);
      expect((await agent.get(`${rolesUrl(id)}/${inserted!.id}`)).status, name).toBe(404);
    }
    const mine = await list(id, owner);
    expect(mine.status).toBe(200);
    expect(mine.body.data.map((role) => role.title)).toEqual(['Draft role']);
    expect(mine.headers['cache-control']).toBe(PRIVATE_CACHE);
    const one = await owner.get<Answer<Role>>(`${rolesUrl(id)}/${inserted!.id}`);
    expect(one.status).toBe(200);
    expect(one.headers['cache-control']).toBe(PRIVATE_CACHE);
  });

  it('answers status=all to the owner only; others get the unknown organization’s 404', async () => {
    const id = await organization();
    const role = await postOk(id);
    await owner.post(`${rolesUrl(id)}/${role.id}/close`);
    const unknownId = randomUUID();
    const unknown = await list(unknownId, visitor);
    expect(unknown.status).toBe(404);
    for (const agent of [visitor, other]) {
      const answer = await list(id, agent, '?status=all');
      expect(answer.status).toBe(404);
      expect(answer.body.error).toEqual({
        ...unknown.body.error,
        message: apiMessages.organizationNotFound(id),
      });
    }
    const all = await list(id, owner, '?status=all');
    expect(all.body.data.map((each) => each.status)).toEqual(['closed']);
    expect((await list(id, visitor, '?status=some')).status).toBe(400);
  });

  it('answers 404 for an unknown role, or one of another organization, on every route', async () => {
    const id = await organization();
    const elsewhere = await organization();
    const theirs = await postOk(elsewhere);
    for (const roleId of [randomUUID(), theirs.id, 'not-a-uuid']) {
      const url = `${rolesUrl(id)}/${roleId}`;
      const answers = [
        await visitor.get<Answer<Role>>(url),
        await owner.get<Answer<Role>>(url),
        await owner.call<Answer<Role>>('PUT', url, validRole()),
        await owner.post<Answer<Role>>(`${url}/close`),
        await owner.post<Answer<Role>>(`${url}/reopen`, {}),
        await owner.delete<Answer<Role>>(url, {}),
      ];
      for (const answer of answers) {
        expect(answer.status, roleId).toBe(404);
        expect(answer.body.error?.message, roleId).toBe(roleMessages.roleNotFound);
      }
    }
    expect((await visitor.get(`${rolesUrl(elsewhere)}/${theirs.id}`)).status).toBe(200);
  });

  it('deletes a role, and deleting the organization deletes its roles', async () => {
    const id = await organization();
    const role = await postOk(id);
    const kept = await postOk(id);
    const deleted = await owner.delete<Answer<{ deleted: true }>>(`${rolesUrl(id)}/${role.id}`, {});
    expect(deleted.status).toBe(200);
    expect(deleted.body.data).toEqual({ deleted: true });
    expect((await visitor.get(`${rolesUrl(id)}/${role.id}`)).status).toBe(404);
    expect((await list(id)).body.data.map((each) => each.id)).toEqual([kept.id]);

    const gone = await owner.delete<Answer<Organization>>(`/api/organizations/${id}`, {});
    expect(gone.status).toBe(200);
    expect(
      await countRows(
        ctx,
        sql`select count(*) as n from organization_roles where organization_id = ${id}`,
      ),
    ).toBe(0);
  });
});
