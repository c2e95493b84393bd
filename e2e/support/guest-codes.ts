/**
 * Guest codes the payment tests apply: one per project, with uses to spare, so that tests running
 * in parallel never race for a last use. playwright.config.ts makes them with the operators' CLI
 * before the server starts.
 */
export const E2E_GUEST_CODES = {
  desktop: 'E2E-GUEST-DESKTOP',
  phone: 'E2E-GUEST-PHONE',
} as const;

/** The guest code of a project (its name in playwright.config.ts). */
export function guestCodeFor(project: string): string {
  const code = E2E_GUEST_CODES[project as keyof typeof E2E_GUEST_CODES];
  if (!code) throw new Error(`no guest code for the ${project} project`);
  return code;
}
