import { createServer, type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface ReceivedWebhook {
  path: string;
  headers: IncomingHttpHeaders;
  body: string;
}

/**
 * A partner's endpoint on this machine (ADR 056): keeps every request it is sent and answers
 * each with the next of `answers` (then the last one again), 204 by default; 0 answers nothing
 * (a partner that hangs).
 */
export async function startWebhookReceiver(answers: number[] = [204]) {
  const received: ReceivedWebhook[] = [];
  let next = 0;
  const server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      received.push({
        path: request.url ?? '',
        headers: request.headers,
        body: Buffer.concat(chunks).toString('utf8'),
      });
      const status = answers[Math.min(next, answers.length - 1)]!;
      next += 1;
      if (status === 0) return;
      response.writeHead(status).end(status >= 300 ? 'not today' : '');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    port,
    received,
    /** Answers from now on with these codes, in turn. */
    answerWith(codes: number[]) {
      answers = codes;
      next = 0;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
export type WebhookReceiver = Awaited<ReturnType<typeof startWebhookReceiver>>;
