import net from 'node:net';

export interface RawAnswer {
  status: number;
  headers: Record<string, string>;
  body: string;
}

export interface RawRequest {
  method: string;
  /** The request target exactly as it goes on the wire, one byte per character (latin1). */
  target: string;
  headers?: Record<string, string>;
  body?: string | Buffer;
}

/** Undoes `transfer-encoding: chunked`. */
function dechunk(data: Buffer): Buffer {
  const parts: Buffer[] = [];
  let at = 0;
  while (at < data.length) {
    const lineEnd = data.indexOf('\r\n', at);
    if (lineEnd === -1) break;
    const size = Number.parseInt(data.subarray(at, lineEnd).toString('latin1'), 16);
    if (!Number.isFinite(size) || size === 0) break;
    parts.push(data.subarray(lineEnd + 2, lineEnd + 2 + size));
    at = lineEnd + 2 + size + 2;
  }
  return Buffer.concat(parts);
}

/**
 * One HTTP/1.1 request written byte for byte on a socket, so that a request target no client
 * library would send (a broken %-escape, a NUL byte, a dot-segment, an over-long line) reaches
 * the server unmodified. Resolves with whatever the server answered before closing.
 */
export function rawRequest(port: number, request: RawRequest): Promise<RawAnswer> {
  const body =
    request.body === undefined
      ? undefined
      : Buffer.isBuffer(request.body)
        ? request.body
        : Buffer.from(request.body, 'utf8');
  const headerLines = Object.entries({
    host: `127.0.0.1:${port}`,
    connection: 'close',
    ...(body ? { 'content-length': String(body.length) } : {}),
    ...request.headers,
  }).map(([name, value]) => `${name}: ${value}\r\n`);
  const head = Buffer.from(
    `${request.method} ${request.target} HTTP/1.1\r\n${headerLines.join('')}\r\n`,
    'latin1',
  );

  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    const socket = net.connect({ port, host: '127.0.0.1' });
    socket.setTimeout(10_000, () => socket.destroy(new Error('no answer within 10 s')));
    socket.on('data', (chunk: Buffer) => chunks.push(chunk));
    socket.on('error', (error) => {
      // A server may answer and reset at once; what arrived is the answer.
      if (chunks.length === 0) reject(error);
    });
    socket.on('close', () => {
      const data = Buffer.concat(chunks);
      const end = data.indexOf('\r\n\r\n');
      if (end === -1) {
        reject(new Error(`no HTTP answer: ${JSON.stringify(data.toString('latin1'))}`));
        return;
      }
      const [statusLine = '', ...lines] = data.subarray(0, end).toString('latin1').split('\r\n');
      const headers: Record<string, string> = {};
      for (const line of lines) {
        const colon = line.indexOf(':');
        if (colon > 0)
          headers[line.slice(0, colon).trim().toLowerCase()] = line.slice(colon + 1).trim();
      }
      let rest: Buffer = data.subarray(end + 4);
      if (/chunked/i.test(headers['transfer-encoding'] ?? '')) rest = dechunk(rest);
      else if (headers['content-length'] !== undefined)
        rest = rest.subarray(0, Number(headers['content-length']));
      resolve({
        status: Number(statusLine.split(' ')[1]),
        headers,
        body: rest.toString('utf8'),
      });
    });
    socket.write(body ? Buffer.concat([head, body]) : head);
  });
}
