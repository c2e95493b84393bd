/**
 * The newly-created flag of docs/product.md#plan-selection-and-checkout: set by the create flow in navigation state, and as ?new=1
 * in the address so that a reload keeps it. Plan selection opens only with it.
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

/** Plan selection for an organization, with the flag in the address (pass the state too). */
export const planSelectionPath = (organizationId: string) =>
  `/payments/select/${encodeURIComponent(organizationId)}?new=1`;
