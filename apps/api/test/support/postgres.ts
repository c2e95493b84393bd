export const TEMPLATE_DATABASE = 'scaling_impact_test_template';

/** The maintenance database on the same server, from which databases are created and dropped. */
export function adminUrl(serverUrl: string): string {
  const url = new URL(serverUrl);
  url.pathname = '/postgres';
  return url.toString();
}
