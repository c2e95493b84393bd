import { siteName } from '@si/contracts';
import { actionEmail, type EmailFooter } from './action-email.ts';
import type { EmailMessage } from './message.ts';

export function verificationEmail(to: string, url: string, footer: EmailFooter): EmailMessage {
  return actionEmail({
    to,
    subject: `Verify your email for ${siteName}`,
    intro: `Welcome to ${siteName}! Please confirm that ${to} is your email address.`,
    action: 'Verify email address',
    url,
    outro:
      'The link works once and expires in 24 hours. If you did not sign up, ignore this email.',
    ...footer,
  });
}

export function passwordResetEmail(to: string, url: string, footer: EmailFooter): EmailMessage {
  return actionEmail({
    to,
    subject: `Reset your ${siteName} password`,
    intro: 'Someone asked to reset the password of your account. If it was you, choose a new one.',
    action: 'Reset password',
    url,
    outro:
      'The link works once and expires in 1 hour. If you did not ask for it, ignore this email: your password stays the same.',
    ...footer,
  });
}
