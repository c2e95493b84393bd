import { describe, expect, it } from 'vitest';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { QueryClientProvider } from '@tanstack/react-query';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { verificationMessages, verificationTexts } from '@si/contracts';
import { VerifyEmailRequiredPage } from '../src/features/auth/components/verify-email-required-page';
import { VerifyEmailResult } from '../src/features/auth/components/verify-email-result';
import { createQueryClient } from '../src/lib/query-client';
import { json, makeUser, stubApi } from './auth-fixtures';

function renderAt(path: string, element: React.ReactNode, entry: string) {
  const router = createMemoryRouter([{ path, element }], { initialEntries: [entry] });
  render(
    <QueryClientProvider client={createQueryClient()}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
}

function renderRequiredPage() {
  renderAt(
    '/verify-email-required',
    <VerifyEmailRequiredPage
      user={makeUser({ emailVerified: false })}
      verified={false}
      continueTo="/"
      supportLink={<a href="mailto:support@example.org">support@example.org</a>}
    />,
    '/verify-email-required',
  );
}

const proxyErrorPage = () =>
  Promise.resolve(
    new Response('<html><body><h1>502 Bad Gateway</h1></body></html>', {
      status: 502,
      headers: { 'content-type': 'text/html' },
    }),
  );

async function clickResend() {
  await userEvent.setup().click(screen.getByRole('button', { name: verificationTexts.resend }));
}

describe('resend verification email', () => {
  it('shows its own fallback when a proxy answers with an HTML error page', async () => {
    stubApi({ 'POST /api/auth/resend-verification': proxyErrorPage });
    renderRequiredPage();
    await clickResend();
    expect((await screen.findByRole('alert')).textContent).toBe(verificationMessages.resendFailed);
  });

  it('treats success false as a failure, with the fallback when there is no message', async () => {
    stubApi({
      'POST /api/auth/resend-verification': () => json({ data: { success: false, message: '' } }),
    });
    renderRequiredPage();
    await clickResend();
    expect((await screen.findByRole('alert')).textContent).toBe(verificationMessages.resendFailed);
    expect(screen.queryByText(verificationTexts.sent)).toBeNull();
    expect(screen.getByRole('button', { name: verificationTexts.resend })).toBeTruthy();
  });
});

function renderVerifyPage() {
  renderAt('/verify-email', <VerifyEmailResult />, '/verify-email?token=t0k3n&userId=user-1');
}

describe('the verify-email page', () => {
  it('treats success false without a message as a failure with the fallback text', async () => {
    stubApi({
      'GET /api/auth/verify-email': () => json({ data: { success: false, message: '' } }),
    });
    renderVerifyPage();
    expect(
      await screen.findByRole('heading', { name: verificationTexts.failureHeading }),
    ).toBeTruthy();
    expect(screen.getByText(verificationMessages.verifyFailed)).toBeTruthy();
    expect(screen.queryByText(verificationTexts.successHeading)).toBeNull();
  });

  it("shows the server's message of a success false answer", async () => {
    stubApi({
      'GET /api/auth/verify-email': () =>
        json({ data: { success: false, message: 'This link was already used.' } }),
    });
    renderVerifyPage();
    expect(
      await screen.findByRole('heading', { name: verificationTexts.failureHeading }),
    ).toBeTruthy();
    expect(screen.getByText('This link was already used.')).toBeTruthy();
    expect(screen.queryByText(verificationTexts.successHeading)).toBeNull();
  });

  it('still shows Email Verified for a success true answer', async () => {
    stubApi({
      'GET /api/auth/verify-email': () =>
        json({ data: { success: true, message: verificationMessages.verified } }),
    });
    renderVerifyPage();
    expect(
      await screen.findByRole('heading', { name: verificationTexts.successHeading }),
    ).toBeTruthy();
    expect(screen.getByText(verificationMessages.verified)).toBeTruthy();
  });

  it('offers to add an organization first, then the way home', async () => {
    stubApi({
      'GET /api/auth/verify-email': () =>
        json({ data: { success: true, message: verificationMessages.verified } }),
    });
    renderVerifyPage();
    const add = await screen.findByRole('link', { name: verificationTexts.addOrganization });
    expect(add.getAttribute('href')).toBe('/submit-organization');
    const home = screen.getByRole('link', { name: verificationTexts.continueHome });
    expect(home.getAttribute('href')).toBe('/');
    expect(add.compareDocumentPosition(home) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
  });
});
