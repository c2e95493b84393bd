import type { DehydratedState } from '@tanstack/react-query';
import type { HydrationState } from 'react-router';
import { ApiError } from '../lib/api-client';
import { SERVER_STATE_ELEMENT_ID } from './server-state-element';

/** What the server rendered the page from: the query cache and the router's loader data. */
export interface ServerState {
  queries: DehydratedState;
  router: HydrationState;
  /**
   * Home's country choices as codes (the countries' names and flags come with the shared
   * countries answer, shared-answers.ts); absent when the page did not read them.
   */
  activeCountryCodes?: string[];
}

/** An ApiError as it travels in the page (an Error's message is not enumerable). */
interface SerializedApiError {
  apiError: { status: number; code: string; message: string };
}

function isSerializedApiError(value: unknown): value is SerializedApiError {
  return typeof value === 'object' && value !== null && 'apiError' in value;
}

const UNSAFE_IN_SCRIPT = /[<\u2028\u2029]/g;
const ESCAPED: Record<string, string> = {
  '<': '\\u003c',
  '\u2028': '\\u2028',
  '\u2029': '\\u2029',
};

/**
 * The state as JSON that is safe inside a script element: every '<' is escaped, so no text in it
 * (an organization named '</script>') can close the element or open a comment.
 */
export function serializeServerState(state: ServerState): string {
  const queries = state.queries.queries.map((query) => {
    const { error } = query.state;
    if (!(error instanceof ApiError)) return query;
    const apiError = { status: error.status, code: error.code, message: error.message };
    return { ...query, state: { ...query.state, error: { apiError } } };
  });
  return JSON.stringify({ ...state, queries: { ...state.queries, queries } }).replace(
    UNSAFE_IN_SCRIPT,
    (character) => ESCAPED[character]!,
  );
}

/** The server's state in this page, with its errors as ApiError again; null on a page it did not render. */
export function readServerState(): ServerState | null {
  const text = document.getElementById(SERVER_STATE_ELEMENT_ID)?.textContent;
  if (!text) return null;
  const state = JSON.parse(text) as ServerState;
  for (const query of state.queries.queries) {
    const error: unknown = query.state.error;
    if (isSerializedApiError(error)) {
      const { status, code, message } = error.apiError;
      (query.state as { error: unknown }).error = new ApiError(status, code, message);
    }
  }
  return state;
}
