/** One figure of the benchmark: autocannon against the server for a fixed time. */
import autocannon from 'autocannon';

export interface Load {
  /** Mean of autocannon's per-second samples. */
  rps: number;
  p50: number;
  p99: number;
  /** Connection errors (timeouts among them) and answers other than 2xx. */
  errors: number;
  responses: number;
  /** Responses whose Server-Timing names a `cache` metric: a server-side cache answered. */
  fromCache: number;
  /** How many answers had each status other than 2xx (a 404 page: the benchmark is wrong). */
  otherStatuses: Record<string, number>;
}

export interface LoadOptions {
  connections: number;
  /** Seconds; ignored when `amount` is given. */
  duration: number;
  /** Stop after this many responses instead. */
  amount?: number;
  /** Sent with every request. */
  headers?: Record<string, string>;
}

/** Server-Timing is a comma-separated list of metrics, each a name and optional `;` params. */
function servedFromCache(headers: Record<string, string | string[] | undefined>) {
  return Object.entries(headers).some(
    ([name, value]) =>
      name.toLowerCase() === 'server-timing' &&
      [value ?? []]
        .flat()
        .join(',')
        .split(',')
        .some((metric) => metric.split(';')[0]!.trim().toLowerCase() === 'cache'),
  );
}

/** Requests to `base`, each path from `nextPath()`, from `connections` connections at once. */
export async function load(
  base: string,
  nextPath: () => string,
  options: LoadOptions,
): Promise<Load> {
  let responses = 0;
  let fromCache = 0;
  const otherStatuses: Record<string, number> = {};
  const result = await autocannon({
    url: base,
    connections: options.connections,
    ...(options.amount ? { amount: options.amount } : { duration: options.duration }),
    ...(options.headers ? { headers: options.headers } : {}),
    requests: [
      {
        setupRequest: (request) => ({ ...request, path: nextPath() }),
        onResponse: (status, _body, _context, headers) => {
          responses += 1;
          if (status < 200 || status > 299)
            otherStatuses[status] = (otherStatuses[status] ?? 0) + 1;
          if (servedFromCache(headers as Record<string, string | string[]>)) fromCache += 1;
        },
      },
    ],
  });
  return {
    rps: result.requests.average,
    p50: result.latency.p50,
    p99: result.latency.p99,
    errors: result.errors + result.non2xx,
    responses,
    fromCache,
    otherStatuses,
  };
}
