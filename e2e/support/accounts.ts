import { expect, type APIRequestContext, type Page, type TestInfo } from '@playwright/test';
import { authFormTexts } from '@si/contracts';
import { E2E_PORTS } from './ports.ts';

const control = `http://127.0.0.1:${E2E_PORTS.control}`;
/** The app's address in the browser tests, as its pages send it in Origin. */
export const site = `http://127.0.0.1:${E2E_PORTS.app}`;

interface ReceivedEmail {
  to: string;
  subject: string;
  text: string;
}

/** An address no other test uses (tests run in parallel, at two widths). */
export function uniqueEmail(testInfo: TestInfo, label: string): string {
  const nonce = `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;
  return `${label}-${testInfo.project.name}-${nonce}@example.com`;
}

/** Waits for an email to `to` whose subject matches, as the SMTP stand-in received it. */
export async function waitForEmail(to: string, subject: RegExp): Promise<ReceivedEmail> {
  let found: ReceivedEmail | undefined;
  await expect
    .poll(
      async () => {
        const response = await fetch(`${control}/messages?to=${encodeURIComponent(to)}`);
        const messages = (await response.json()) as ReceivedEmail[];
        found = messages.filter((message) => subject.test(message.subject)).at(-1);
        return Boolean(found);
      },
      { timeout: 15_000, message: `an email to ${to} matching ${subject}` },
    )
    .toBe(true);
  return found!;
}

/** The link to `path` in an email, as a path and query on this site. */
export function linkPath(email: ReceivedEmail, path: string): string {
  const url = email.text
    .match(/https?:\/\/\S+/g)
    ?.map((candidate) => new URL(candidate))
    .find((candidate) => candidate.pathname === path);
  if (!url) throw new Error(`no ${path} link in: ${email.text}`);
  return `${url.pathname}${url.search}`;
}

/** Who the Google or GitHub stand-in signs in as next. */
export async function setSocialUser(
  provider: 'google' | 'github',
  user: { id: string; email: string; name: string },
) {
  const body =
    provider === 'google'
      ? { sub: user.id, email: user.email, name: user.name }
      : { id: Number(user.id), login: user.name.toLowerCase(), name: user.name, email: user.email };
  const response = await fetch(`${control}/${provider}/next-user`, {
    method: 'POST',
    body: JSON.stringify(body),
  });
  expect(response.ok).toBe(true);
}

/**
 * An email-and-password account made through the API, verified with the link from its email.
 * The API request context keeps its own cookies, apart from the page's.
 */
export async function createVerifiedAccount(
  request: APIRequestContext,
  email: string,
  password = 'secret1',
) {
  const signUp = await request.post('/api/auth/sign-up/email', {
    data: { email, password, name: '' },
    headers: { origin: site },
  });
  expect(signUp.ok()).toBe(true);
  const link = linkPath(await waitForEmail(email, /verify/i), '/verify-email');
  const verify = await request.get(`/api/auth${link}`);
  expect(verify.ok()).toBe(true);
  return { email, password };
}

/**
 * Signs in through the /login page and waits to leave it, as a visitor whose guest session has
 * started (the guest subtitle shows). A sign-in sent sooner waits its turn behind the session work
 * under way (features/auth/api/get-session.ts); that is covered by the web tests.
 */
export async function logIn(page: Page, email: string, password: string) {
  await page.goto('/login');
  await expect(page.getByText(authFormTexts.loginGuestSubtitle)).toBeVisible();
  await page.getByLabel('Email', { exact: true }).fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Log In', exact: true }).click();
  await expect(page).not.toHaveURL(/\/login/);
}
