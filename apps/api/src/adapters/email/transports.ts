import nodemailer from 'nodemailer';
import type { FastifyBaseLogger } from 'fastify';
import type { EmailMessage, EmailTransport } from './message.ts';

/**
 * The embedded default: the email, links included, goes to the log so a newcomer can follow
 * a verification or reset link without a mail server.
 */
export function createLogTransport(logger: FastifyBaseLogger): EmailTransport {
  return {
    kind: 'log',
    async send(message: EmailMessage) {
      const links = message.text.match(/https?:\/\/\S+/g) ?? [];
      logger.info(
        { email: { to: message.to, subject: message.subject, links, text: message.text } },
        `Email to ${message.to} (no SMTP_URL set, so it is only logged): "${message.subject}" ${links.join(' ')}`,
      );
    },
    async close() {},
  };
}

/**
 * SMTP through nodemailer; timeouts keep a stuck server from holding the relay forever. Replies
 * go to the support address, not to the no-reply sender.
 */
export function createSmtpTransport(
  smtpUrl: string,
  envelope: { from: string; replyTo: string },
): EmailTransport {
  const transporter = nodemailer.createTransport(
    { url: smtpUrl, connectionTimeout: 10_000, greetingTimeout: 10_000, socketTimeout: 30_000 },
    envelope,
  );
  return {
    kind: 'smtp',
    async send(message: EmailMessage) {
      await transporter.sendMail({
        to: message.to,
        subject: message.subject,
        text: message.text,
        html: message.html,
        ...(message.headers ? { headers: message.headers } : {}),
      });
    },
    async close() {
      transporter.close();
    },
  };
}
