import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import {
  adminTexts,
  consoleTexts,
  domainVerificationTexts,
  type AdminOrganizationDetail,
  type AdminOrganizationRow,
} from '@si/contracts';
import { apiError, json, renderApp } from './auth-fixtures';
import { consoleApi } from './console-fixtures';
import '../src/app/routes/operator-console';

const orgId = '00000000-0000-4000-8000-0000000000a1';
const texts = domainVerificationTexts.console;
const verification = { domain: 'river-readers.org', verifiedAt: '2026-11-02T10:00:00.000Z' };

const detail = (overrides: Partial<AdminOrganizationRow> = {}): AdminOrganizationDetail => ({
  organization: {
    id: orgId,
    name: 'River Readers',
    country: 'KE',
    state: 'published',
    published: true,
    heldByOperator: false,
    subscriptionType: 'monthly',
    ownerEmails: ['owner@example.org'],
    openReports: 0,
    verification,
    version: 4,
    createdAt: '2026-11-01T10:00:00.000Z',
    ...overrides,
  },
  subscriptions: [],
  reports: [],
  roles: [],
});

describe("the console's Verified badge (ADR 032)", () => {
  it('shows the verified domain, and revokes the badge with a reason on the version shown', async () => {
    const sent: unknown[] = [];
    let current = detail();
    consoleApi({
      [`GET /api/admin/organizations/${orgId}`]: () => json({ data: current }),
      [`POST /api/admin/organizations/${orgId}/revoke-verification`]: ({ body }) => {
        sent.push(body);
        current = detail({ verification: null, version: 5 });
        return json({ data: current });
      },
    });
    renderApp(`/admin/organizations/${orgId}`);
    await screen.findByRole('heading', { level: 2, name: 'River Readers' });
    const label = screen.getByText(texts.label, { selector: 'dt' });
    expect(label.nextElementSibling?.textContent).toContain('river-readers.org');

    await userEvent.click(screen.getByRole('button', { name: texts.revoke }));
    const dialog = await screen.findByRole('dialog', { name: texts.revokeTitle });
    expect(within(dialog).getByText(texts.revokeHelp)).toBeTruthy();
    await userEvent.click(within(dialog).getByRole('button', { name: texts.revoke }));
    expect(await within(dialog).findByText(adminTexts.reasonRequired)).toBeTruthy();
    expect(sent).toEqual([]);

    await userEvent.type(
      within(dialog).getByLabelText(consoleTexts.reasonLabel),
      'The domain belongs to someone else',
    );
    await userEvent.click(within(dialog).getByRole('button', { name: texts.revoke }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(sent).toEqual([{ reason: 'The domain belongs to someone else', version: 4 }]);
    expect(screen.getByText(texts.label, { selector: 'dt' }).nextElementSibling?.textContent).toBe(
      texts.none,
    );
    expect(screen.queryByRole('button', { name: texts.revoke })).toBeNull();
  });

  it('offers no revoke for an organization that is not verified', async () => {
    consoleApi({
      [`GET /api/admin/organizations/${orgId}`]: () =>
        json({ data: detail({ verification: null }) }),
    });
    renderApp(`/admin/organizations/${orgId}`);
    await screen.findByRole('heading', { level: 2, name: 'River Readers' });
    expect(screen.getByText(texts.none)).toBeTruthy();
    expect(screen.queryByRole('button', { name: texts.revoke })).toBeNull();
  });

  it('says when the record changed meanwhile, in the dialog', async () => {
    consoleApi({
      [`GET /api/admin/organizations/${orgId}`]: () => json({ data: detail() }),
      [`POST /api/admin/organizations/${orgId}/revoke-verification`]: () =>
        apiError(409, 'VERSION_CONFLICT', adminTexts.changedMeanwhile),
    });
    renderApp(`/admin/organizations/${orgId}`);
    await userEvent.click(await screen.findByRole('button', { name: texts.revoke }));
    const dialog = await screen.findByRole('dialog');
    await userEvent.type(within(dialog).getByLabelText(consoleTexts.reasonLabel), 'Not theirs');
    await userEvent.click(within(dialog).getByRole('button', { name: texts.revoke }));
    expect(await within(dialog).findByText(adminTexts.changedMeanwhile)).toBeTruthy();
  });
});
