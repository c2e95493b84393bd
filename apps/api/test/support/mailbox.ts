import type { AddressInfo } from 'node:net';
import { simpleParser } from 'mailparser';
import { SMTPServer } from 'smtp-server';

export interface ReceivedEmail {
  to: string;
  subject: string;
  replyTo: string;
  text: string;
  html: string;
  /** Raw header values by lower-case name (List-Unsubscribe, List-Unsubscribe-Post). */
  headers: Record<string, string>;
}

/**
 * A real SMTP server on a free port that keeps what it receives, for the relay to deliver to.
 * `held`: the server takes no message until `release()` is called, like a stalled mail server.
 * `failFirst`: it refuses that many messages (Infinity: every one, until `accept()`).
 */
export async function startMailbox(
  options: { held?: boolean; failFirst?: number; port?: number } = {},
) {
  const messages: ReceivedEmail[] = [];
  let failuresLeft = options.failFirst ?? 0;
  let release = () => {};
  const gate = options.held ? new Promise<void>((resolve) => (release = resolve)) : undefined;
  let waiting = 0;
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    // Loopback only: a reverse DNS lookup would only add the resolver's delay to each connection.
    disableReverseLookup: true,
    logger: false,
    onData(stream, _session, callback) {
      simpleParser(stream)
        .then(async (parsed) => {
          if (gate) {
            waiting += 1;
            await gate;
            waiting -= 1;
          }
          if (failuresLeft > 0) {
            failuresLeft -= 1;
            const error = Object.assign(new Error('Mailbox unavailable, try later'), {
              responseCode: 451,
            });
            callback(error);
            return;
          }
          const to = Array.isArray(parsed.to) ? parsed.to[0]?.text : parsed.to?.text;
          messages.push({
            to: to ?? '',
            subject: parsed.subject ?? '',
            replyTo: parsed.replyTo?.text ?? '',
            text: parsed.text ?? '',
            html: typeof parsed.html === 'string' ? parsed.html : '',
            headers: Object.fromEntries(
              parsed.headerLines.map(({ key, line }) => [
                key,
                line.slice(line.indexOf(':') + 1).trim(),
              ]),
            ),
          });
          callback();
        })
        .catch((error: Error) => callback(error));
    },
  });
  await new Promise<void>((resolve) => server.listen(options.port ?? 0, '127.0.0.1', resolve));
  const { port } = server.server.address() as AddressInfo;
  return {
    url: `smtp://127.0.0.1:${port}`,
    messages,
    /** How many messages a held server has been handed and not yet taken. */
    waiting: () => waiting,
    release,
    /** From now on, takes every message. */
    accept: () => {
      failuresLeft = 0;
    },
    /** The messages sent to `to`, newest last. */
    to: (address: string) => messages.filter((message) => message.to.includes(address)),
    /** The newest message to `address` whose subject matches. */
    latest(address: string, subject: RegExp): ReceivedEmail {
      const found = messages.filter(
        (message) => message.to.includes(address) && subject.test(message.subject),
      );
      const last = found.at(-1);
      if (!last) throw new Error(`no email to ${address} matching ${subject}`);
      return last;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
export type Mailbox = Awaited<ReturnType<typeof startMailbox>>;

/** The first link in an email's text that points at `path` on the site. */
export function linkIn(email: ReceivedEmail, path: string): URL {
  const match = email.text.match(/https?:\/\/\S+/g)?.find((url) => new URL(url).pathname === path);
  if (!match) throw new Error(`no ${path} link in: ${email.text}`);
  return new URL(match);
}
