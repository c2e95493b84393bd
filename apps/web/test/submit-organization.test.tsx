import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { organizationEditorTexts, organizationFormMessages, paymentTexts } from '@si/contracts';
import { apiError, json, makeUser, renderApp, stubApi } from './auth-fixtures';
import { categories, categoryGroups, countries, makeOrganization } from './fixtures';

const created = makeOrganization({
  id: '11111111-1111-4111-8111-111111111111',
  paymentStatus: 'pending',
  subscriptionType: null,
  published: false,
});

function submitApi(extra: Parameters<typeof stubApi>[0] = {}) {
  const user = makeUser();
  return stubApi({
    'GET /api/auth/session': () => json({ data: user }),
    'GET /api/users/profile': () => json({ data: user }),
    'GET /api/categories': () => json({ data: categories }),
    'GET /api/category-groups': () => json({ data: categoryGroups }),
    'GET /api/countries': () => json({ data: countries }),
    ...extra,
  });
}

async function openForm() {
  const view = renderApp('/submit-organization');
  await screen.findByRole('button', { name: organizationEditorTexts.createButton });
  return view;
}

const field = (label: string) => screen.getByLabelText(label) as HTMLInputElement;

async function fillValidForm(user: ReturnType<typeof userEvent.setup>) {
  await user.type(field(organizationEditorTexts.nameLabel), 'Aireandino Sensor Lab');
  await user.type(field(organizationEditorTexts.descriptionLabel), 'Low-cost air sensors.');
  await user.selectOptions(field(organizationEditorTexts.countryLabel), 'PE');
  for (const name of [/Climate Action/, /Open Source/, /Nonprofit/]) {
    await user.click(screen.getByRole('checkbox', { name }));
  }
}

describe('/submit-organization', () => {
  it('shows the three required-field messages at their fields and focuses the first', async () => {
    const fetchMock = submitApi();
    await openForm();
    expect(document.title).toBe('Submit Organization - Scaling Impact');
    const user = userEvent.setup();
    // Whitespace alone counts as empty.
    await user.type(field(organizationEditorTexts.nameLabel), '   ');
    await user.type(field(organizationEditorTexts.descriptionLabel), '  \n ');
    await user.click(screen.getByRole('button', { name: organizationEditorTexts.createButton }));

    const name = field(organizationEditorTexts.nameLabel);
    const description = field(organizationEditorTexts.descriptionLabel);
    const country = field(organizationEditorTexts.countryLabel);
    const messageOf = (element: HTMLElement) =>
      (element.getAttribute('aria-describedby') ?? '')
        .split(' ')
        .map((id) => document.getElementById(id)?.textContent)
        .join(' | ');
    await waitFor(() => expect(name.getAttribute('aria-invalid')).toBe('true'));
    expect(messageOf(name)).toContain(organizationFormMessages.nameRequired);
    expect(description.getAttribute('aria-invalid')).toBe('true');
    expect(messageOf(description)).toContain(organizationFormMessages.descriptionRequired);
    expect(country.getAttribute('aria-invalid')).toBe('true');
    expect(messageOf(country)).toContain(organizationFormMessages.countryRequired);
    expect(screen.getByText(organizationFormMessages.categoryRequired)).toBeTruthy();
    expect(document.activeElement).toBe(name);
    expect(fetchMock.mock.calls.some(([, init]) => init?.method === 'POST')).toBe(false);
  });

  it('offers every country and All Countries', async () => {
    submitApi();
    await openForm();
    const options = within(field(organizationEditorTexts.countryLabel))
      .getAllByRole('option')
      .map((option) => (option as HTMLOptionElement).value);
    expect(options).toEqual(['', 'ALL', 'KE', 'PE']);
  });

  it('names the category groups still missing, with the contracts’ rule', async () => {
    submitApi();
    await openForm();
    const user = userEvent.setup();
    await user.type(field(organizationEditorTexts.nameLabel), 'Lab');
    await user.type(field(organizationEditorTexts.descriptionLabel), 'Sensors.');
    await user.selectOptions(field(organizationEditorTexts.countryLabel), 'ALL');
    await user.click(screen.getByRole('checkbox', { name: /Climate Action/ }));
    await user.click(screen.getByRole('button', { name: organizationEditorTexts.createButton }));
    expect(
      await screen.findByText(
        organizationFormMessages.missingGroups(['Work Methods', 'Company Properties']),
      ),
    ).toBeTruthy();
    expect(document.activeElement).toBe(screen.getByRole('checkbox', { name: /Climate Action/ }));
  });

  it('creates the organization and goes to plan selection with the newly-created flag', async () => {
    let sent: unknown;
    submitApi({
      'POST /api/organizations': ({ body }) => {
        sent = body;
        return json({ data: created }, 201);
      },
      [`GET /api/organizations/${created.id}`]: () => json({ data: created }),
      [`GET /api/payments/subscription/${created.id}`]: () => json({ data: null }),
      // The creator is its first owner (ADR 047): plan selection asks their role.
      'GET /api/users/organizations': () => json({ data: [{ ...created, myRole: 'owner' }] }),
    });
    const { router } = await openForm();
    // The page says what comes next in the order it comes: a plan, then the rest of the profile.
    const intro = screen.getByText(organizationEditorTexts.submitIntro).textContent ?? '';
    expect(intro.indexOf('plan')).toBeGreaterThan(-1);
    expect(intro.indexOf('plan')).toBeLessThan(intro.indexOf('images'));
    const user = userEvent.setup();
    await fillValidForm(user);
    await user.click(screen.getByRole('button', { name: organizationEditorTexts.createButton }));

    await waitFor(() =>
      expect(router.state.location.pathname).toBe(`/payments/select/${created.id}`),
    );
    expect(router.state.location.search).toBe('?new=1');
    expect(router.state.location.state).toEqual({ newlyCreated: true });
    expect(sent).toEqual({
      name: 'Aireandino Sensor Lab',
      description: 'Low-cost air sensors.',
      country: 'PE',
      categoryIds: ['climate_action', 'open_source', 'nonprofit'],
    });
    // Plan selection for the new organization.
    expect(
      await screen.findByRole('button', { name: paymentTexts.choosePlan('Monthly') }),
    ).toBeTruthy();
    expect(screen.getByText(created.name)).toBeTruthy();
    await waitFor(() =>
      expect(document.title).toBe(`${paymentTexts.selectPlanTitle} - Scaling Impact`),
    );
  });

  it('puts the server’s field messages at their fields and keeps what was typed', async () => {
    submitApi({
      'POST /api/organizations': () =>
        json(
          {
            error: {
              code: 'VALIDATION_FAILED',
              message: 'Invalid',
              fields: { categoryIds: organizationFormMessages.missingGroups(['Culture']) },
            },
          },
          400,
        ),
    });
    await openForm();
    const user = userEvent.setup();
    await fillValidForm(user);
    await user.click(screen.getByRole('button', { name: organizationEditorTexts.createButton }));
    expect(
      await screen.findByText(organizationFormMessages.missingGroups(['Culture'])),
    ).toBeTruthy();
    expect(field(organizationEditorTexts.nameLabel).value).toBe('Aireandino Sensor Lab');
  });

  it("says 'Failed to create organization' when the server fails otherwise", async () => {
    submitApi({
      'POST /api/organizations': () => apiError(403, 'EMAIL_NOT_VERIFIED', 'Verify first'),
    });
    await openForm();
    const user = userEvent.setup();
    await fillValidForm(user);
    await user.click(screen.getByRole('button', { name: organizationEditorTexts.createButton }));
    expect((await screen.findByRole('alert')).textContent).toContain(
      organizationEditorTexts.createFailed,
    );
  });

  it('shows the character counter of the description', async () => {
    submitApi();
    await openForm();
    await userEvent.setup().type(field(organizationEditorTexts.descriptionLabel), 'Hello');
    expect(screen.getByText(organizationEditorTexts.charactersRemaining(995))).toBeTruthy();
  });
});

describe('/payments/select/:orgId without the newly-created flag', () => {
  it('goes to the dashboard', async () => {
    submitApi({ 'GET /api/users/organizations': () => json({ data: [] }) });
    const { router } = renderApp(`/payments/select/${created.id}`);
    await waitFor(() => expect(router.state.location.pathname).toBe('/dashboard'));
  });
});
