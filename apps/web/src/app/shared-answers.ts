/**
 * The reference answers a server-rendered page names instead of carrying (ADR 027): its state
 * element's `data-shared` holds the reference version and the names. They are fetched as
 * `/api/<name>?v=<version>`, which the server lets the browser keep for good, so a visitor's
 * second page (and every page after) takes them from the browser's cache. Started by the entry
 * at the first paint, with the app's code, and read by the hydration.
 */
const started = new Map<string, Promise<unknown>>();

function fetchAnswer(name: string, version: string): Promise<unknown> {
  const url = `/api/${encodeURIComponent(name)}?v=${encodeURIComponent(version)}`;
  return fetch(url, { credentials: 'same-origin', headers: { accept: 'application/json' } }).then(
    async (response) => {
      if (!response.ok) throw new Error(`${url} answered ${response.status}`);
      return ((await response.json()) as { data: unknown }).data;
    },
  );
}

/** The reference version `element` names, and the answers it names. */
function named(element: HTMLElement): { version: string; names: string[] } {
  const [version = '', ...names] = (element.dataset.shared ?? '').split(' ').filter(Boolean);
  return { version, names };
}

function startAnswer(name: string, version: string): Promise<unknown> {
  let answer = started.get(name);
  if (!answer) {
    answer = fetchAnswer(name, version);
    started.set(name, answer);
  }
  return answer;
}

/** Starts fetching what `element` names (once per name); the names, with what each will hold. */
export function sharedAnswers(element: HTMLElement): Map<string, Promise<unknown>> {
  const { version, names } = named(element);
  return new Map(names.map((name) => [name, startAnswer(name, version)]));
}

/**
 * One step per answer `element` names, each starting its fetch: the entry runs them a task each,
 * as a page's first fetch can hold the main thread for tens of milliseconds (ADR 039).
 */
export function sharedAnswerStarts(element: HTMLElement): Array<() => void> {
  const { version, names } = named(element);
  return names.map((name) => () => void startAnswer(name, version));
}
