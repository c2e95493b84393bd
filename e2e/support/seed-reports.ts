/**
 * Visitors' reports for the operator console's test (e2e/operator-console.spec.ts): one open
 * report per Playwright project, each on its own published profile, so the two widths never
 * resolve each other's. Visitors file reports through the public profile (ADR 029), built apart;
 * this writes the rows directly, before the server opens the database (playwright.config.ts).
 * With them, one failed email per project for the console's Resend: a mail server that refuses
 * every attempt takes about 43 minutes to fail an email.
 */
import { asc, eq } from 'drizzle-orm';
import { openDatabase } from '../../apps/api/src/db/client.ts';
import { emailOutbox, organizations, profileReports, users } from '../../apps/api/src/db/schema.ts';
import { E2E_FAILED_EMAILS, E2E_REPORTS } from './reports.ts';

const database = await openDatabase({
  dataDir: process.env.DATA_DIR ?? './data',
  role: 'e2e-seed-reports',
});
try {
  const projects = Object.keys(E2E_REPORTS) as (keyof typeof E2E_REPORTS)[];
  const published = await database.db
    .select({ id: organizations.id, name: organizations.name })
    .from(organizations)
    .where(eq(organizations.published, true))
    .orderBy(asc(organizations.name))
    .limit(projects.length);
  if (published.length < projects.length) throw new Error('not enough published profiles');
  await database.db.insert(profileReports).values(
    projects.map((project, index) => ({
      organizationId: published[index]!.id,
      organizationName: published[index]!.name,
      reason: 'spam' as const,
      details: E2E_REPORTS[project],
      reporterKey: `e2e-${project}`,
    })),
  );
  // An email belongs to a user (a deleted user's emails go with them); the demo has none, so
  // the emails get one of their own, who has no password and never signs in.
  const owner = { id: 'e2e-failed-emails-owner', name: 'E2E mail', email: 'e2e-mail@example.org' };
  await database.db.insert(users).values({ ...owner, emailVerified: true });
  const failedAt = new Date();
  await database.db.insert(emailOutbox).values(
    Object.values(E2E_FAILED_EMAILS).map(({ to, subject }) => ({
      userId: owner.id,
      recipient: to,
      subject,
      text: `${subject}: sent again from the operator console.`,
      html: `<p>${subject}: sent again from the operator console.</p>`,
      attempts: 10,
      failedAt,
      lastError: '421 Service not available (e2e)',
    })),
  );
} finally {
  await database.close();
}
