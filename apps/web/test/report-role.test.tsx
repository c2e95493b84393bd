import { describe, expect, it } from 'vitest';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { QueryClientProvider } from '@tanstack/react-query';
import { reportReasonLabels, reportTexts, roleReportTexts } from '@si/contracts';
import { ReportRole } from '../src/features/organization-profile/components/report-role';
import { createQueryClient } from '../src/lib/query-client';
import { apiError, callsOf, json, stubApi } from './auth-fixtures';

const orgId = '2d732f74-eeed-4db2-b3e6-4a5bcab67d9e';
const roleId = '0b6f1c1e-5a53-4d0c-9a55-7d0f7c0e2a11';
const reportCall = `POST /api/organizations/${orgId}/roles/${roleId}/reports`;

async function openDialog() {
  render(
    <QueryClientProvider client={createQueryClient()}>
      <ReportRole organization={{ id: orgId }} role={{ id: roleId }} />
    </QueryClientProvider>,
  );
  const user = userEvent.setup();
  await user.click(screen.getByRole('button', { name: roleReportTexts.action }));
  const dialog = await screen.findByRole('dialog', { name: roleReportTexts.title });
  return { user, dialog };
}

describe('Report this role (ADR 045)', () => {
  it('sends the report about the role, then closes', async () => {
    const sent: unknown[] = [];
    const fetchMock = stubApi({
      [reportCall]: ({ body }) => {
        sent.push(body);
        return json({ data: { received: true } });
      },
    });
    const { user, dialog } = await openDialog();
    expect(within(dialog).getByText(roleReportTexts.intro)).toBeTruthy();
    await user.click(within(dialog).getByRole('radio', { name: reportReasonLabels.spam }));
    await user.type(
      within(dialog).getByRole('textbox', { name: reportTexts.detailsLabel }),
      'Asks for a fee',
    );
    await user.click(within(dialog).getByRole('button', { name: reportTexts.submit }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(sent).toEqual([{ reason: 'spam', details: 'Asks for a fee' }]);
    expect(callsOf(fetchMock).filter((call) => call.includes('/reports'))).toEqual([reportCall]);
  });

  it('keeps the dialog with the server’s refusal when the organization had many reports', async () => {
    stubApi({
      [reportCall]: () => apiError(429, 'RATE_LIMITED', roleReportTexts.tooManyForOrganization),
    });
    const { user, dialog } = await openDialog();
    await user.click(within(dialog).getByRole('radio', { name: reportReasonLabels.other }));
    await user.click(within(dialog).getByRole('button', { name: reportTexts.submit }));
    expect(await within(dialog).findByText(roleReportTexts.tooManyForOrganization)).toBeTruthy();
  });
});
