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
