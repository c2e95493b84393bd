import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  urlControlCharacterMessage,
  type Category,
  type CategoryGroup,
  type Organization,
} from '@si/contracts';
import { signUp, type Body } from '../support/accounts.ts';
import { createAgent, type Agent } from '../support/browser-agent.ts';
import { createOrganization } from '../support/factories.ts';
import { startGitHubStandIn, type GitHubStandIn } from '../support/github-stand-in.ts';
import { createTestApp, TEST_PUBLIC_URL, type TestContext } from '../support/test-app.ts';

type Answer<T> = Body<T> & { error?: { fields?: Record<string, string> } };

/** A newline, a tab, a C1 control (NEL) and DEL inside otherwise good links. */
const controlled = [
  'https://x.org/a\nb',
  'https://x.org/a\r\nb',
  'https://x.org/\ta',
  'https://x.org/a\u0085b',
  'https://x.org/a\u007fb',
];

describe('every URL a person writes is refused with a control character in it', () => {
  let ctx: TestContext;
  let owner: Agent;
  let ownerId: string;
  let github: GitHubStandIn;
  beforeAll(async () => {
    github = await startGitHubStandIn();
    ctx = await createTestApp({ ...github.env, RATE_LIMITS: 'off' });
    ({ browser: owner, id: ownerId } = await signUp(ctx, 'links@example.org'));
  });
  afterAll(async () => {
    await ctx.close();
    await github.close();
  });

  it("refuses each of an organization's links with the field's own error, and stores a clean one", async () => {
    // A profile that may be saved: a category from each group, as the product requires.
    const categories = (await owner.get<Body<Category[]>>('/api/categories')).body.data;
    const groups = (await owner.get<Body<CategoryGroup[]>>('/api/category-groups')).body.data;
    const categoryIds = groups.map(
      (group) => categories.find((category) => category.groupId === group.id)!.id,
    );
    const id = await createOrganization(ctx.database.db, { createdBy: ownerId, categoryIds });
    const organization = (await owner.get<Answer<Organization>>(`/api/organizations/${id}`)).body
      .data;
    const save = (links: Record<string, string | null>) =>
      owner.call<Answer<Organization>>('PUT', `/api/organizations/${id}`, {
        version: organization.version,
        name: organization.name,
        description: organization.description,
        country: organization.country,
        location: organization.location,
        foundedYear: organization.foundedYear,
        websiteUrl: null,
        linkedinUrl: null,
        twitterUrl: null,
        blogUrl: null,
        categoryIds: organization.categoryIds,
        ...links,
      });
    for (const field of [
      'websiteUrl',
      'linkedinUrl',
      'twitterUrl',
      'blogUrl',
      'donateUrl',
      'volunteerUrl',
    ]) {
      for (const url of controlled) {
        const answer = await save({ [field]: url });
        expect(answer.status).toBe(400);
        expect(answer.body.error?.fields?.[field]).toBe(urlControlCharacterMessage);
      }
    }
    const saved = await save({ websiteUrl: 'https://x.org/a-b' });
    expect(saved.status).toBe(200);
    expect(saved.body.data.websiteUrl).toBe('https://x.org/a-b');
  });

  it("refuses a profile image's URL, at sign-up and on a later change", async () => {
    for (const image of controlled) {
      const signUpAnswer = await createAgent(ctx.app).post<Answer<unknown>>(
        '/api/auth/sign-up/email',
        { email: 'image@example.org', password: 'secret1', name: 'Ima', image },
      );
      expect(signUpAnswer.status).toBe(400);
      expect(signUpAnswer.body.error?.fields?.image).toBe(urlControlCharacterMessage);
      const update = await owner.post<Answer<unknown>>('/api/auth/update-user', { image });
      expect(update.status).toBe(400);
      expect(update.body.error?.fields?.image).toBe(urlControlCharacterMessage);
    }
    const clean = await owner.post('/api/auth/update-user', { image: 'https://x.org/me.png' });
    expect(clean.status).toBe(200);
  });

  it('refuses a redirect address of the identity calls', async () => {
    const answer = await createAgent(ctx.app).post<Answer<unknown>>(
      '/api/auth/request-password-reset',
      { email: 'links@example.org', redirectTo: '/reset-password\nSet-Cookie: a=b' },
    );
    expect(answer.status).toBe(400);
    expect(answer.body.error?.fields?.redirectTo).toBe(urlControlCharacterMessage);
  });

  it("refuses a social sign-in's redirect addresses, which the provider's callback goes to", async () => {
    const start = (body: Record<string, string>) =>
      createAgent(ctx.app).post<Answer<{ url: string }>>('/api/auth/sign-in/social', {
        provider: 'github',
        callbackURL: '/dashboard',
        errorCallbackURL: '/login',
        ...body,
      });
    for (const field of ['callbackURL', 'errorCallbackURL', 'newUserCallbackURL']) {
      const refused = await start({ [field]: `${TEST_PUBLIC_URL}/a\nb` });
      expect(refused.status).toBe(400);
      expect(refused.body.error?.fields?.[field]).toBe(urlControlCharacterMessage);
    }
    const clean = await start({ callbackURL: `${TEST_PUBLIC_URL}/a-b` });
    expect(clean.status).toBe(200);
    expect(clean.body.data.url).toContain('/login/oauth/authorize');
  });

  it('answers a clean 404 for a link stored with a control character before these rules, never a 500', async () => {
    const id = await createOrganization(ctx.database.db, {
      createdBy: ownerId,
      websiteUrl: 'https://x.org/a\nb',
      linkedinUrl: 'https://www.linkedin.com/company/fine',
    });
    const visitor = createAgent(ctx.app);
    const broken = await visitor.get<Answer<unknown>>(`/out/${id}/website`);
    expect(broken.status).toBe(404);
    expect(broken.headers.location).toBeUndefined();
    expect(broken.body.error?.code).toBe('NOT_FOUND');
    const fine = await visitor.get(`/out/${id}/linkedin`);
    expect(fine.status).toBe(302);
    expect(fine.headers.location).toBe('https://www.linkedin.com/company/fine');
  });
});
