import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import {
  REPORT_DETAILS_MAX,
  reportReasonLabels,
  reportTexts,
  type Organization,
} from '@si/contracts';
import { apiError, callsOf, json, makeUser, renderApp } from './auth-fixtures';
import { makeOrganization } from './fixtures';
import { profileApi } from './profile-api';

const orgId = '2d732f74-eeed-4db2-b3e6-4a5bcab67d9e';
const reportCall = `POST /api/organizations/${orgId}/reports`;

/** The profile for a signed-out visitor (or `user`), with the report call answered by `report`. */
function reportApi(
  organization: Organization,
  report: NonNullable<Parameters<typeof profileApi>[2]>[string] = () =>
    json({ data: { received: true } }),
  user: ReturnType<typeof makeUser> | null = null,
) {
  return profileApi(organization, user, { [reportCall]: report });
}

async function openDialog() {
  renderApp(`/organizations/${orgId}`);
  await screen.findByRole('heading', { level: 1, name: 'Aireandino Sensor Lab' });
  const user = userEvent.setup();
  await user.click(await screen.findByRole('button', { name: reportTexts.action }));
  const dialog = await screen.findByRole('dialog', { name: reportTexts.title });
  return { user, dialog };
}

describe('Report this profile (ADR 029)', () => {
  it('sends a reason and details, closes and thanks the visitor', async () => {
    const sent: unknown[] = [];
    const fetchMock = reportApi(makeOrganization(), ({ body }) => {
      sent.push(body);
      return json({ data: { received: true } });
    });
    const { user, dialog } = await openDialog();
    expect(within(dialog).getByText(reportTexts.intro)).toBeTruthy();
    expect(
      within(dialog)
        .getAllByRole('radio')
        .map((radio) => radio.getAttribute('value')),
    ).toEqual(['spam', 'offensive', 'inaccurate', 'other']);

    await user.click(within(dialog).getByRole('radio', { name: reportReasonLabels.inaccurate }));
    const details = within(dialog).getByRole('textbox', { name: reportTexts.detailsLabel });
    await user.type(details, 'Not the real charity');
    expect(
      within(dialog).getByText(reportTexts.charactersRemaining(REPORT_DETAILS_MAX - 20)),
    ).toBeTruthy();
    await user.click(within(dialog).getByRole('button', { name: reportTexts.submit }));

    expect(await screen.findByText(reportTexts.thanks)).toBeTruthy();
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(sent).toEqual([{ reason: 'inaccurate', details: 'Not the real charity' }]);
    expect(callsOf(fetchMock).filter((call) => call === reportCall)).toHaveLength(1);
  });

  it('asks for a reason before sending anything', async () => {
    const fetchMock = reportApi(makeOrganization());
    const { user, dialog } = await openDialog();
    await user.click(within(dialog).getByRole('button', { name: reportTexts.submit }));
    expect(await within(dialog).findByText(reportTexts.reasonRequired)).toBeTruthy();
    expect(callsOf(fetchMock)).not.toContain(reportCall);
  });

  it('keeps the dialog and what was written when there were too many reports', async () => {
    reportApi(makeOrganization(), () => apiError(429, 'RATE_LIMITED', reportTexts.tooMany));
    const { user, dialog } = await openDialog();
    await user.click(within(dialog).getByRole('radio', { name: reportReasonLabels.spam }));
    await user.type(
      within(dialog).getByRole('textbox', { name: reportTexts.detailsLabel }),
      'Fake',
    );
    await user.click(within(dialog).getByRole('button', { name: reportTexts.submit }));
    expect((await within(dialog).findByRole('alert')).textContent).toContain(reportTexts.tooMany);
    expect(within(dialog).getByRole('textbox', { name: reportTexts.detailsLabel })).toHaveProperty(
      'value',
      'Fake',
    );
  });

  it('cancels without sending, and the details count as text, not markup', async () => {
    const fetchMock = reportApi(makeOrganization());
    const { user, dialog } = await openDialog();
    await user.type(
      within(dialog).getByRole('textbox', { name: reportTexts.detailsLabel }),
      '<b>bold</b>',
    );
    expect(dialog.querySelector('b')).toBeNull();
    // Cancel, and the close button named after it; the one that says so.
    const cancel = within(dialog)
      .getAllByRole('button', { name: reportTexts.cancel })
      .find((button) => button.textContent === reportTexts.cancel);
    await user.click(cancel!);
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(callsOf(fetchMock)).not.toContain(reportCall);
    // Focus goes back to where the dialog was opened from.
    expect(document.activeElement?.textContent).toBe(reportTexts.action);
  });

  it('is not offered to the owner, who edits the profile instead', async () => {
    reportApi(makeOrganization(), undefined, makeUser());
    renderApp(`/organizations/${orgId}`);
    await screen.findByRole('heading', { level: 1, name: 'Aireandino Sensor Lab' });
    await screen.findByRole('button', { name: new RegExp(makeUser().displayName ?? '') });
    expect(await screen.findByTestId('owner-actions')).toBeTruthy();
    expect(screen.queryByRole('button', { name: reportTexts.action })).toBeNull();
  });
});
