/**
 * The details of each project's seeded report (support/seed-reports.ts): markup included, which
 * the console must show as the visitor typed it.
 */
export const E2E_REPORTS = {
  desktop: 'E2E report (desktop): <b>fake</b> donation link',
  phone: 'E2E report (phone): <b>fake</b> donation link',
} as const;

export function reportDetailsFor(project: string): string {
  const details = E2E_REPORTS[project as keyof typeof E2E_REPORTS];
  if (!details) throw new Error(`no seeded report for the ${project} project`);
  return details;
}

/**
 * One failed email per project (support/seed-reports.ts), for the console's Resend: the mail
 * server refused it every time; the test sends it again and the SMTP stand-in receives it.
 */
export const E2E_FAILED_EMAILS = {
  desktop: { to: 'e2e-failed-desktop@example.org', subject: 'E2E failed email (desktop)' },
  phone: { to: 'e2e-failed-phone@example.org', subject: 'E2E failed email (phone)' },
} as const;

export function failedEmailFor(project: string): { to: string; subject: string } {
  const email = E2E_FAILED_EMAILS[project as keyof typeof E2E_FAILED_EMAILS];
  if (!email) throw new Error(`no seeded failed email for the ${project} project`);
  return email;
}
