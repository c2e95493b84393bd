import http from 'node:http';
import https from 'node:https';
import { isIP, type LookupFunction } from 'node:net';
import type { CheckedTarget } from './target-policy.ts';

export interface PostResult {
  status: number;
}

/**
 * POSTs `body` to the checked target, connected to its checked address whatever the name
 * resolves to now (the lookup is answered with that address), with the name as Host and as TLS
 * server name so the certificate is checked for it. The whole exchange has `timeoutMs`; at most
 * `maxAnswerBytes` of the answer are read, the rest dropped with the connection.
 */
export function pinnedPost(
  target: CheckedTarget,
  headers: Record<string, string>,
  body: string,
  options: { timeoutMs: number; maxAnswerBytes: number },
): Promise<PostResult> {
  const family = isIP(target.address);
  const pinned: LookupFunction = (_host, lookupOptions, callback) => {
    if (lookupOptions.all) callback(null, [{ address: target.address, family }]);
    else callback(null, target.address, family);
  };
  const { url } = target;
  return new Promise((resolve, reject) => {
    const requestOptions: https.RequestOptions = {
      method: 'POST',
      protocol: url.protocol,
      hostname: target.host,
      port: url.port || undefined,
      path: `${url.pathname}${url.search}`,
      lookup: pinned,
      ...(isIP(target.host) ? {} : { servername: target.host }),
      headers: {
        ...headers,
        'content-type': 'application/json',
        'content-length': String(Buffer.byteLength(body)),
      },
      agent: false,
    };
    const request =
      url.protocol === 'https:' ? https.request(requestOptions) : http.request(requestOptions);
    const timer = setTimeout(
      () => request.destroy(new Error(`no answer within ${options.timeoutMs} ms`)),
      options.timeoutMs,
    );
    request.on('error', (error) => {
      clearTimeout(timer);
      reject(error);
    });
    request.on('response', (response) => {
      let read = 0;
      const done = () => {
        clearTimeout(timer);
        resolve({ status: response.statusCode ?? 0 });
      };
      response.on('data', (chunk: Buffer) => {
        read += chunk.length;
        // The answer's body is never used: past the limit the connection is closed, not read.
        if (read > options.maxAnswerBytes) {
          response.destroy();
          done();
        }
      });
      response.on('end', done);
      // A timeout or a dropped connection while the body comes: the code was answered already.
      response.on('close', done);
      response.on('error', done);
    });
    request.end(body);
  });
}
