import { describe, expect, it } from 'vitest';
import { editPageState, type EditPageInputs } from '../src/app/routes/edit-organization-state';
import { ApiError } from '../src/lib/api-client';
import { categories, categoryGroups, countries, makeOrganization } from './fixtures';
import { makeUser } from './auth-fixtures';

const organization = makeOrganization({ createdBy: 'owner' });

/** Everything answered, the owner signed in, the gate open: the editor. */
function inputs(overrides: Partial<EditPageInputs> = {}): EditPageInputs {
  return {
    organization: { data: organization, error: null, isError: false, fresh: true },
    user: makeUser({ id: 'owner' }),
    myRole: 'owner',
    gate: { kind: 'open', notice: null },
    groups: { data: categoryGroups, isError: false },
    categories: { data: categories, isError: false },
    countries: { data: countries, isError: false },
    ...overrides,
  };
}

const failed = (status: number) => ({
  data: undefined,
  error: new ApiError(status, 'X', 'x'),
  isError: true,
  fresh: true,
});

describe('the edit page state', () => {
  it('opens the editor once everything has answered and the gate is open', () => {
    expect(editPageState(inputs({ gate: { kind: 'open', notice: 'Paid' } }))).toEqual({
      kind: 'editor',
      organization,
      groups: categoryGroups,
      categories,
      countries,
      notice: 'Paid',
    });
  });

  it('sends someone else away, but only on the first fresh answer', () => {
    const stranger = makeUser({ id: 'stranger' });
    expect(editPageState(inputs({ user: stranger, myRole: null })).kind).toBe('not-owner');
    const cached = { data: organization, error: null, isError: false, fresh: false };
    expect(editPageState(inputs({ user: stranger, myRole: null, organization: cached })).kind).toBe(
      'loading',
    );
  });

  it('opens the editor to an editor as to an owner, once their role is known (ADR 047)', () => {
    const editor = makeUser({ id: 'editor' });
    expect(editPageState(inputs({ user: editor, myRole: 'editor' })).kind).toBe('editor');
    expect(editPageState(inputs({ user: editor, myRole: undefined })).kind).toBe('loading');
  });

  it('decides by the role, not by who created it (ADR 047)', () => {
    const secondOwner = makeUser({ id: 'second-owner' });
    expect(editPageState(inputs({ user: secondOwner, myRole: 'owner' })).kind).toBe('editor');
    // Its creator who has left is someone else now, and even its creator waits for the role.
    expect(editPageState(inputs({ myRole: null })).kind).toBe('not-owner');
    expect(editPageState(inputs({ myRole: undefined })).kind).toBe('loading');
  });

  it('says not found on 404 and on a malformed id (400), before the payment gate', () => {
    expect(editPageState(inputs({ organization: failed(404) })).kind).toBe('not-found');
    const verifying = { kind: 'verifying', attempt: 1 } as const;
    expect(editPageState(inputs({ organization: failed(400), gate: verifying })).kind).toBe(
      'not-found',
    );
  });

  it('shows the gate while verifying at once, and a required payment once the organization is fresh', () => {
    const loading = { data: undefined, error: null, isError: false, fresh: false };
    expect(
      editPageState(inputs({ organization: loading, gate: { kind: 'timeout' } })),
    ).toMatchObject({ kind: 'payment-gate', organizationName: null });
    expect(editPageState(inputs({ organization: loading, gate: { kind: 'required' } })).kind).toBe(
      'loading',
    );
    expect(editPageState(inputs({ gate: { kind: 'failed' } }))).toEqual({
      kind: 'payment-gate',
      gate: { kind: 'failed' },
      organizationName: organization.name,
    });
  });

  it('says which load failed', () => {
    expect(editPageState(inputs({ organization: failed(500) }))).toEqual({
      kind: 'load-failed',
      organizationFailed: true,
    });
    expect(editPageState(inputs({ countries: { data: undefined, isError: true } }))).toEqual({
      kind: 'load-failed',
      organizationFailed: false,
    });
  });

  it('waits while anything is still on its way', () => {
    expect(editPageState(inputs({ gate: { kind: 'checking' } })).kind).toBe('loading');
    expect(editPageState(inputs({ groups: { data: undefined, isError: false } })).kind).toBe(
      'loading',
    );
    expect(editPageState(inputs({ user: null })).kind).toBe('loading');
  });
});
