import { apiMessages, type ErrorBody } from '@si/contracts';

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
}

export const NETWORK_ERROR_CODE = 'NETWORK_ERROR';
const networkErrorMessage =
  'Unable to reach the server. Please check your connection and try again.';

type QueryValue = string | number | undefined | null;

export interface ApiRequestOptions {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  query?: Record<string, QueryValue>;
  body?: unknown;
  signal?: AbortSignal;
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

/**
 * Calls the API and returns its parsed JSON body ({ data } or { data, meta }).
 * Throws ApiError for 4xx/5xx answers (with the server's code and message) and for network failures.
 */
export async function apiRequest<TBody>(
  path: string,
  options: ApiRequestOptions = {},
): Promise<TBody> {
  const { method = 'GET', query, body, signal } = options;
  let response: Response;
  try {
    response = await fetch(apiUrl(path, query), {
      method,
      signal: signal ?? null,
      credentials: 'same-origin',
      headers: {
        accept: 'application/json',
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });
  } catch (cause) {
    if (cause instanceof DOMException && cause.name === 'AbortError') throw cause;
    throw new ApiError(0, NETWORK_ERROR_CODE, networkErrorMessage);
  }

  const parsed: unknown = await response.json().catch(() => undefined);
  if (!response.ok) {
    if (isErrorBody(parsed)) {
      const { code, message, fields } = parsed.error;
      throw new ApiError(response.status, code ?? 'HTTP_ERROR', message, fields);
    }
    throw new ApiError(
      response.status,
      'HTTP_ERROR',
      response.status >= 500
        ? apiMessages.internal
        : `Request failed with status ${response.status}`,
    );
  }
  return parsed as TBody;
}

/** GET or POST returning the `data` of a `{ data }` body. */
export async function apiData<TData>(
  path: string,
  options: ApiRequestOptions = {},
): Promise<TData> {
  const body = await apiRequest<{ data: TData }>(path, options);
  return body.data;
}
