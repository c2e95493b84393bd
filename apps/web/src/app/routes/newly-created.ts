/**
 * The newly-created flag of SPEC.md: set by the create flow in navigation state, and as ?new=1
 * in the address so that a reload keeps it.
 */
export const newlyCreatedState = { newlyCreated: true } as const;

export function isNewlyCreated(state: unknown, searchParams: URLSearchParams): boolean {
  const flagged =
    typeof state === 'object' &&
    state !== null &&
    'newlyCreated' in state &&
    (state as { newlyCreated: unknown }).newlyCreated === true;
  return flagged || searchParams.get('new') === '1';
}
