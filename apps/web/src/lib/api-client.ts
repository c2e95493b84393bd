import {
  apiMessages,
  type ApiAnswer,
  type ErrorBody,
  type ServerApiTransport,
} from '@si/contracts';
import { rememberSessionUser, reportSessionLost, sessionGeneration } from './session';

/** An error answered by the API ({ error: { code, message, fields? } }) or a network failure (status 0). */
export class ApiError extends Error {
  readonly status: number;
  readonly code: string;
  readonly fields: Record<string, string> | undefined;

  constructor(status: number, code: string, message: string, fields?: Record<string, string>) {
    super(message);
    this.name = 'ApiError';
    this.status = status;
    this.code = code;
    this.fields = fields;
  }

  get isNetworkError(): boolean {
    return this.status === 0;
  }

  get isNotFound(): boolean {
    return this.status === 404;
  }

  /** Was there and is not any more (a role no longer open): an answer, like 'not found'. */
  get isGone(): boolean {
    return this.status === 410;
  }
}

export const NETWORK_ERROR_CODE = 'NETWORK_ERROR';
const networkErrorMessage =
  'Unable to reach the server. Please check your connection and try again.';

type QueryValue = string | number | undefined | null;

export interface ApiRequestOptions {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  query?: Record<string, QueryValue>;
  /** Sent as JSON, except a FormData (multipart). */
  body?: unknown;
  signal?: AbortSignal;
  /**
   * On 401, read the session once and retry if a user is still signed in; otherwise report the
   * session lost (docs/product.md#sessions-and-requests-in-the-browser). Off for calls where 401 is an answer, not a lost session.
   */
  sessionRefresh?: boolean;
  /**
   * The call's own message for a failure whose answer carries none: a server error without a
   * message, a proxy's HTML error page, a network failure (docs/product.md#texts-that-are-part-of-the-contract gives some calls
   * their own text, e.g. 'Failed to delete account. Please try again later.').
   */
  fallbackMessage?: string;
}

/** Builds `/api{path}?query`, leaving out empty query values. */
export function apiUrl(path: string, query?: Record<string, QueryValue>): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query ?? {})) {
    if (value === undefined || value === null || value === '') continue;
    params.set(key, String(value));
  }
  const search = params.toString();
  return `/api${path}${search ? `?${search}` : ''}`;
}

function isErrorBody(value: unknown): value is ErrorBody {
  if (typeof value !== 'object' || value === null || !('error' in value)) return false;
  const error = (value as { error: unknown }).error;
  return typeof error === 'object' && error !== null && 'message' in error;
}

let transport: ServerApiTransport = (url, init) => fetch(url, init);

/** The server renders pages with the same API calls, answered in-process (entry-server.tsx). */
export function setApiTransport(next: ServerApiTransport): void {
  transport = next;
}

async function send(path: string, options: ApiRequestOptions): Promise<ApiAnswer> {
  const { method = 'GET', query, body, signal, fallbackMessage } = options;
  // A FormData body (an image upload) goes as it is: the browser sets its multipart type.
  const json = body !== undefined && !(body instanceof FormData);
  try {
    return await transport(apiUrl(path, query), {
      method,
      signal: signal ?? null,
      credentials: 'same-origin',
      // Public answers may be kept by caches (ADR 016); the app itself always asks again, and an
      // unchanged answer comes back as a 304 for its ETag.
      cache: 'no-cache',
      headers: json
        ? { accept: 'application/json', 'content-type': 'application/json' }
        : { accept: 'application/json' },
      body: json ? JSON.stringify(body) : ((body as FormData | undefined) ?? null),
    });
  } catch (cause) {
    if (cause instanceof DOMException && cause.name === 'AbortError') throw cause;
    throw new ApiError(0, NETWORK_ERROR_CODE, fallbackMessage ?? networkErrorMessage);
  }
}

let refreshing: Promise<boolean> | null = null;

/** Reads the session once for all requests answered 401 at the same time: is a user signed in? */
function refreshSession(): Promise<boolean> {
  refreshing ??= send('/auth/session', {})
    .then((response) => (response.ok ? response.json() : undefined))
    .then((body: { data?: { isAnonymous: boolean } | null } | undefined) => {
      // Without a user, keep what was known: it picks the 'expired' or 'login required' message.
      if (!body?.data) return false;
      rememberSessionUser(body.data);
      return true;
    })
    .catch(() => false)
    .finally(() => {
      refreshing = null;
    });
  return refreshing;
}

/**
 * Calls the API and returns its parsed JSON body ({ data } or { data, meta }).
 * Throws ApiError for 4xx/5xx answers (with the server's code and message) and for network failures.
 * A 401 refreshes the session and retries once; if that fails, the session is reported lost.
 */
export async function apiRequest<TBody>(
  path: string,
  options: ApiRequestOptions = {},
): Promise<TBody> {
  const generation = sessionGeneration();
  let response = await send(path, options);
  // A 401 for a request sent before the app ended the session itself is no loss to report.
  const endedMeanwhile = generation !== sessionGeneration();
  if (response.status === 401 && options.sessionRefresh !== false && !endedMeanwhile) {
    if (await refreshSession()) response = await send(path, options);
    if (response.status === 401) reportSessionLost();
  }

  const parsed: unknown = await response.json().catch(() => undefined);
  if (!response.ok) {
    const fallback =
      options.fallbackMessage ??
      (response.status >= 500
        ? apiMessages.internal
        : `Request failed with status ${response.status}`);
    if (isErrorBody(parsed)) {
      const { code, message, fields } = parsed.error;
      const usable = typeof message === 'string' && message.trim() !== '';
      throw new ApiError(
        response.status,
        code ?? 'HTTP_ERROR',
        usable ? message : fallback,
        fields,
      );
    }
    throw new ApiError(response.status, 'HTTP_ERROR', fallback);
  }
  return parsed as TBody;
}

export const ACTION_FAILED_CODE = 'ACTION_FAILED';

/**
 * Reads a `{ success, message }` answer: `success: false` is a failure, thrown as an ApiError with
 * the server's message or the call's fallback, never taken for a success.
 */
export function requireSuccess<T extends { success: boolean; message?: string }>(
  result: T,
  fallbackMessage: string,
): T {
  if (result.success === true) return result;
  const message = typeof result.message === 'string' ? result.message.trim() : '';
  throw new ApiError(200, ACTION_FAILED_CODE, message || fallbackMessage);
}

/** GET or POST returning the `data` of a `{ data }` body. */
export async function apiData<TData>(
  path: string,
  options: ApiRequestOptions = {},
): Promise<TData> {
  const body = await apiRequest<{ data: TData }>(path, options);
  return body.data;
}
