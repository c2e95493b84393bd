import { describe, expect, it } from 'vitest';
import { screen } from '@testing-library/react';
import { verificationMessages, verificationTexts } from '@si/contracts';
import { json, makeUser, renderApp, stubApi } from './auth-fixtures';

describe('/verify-email-required', () => {
  it('shows a user who is already verified only that, and the way on', async () => {
    stubApi({ 'GET /api/auth/session': () => json({ data: makeUser() }) });
    renderApp({ pathname: '/verify-email-required', state: { from: '/dashboard' } });

    expect(await screen.findByText(verificationMessages.alreadyVerified)).toBeTruthy();
    const main = screen.getByRole('main');
    // Nothing asks to open a link or to resend one.
    expect(main.textContent).not.toContain(verificationTexts.sentTo);
    expect(main.textContent).not.toContain(verificationTexts.instructions);
    expect(screen.queryByRole('heading', { name: verificationTexts.requiredHeading })).toBeNull();
    expect(screen.queryByRole('button', { name: verificationTexts.resend })).toBeNull();
    expect(screen.queryByTestId('verification-email')).toBeNull();
    // The way on: to the page the user wanted.
    expect(
      screen.getByRole('link', { name: verificationTexts.continue }).getAttribute('href'),
    ).toBe('/dashboard');
  });

  it('still asks an unverified user to open the link, with Resend', async () => {
    const user = makeUser({ emailVerified: false });
    stubApi({
      'GET /api/auth/session': () => json({ data: user }),
      'GET /api/users/profile': () => json({ data: user }),
    });
    renderApp('/verify-email-required');

    expect(await screen.findByTestId('verification-email')).toBeTruthy();
    expect(screen.getByText(verificationTexts.instructions)).toBeTruthy();
    expect(screen.getByRole('button', { name: verificationTexts.resend })).toBeTruthy();
    expect(screen.queryByText(verificationMessages.alreadyVerified)).toBeNull();
  });
});
