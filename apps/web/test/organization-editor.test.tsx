import { describe, expect, it, onTestFinished, vi } from 'vitest';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import {
  CATEGORY_DESCRIPTION_MAX,
  categoryGroupIds,
  detailTexts,
  organizationEditorTexts,
  organizationFormMessages,
  paymentTexts,
  type Category,
  type Organization,
} from '@si/contracts';
import { apiError, json, makeUser, renderApp, stubApi } from './auth-fixtures';
import { advanceClock, settleNow, useFakeClock } from './fake-clock';
import {
  categories,
  categoryGroups,
  countries,
  makeOrganization,
  makeSubscription,
} from './fixtures';
import { REORDER_HIGHLIGHT_MS } from '../src/features/organization-editor/hooks/use-reorder-highlight';
import { withHttps } from '../src/features/organization-editor/components/form-rules';
import { counterState } from '../src/components/ui/counted-text-area';
import { REDIRECT_AFTER_SAVE_MS } from '../src/features/organization-editor/components/organization-editor';

const orgId = '2d732f74-eeed-4db2-b3e6-4a5bcab67d9e';
const editPath = `/organizations/${orgId}/edit`;

/** Enough categories to reach the limit of 7: three more groups' worth. */
const manyCategories: Category[] = [
  ...categories,
  ...['agile', 'remote', 'lean', 'design_thinking', 'open_data'].map((id, index) => ({
    id,
    name: `Method ${index + 1}`,
    description: `Method ${index + 1}.`,
    emoji: '🛠️',
    groupId: 'work_methods' as const,
    sortOrder: index + 1,
  })),
];

function owned(overrides: Partial<Organization> = {}) {
  return makeOrganization({
    categoryIds: ['climate_action', 'open_source', 'nonprofit'],
    categoriesOrder: { open_source: 0, climate_action: 1, nonprofit: 2 },
    categoriesDetails: { climate_action: 'We cut emissions.' },
    version: 4,
    ...overrides,
  });
}

function editorApi(
  organization: Organization | (() => Organization),
  extra: Parameters<typeof stubApi>[0] = {},
  categoryList: Category[] = categories,
) {
  const user = makeUser();
  return stubApi({
    'GET /api/auth/session': () => json({ data: user }),
    'GET /api/users/profile': () => json({ data: user }),
    [`GET /api/organizations/${orgId}`]: () =>
      json({ data: typeof organization === 'function' ? organization() : organization }),
    'GET /api/categories': () => json({ data: categoryList }),
    'GET /api/category-groups': () => json({ data: categoryGroups }),
    'GET /api/countries': () => json({ data: countries }),
    // A live subscription: the payment gate opens the editor (test/payment-gate.test.tsx).
    [`GET /api/payments/subscription/${orgId}`]: () => json({ data: makeSubscription() }),
    // The user's organizations: an owner's role in this one when they created it (ADR 047).
    'GET /api/users/organizations': () => {
      const current = typeof organization === 'function' ? organization() : organization;
      return json({
        data: current.createdBy === user.id ? [{ ...current, myRole: 'owner' }] : [],
      });
    },
    ...extra,
  });
}

async function openEditor(path = editPath) {
  const view = renderApp(path);
  await screen.findByRole('button', { name: organizationEditorTexts.saveChanges });
  return view;
}

describe('the organization editor', () => {
  it('loads the organization into its fields, with the heading for an existing organization', async () => {
    editorApi(owned({ websiteUrl: 'https://example.org', foundedYear: 2021 }));
    await openEditor();
    expect(
      screen.getByRole('heading', { level: 1, name: organizationEditorTexts.editHeading }),
    ).toBeTruthy();
    expect(screen.queryByText(organizationEditorTexts.createdBanner)).toBeNull();
    expect(
      (screen.getByLabelText(organizationEditorTexts.nameLabel) as HTMLInputElement).value,
    ).toBe('Aireandino Sensor Lab');
    expect(
      (screen.getByLabelText(organizationEditorTexts.websiteLabel) as HTMLInputElement).value,
    ).toBe('https://example.org');
    expect(
      (screen.getByLabelText(organizationEditorTexts.foundedYearLabel) as HTMLInputElement).value,
    ).toBe('2021');
    // The chosen categories in the profile's order.
    const chosen = within(screen.getByTestId('chosen-categories')).getAllByTestId(
      'chosen-category',
    );
    expect(chosen.map((item) => item.textContent)).toEqual([
      expect.stringContaining('Open Source'),
      expect.stringContaining('Climate Action'),
      expect.stringContaining('Nonprofit'),
    ]);
    expect(
      (
        screen.getByLabelText(
          organizationEditorTexts.categoryDescriptionLabel('Climate Action'),
        ) as HTMLTextAreaElement
      ).value,
    ).toBe('We cut emissions.');
  });

  // ADR 019: Upload stores an image at once, whatever Save or Cancel do after.
  it('says at the images that they are stored at once', async () => {
    editorApi(owned());
    await openEditor();
    const images = screen.getByRole('region', { name: organizationEditorTexts.imagesHeading });
    expect(within(images).getByText(organizationEditorTexts.imagesSavedAtOnce)).toBeTruthy();
  });

  it('greets a newly created organization with the banner and its own heading', async () => {
    editorApi(owned());
    await openEditor(`${editPath}?new=1`);
    expect(screen.getByText(organizationEditorTexts.createdBanner)).toBeTruthy();
    expect(
      screen.getByRole('heading', { level: 1, name: organizationEditorTexts.completeHeading }),
    ).toBeTruthy();
  });

  it('shows a skeleton while loading, then the destructive alert when the organization cannot be loaded', async () => {
    let answer!: () => void;
    const answered = new Promise<void>((resolve) => (answer = resolve));
    onTestFinished(() => answer());
    editorApi(owned(), {
      [`GET /api/organizations/${orgId}`]: () =>
        answered.then(() => apiError(403, 'FORBIDDEN', 'Not yours')),
    });
    renderApp(editPath);
    expect(
      await screen.findByRole('status', { name: organizationEditorTexts.loadingEditor }),
    ).toBeTruthy();
    answer();
    const alert = await screen.findByTestId('editor-load-error');
    expect(alert.getAttribute('role')).toBe('alert');
    expect(alert.textContent).toContain(organizationEditorTexts.loadFailed);
  });

  it('sends someone who is not the owner to /organizations, which goes home with the message', async () => {
    editorApi(owned({ createdBy: 'someone-else' }), {
      'GET /api/organizations': () =>
        json({ data: [], meta: { total: 0, nextCursor: null, facets: {} } }),
    });
    const { router } = renderApp(editPath);
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
    expect(await screen.findByText(organizationFormMessages.notOwner)).toBeTruthy();
  });

  it("says 'Organization Not Found' for an organization it cannot see", async () => {
    editorApi(owned(), {
      [`GET /api/organizations/${orgId}`]: () => apiError(404, 'NOT_FOUND', 'not found'),
    });
    renderApp(editPath);
    expect(await screen.findByText(detailTexts.notFoundBody(orgId))).toBeTruthy();
  });

  it('saves with the version it loaded, the order and the details, then opens the profile 1.5 s later, not sooner', async () => {
    let sent: Record<string, unknown> | undefined;
    const fetchMock = editorApi(owned(), {
      [`PUT /api/organizations/${orgId}`]: ({ body }) => {
        sent = body as Record<string, unknown>;
        return json({ data: owned({ ...(body as Partial<Organization>), version: 5 }) });
      },
    });
    const { router } = await openEditor();
    const user = userEvent.setup();
    const name = screen.getByLabelText(organizationEditorTexts.nameLabel);
    await user.clear(name);
    await user.type(name, '  Aireandino Labs  ');
    await user.type(screen.getByLabelText(organizationEditorTexts.locationLabel), ' Norte');
    const year = screen.getByLabelText(organizationEditorTexts.foundedYearLabel);
    await user.clear(year);
    await user.type(year, '1999');
    useFakeClock();
    fireEvent.click(screen.getByRole('button', { name: organizationEditorTexts.saveChanges }));

    // The save answers with the clock standing still: the redirect's delay starts now.
    await settleNow(() => expect(screen.getByText(organizationEditorTexts.updated)).toBeTruthy());
    expect(sent).toMatchObject({
      version: 4,
      name: 'Aireandino Labs',
      location: 'Arequipa Norte',
      foundedYear: 1999,
      country: 'PE',
      websiteUrl: null,
      categoryIds: ['open_source', 'climate_action', 'nonprofit'],
      categoriesOrder: { open_source: 0, climate_action: 1, nonprofit: 2 },
      categoriesDetails: { climate_action: 'We cut emissions.' },
    });
    expect(
      screen.getByRole('button', { name: organizationEditorTexts.saveChanges }),
    ).toHaveProperty('disabled', true);
    const leaving = () => router.state.navigation.location?.pathname;
    await advanceClock(REDIRECT_AFTER_SAVE_MS - 1);
    expect(router.state.location.pathname).toBe(editPath);
    expect(leaving()).toBeUndefined();
    await advanceClock(1);
    expect(leaving() ?? router.state.location.pathname).toBe(`/organizations/${orgId}`);
    vi.useRealTimers();
    await waitFor(() => expect(router.state.location.pathname).toBe(`/organizations/${orgId}`));
    expect(router.state.location.state).toEqual({ message: organizationEditorTexts.updated });
    expect(fetchMock.mock.calls.some(([, init]) => init?.method === 'PUT')).toBe(true);
  });

  it("shows 'Saving...' on a disabled button while the save is under way", async () => {
    let answer!: () => void;
    const answered = new Promise<void>((resolve) => (answer = resolve));
    editorApi(owned(), {
      [`PUT /api/organizations/${orgId}`]: () =>
        answered.then(() => json({ data: owned({ version: 5 }) })),
    });
    await openEditor();
    await userEvent
      .setup()
      .click(screen.getByRole('button', { name: organizationEditorTexts.saveChanges }));
    const busy = await screen.findByRole('button', { name: organizationEditorTexts.saving });
    expect(busy).toHaveProperty('disabled', true);
    answer();
    expect(await screen.findByText(organizationEditorTexts.updated)).toBeTruthy();
  });

  it('answers a stale save with the message and a Reload that starts over from the stored organization', async () => {
    let stored = owned();
    editorApi(() => stored, {
      [`PUT /api/organizations/${orgId}`]: () => {
        stored = owned({ name: 'Renamed Elsewhere', version: 5 });
        return json(
          {
            error: { code: 'STALE_VERSION', message: organizationFormMessages.staleVersion },
          },
          409,
        );
      },
    });
    const { router } = await openEditor();
    const user = userEvent.setup();
    await user.type(screen.getByLabelText(organizationEditorTexts.nameLabel), ' Mine');
    await user.click(screen.getByRole('button', { name: organizationEditorTexts.saveChanges }));
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain(organizationFormMessages.staleVersion);
    expect(router.state.location.pathname).toBe(editPath);

    await user.click(within(alert).getByRole('button', { name: organizationEditorTexts.reload }));
    await waitFor(() =>
      expect(
        (screen.getByLabelText(organizationEditorTexts.nameLabel) as HTMLInputElement).value,
      ).toBe('Renamed Elsewhere'),
    );
    expect(screen.queryByText(organizationFormMessages.staleVersion)).toBeNull();
  });

  it('keeps the unsaved edits through a reconnect and a refetch: the form is never swapped or reset', async () => {
    let stored = owned();
    let reads = 0;
    // Reads after the owner's edit wait for the test to answer them.
    let answered: Promise<void> | null = null;
    let sent: Record<string, unknown> | undefined;
    editorApi(owned(), {
      [`GET /api/organizations/${orgId}`]: () => {
        reads += 1;
        const answer = () => json({ data: stored });
        return answered ? answered.then(answer) : answer();
      },
      [`PUT /api/organizations/${orgId}`]: ({ body }) => {
        sent = body as Record<string, unknown>;
        return json({ data: owned({ version: 6 }) });
      },
    });
    const { queryClient } = await openEditor();
    const user = userEvent.setup();
    const name = () => screen.getByLabelText(organizationEditorTexts.nameLabel) as HTMLInputElement;
    const field = name();
    await user.type(field, ' Mine');
    const readsWhenEdited = reads;
    let answer!: () => void;
    answered = new Promise<void>((resolve) => (answer = resolve));
    onTestFinished(() => answer());
    stored = owned({ name: 'Renamed Elsewhere', version: 5 });
    const formUntouched = () => {
      expect(
        screen.queryByRole('status', { name: organizationEditorTexts.loadingEditor }),
      ).toBeNull();
      expect(name()).toBe(field);
      expect(field.value).toBe('Aireandino Sensor Lab Mine');
    };
    // Lets the queries tell the page what they are doing (they notify on a zero timeout).
    const notified = () => act(() => new Promise((resolve) => setTimeout(resolve, 0)));

    // Back online: the editor does not read its organization again behind the owner's back.
    act(() => {
      window.dispatchEvent(new Event('offline'));
      window.dispatchEvent(new Event('online'));
    });
    await notified();
    expect(reads).toBe(readsWhenEdited);
    formUntouched();

    // A refetch all the same (another part of the app asking): the form stays, while it is
    // under way and once it has answered.
    let refetched!: Promise<void>;
    act(() => {
      refetched = queryClient.refetchQueries({ queryKey: ['organizations', 'detail', orgId] });
    });
    await notified();
    expect(reads).toBe(readsWhenEdited + 1);
    formUntouched();
    answer();
    await act(() => refetched);
    await notified();
    formUntouched();

    // The save is still made on the version the form was filled from.
    await user.click(screen.getByRole('button', { name: organizationEditorTexts.saveChanges }));
    expect(await screen.findByText(organizationEditorTexts.updated)).toBeTruthy();
    expect(sent).toMatchObject({ version: 4, name: 'Aireandino Sensor Lab Mine' });
  });

  it('refuses to save without the required fields, saying so at each field and above the buttons', async () => {
    const fetchMock = editorApi(owned());
    await openEditor();
    const user = userEvent.setup();
    const name = screen.getByLabelText(organizationEditorTexts.nameLabel);
    await user.clear(name);
    await user.type(name, '   ');
    await user.click(screen.getByRole('button', { name: organizationEditorTexts.saveChanges }));
    expect(await screen.findByText(organizationFormMessages.requiredFields)).toBeTruthy();
    expect(screen.getByText(organizationFormMessages.nameRequired)).toBeTruthy();
    expect(name.getAttribute('aria-invalid')).toBe('true');
    expect(document.getElementById(name.getAttribute('aria-describedby')!)?.textContent).toBe(
      organizationFormMessages.nameRequired,
    );
    expect(document.activeElement).toBe(name);
    expect(fetchMock.mock.calls.some(([, init]) => init?.method === 'PUT')).toBe(false);
  });

  it('puts the server’s field messages at their fields', async () => {
    editorApi(owned(), {
      [`PUT /api/organizations/${orgId}`]: () =>
        json(
          {
            error: {
              code: 'VALIDATION_FAILED',
              message: 'Invalid',
              fields: { websiteUrl: 'Please enter a valid URL (e.g., https://example.org)' },
            },
          },
          400,
        ),
    });
    await openEditor();
    await userEvent
      .setup()
      .click(screen.getByRole('button', { name: organizationEditorTexts.saveChanges }));
    const website = screen.getByLabelText(organizationEditorTexts.websiteLabel);
    await waitFor(() => expect(website.getAttribute('aria-invalid')).toBe('true'));
    const message = 'Please enter a valid URL (e.g., https://example.org)';
    expect(document.getElementById(website.getAttribute('aria-describedby')!)?.textContent).toBe(
      message,
    );
    // And above the buttons, where Save was pressed.
    expect(screen.getByTestId('editor-invalid').textContent).toBe(message);
  });

  it("says 'Failed to update organization' when the save fails otherwise", async () => {
    editorApi(owned(), {
      [`PUT /api/organizations/${orgId}`]: () => apiError(500, 'INTERNAL_ERROR', 'boom'),
    });
    await openEditor();
    await userEvent
      .setup()
      .click(screen.getByRole('button', { name: organizationEditorTexts.saveChanges }));
    expect(await screen.findByText(organizationEditorTexts.updateFailed)).toBeTruthy();
  });

  it('goes back to the profile on Cancel', async () => {
    editorApi(owned(), {});
    await openEditor();
    const cancel = screen.getByRole('link', { name: organizationEditorTexts.cancel });
    expect(cancel.getAttribute('href')).toBe(`/organizations/${orgId}`);
  });
});

describe('URL fields', () => {
  it("put 'https://' in front of an address without a scheme when the field is left", async () => {
    editorApi(owned());
    await openEditor();
    const user = userEvent.setup();
    const website = screen.getByLabelText(organizationEditorTexts.websiteLabel) as HTMLInputElement;
    await user.type(website, 'example.org/about');
    await user.tab();
    expect(website.value).toBe('https://example.org/about');
    expect(website.getAttribute('aria-invalid')).toBeNull();
  });

  it("refuse what is not a web address with the schema's message and example", async () => {
    editorApi(owned());
    await openEditor();
    const user = userEvent.setup();
    const linkedin = screen.getByLabelText(
      organizationEditorTexts.linkedinLabel,
    ) as HTMLInputElement;
    await user.type(linkedin, 'mailto:team@example.org');
    await user.tab();
    expect(linkedin.value).toBe('mailto:team@example.org');
    const message = 'Please enter a valid URL (e.g., https://www.linkedin.com/company/example)';
    expect(await screen.findByText(message)).toBeTruthy();
    expect(linkedin.getAttribute('aria-invalid')).toBe('true');
  });

  // ADR 019: after a Save the form checks on typing only; the completed value decides.
  it('drop the error once a refused address is corrected and completed, also after a Save', async () => {
    editorApi(owned());
    await openEditor();
    const user = userEvent.setup();
    const website = screen.getByLabelText(organizationEditorTexts.websiteLabel) as HTMLInputElement;
    const message = 'Please enter a valid URL (e.g., https://example.org)';
    await user.type(website, 'javascript:alert(1)');
    await user.tab();
    expect(await screen.findByText(message)).toBeTruthy();
    await user.click(screen.getByRole('button', { name: organizationEditorTexts.saveChanges }));
    expect((await screen.findByTestId('editor-invalid')).textContent).toContain(message);

    await user.clear(website);
    await user.type(website, 'example.org');
    await user.tab();
    expect(website.value).toBe('https://example.org');
    await waitFor(() => expect(website.getAttribute('aria-invalid')).toBeNull());
    expect(screen.queryByText(message)).toBeNull();
    expect(screen.queryByTestId('editor-invalid')).toBeNull();
  });

  it('leave empty fields empty and addresses with a scheme or a port as they are meant', () => {
    expect(withHttps('')).toBe('');
    expect(withHttps('  ')).toBe('');
    expect(withHttps('http://example.org')).toBe('http://example.org');
    expect(withHttps('example.org:8080/x')).toBe('https://example.org:8080/x');
    expect(withHttps('//example.org')).toBe('https://example.org');
    expect(withHttps('javascript:alert(1)')).toBe('javascript:alert(1)');
  });
});

describe('description counters', () => {
  it('count down, warn under 10% remaining and turn to an error at 0', () => {
    expect(counterState(0, 1000)).toBe('ok');
    expect(counterState(900, 1000)).toBe('ok');
    expect(counterState(901, 1000)).toBe('warning');
    expect(counterState(999, 1000)).toBe('warning');
    expect(counterState(1000, 1000)).toBe('error');
  });

  it('show the characters remaining of the description and of each category description', async () => {
    editorApi(owned({ description: 'x'.repeat(950) }));
    await openEditor();
    const description = screen.getByLabelText(organizationEditorTexts.descriptionLabel);
    const counterOf = (field: HTMLElement) =>
      document.getElementById(
        field
          .getAttribute('aria-describedby')!
          .split(' ')
          .find((id) => id.endsWith('counter'))!,
      )!;
    expect(counterOf(description).textContent).toBe(
      organizationEditorTexts.charactersRemaining(50),
    );
    expect(counterOf(description).dataset.state).toBe('warning');
    expect(description.getAttribute('maxlength')).toBe('1000');

    fireEvent.input(description, { target: { value: 'x'.repeat(999) } });
    await waitFor(() => expect(counterOf(description).textContent).toBe('1 character remaining'));
    fireEvent.input(description, { target: { value: 'x'.repeat(1000) } });
    await waitFor(() => expect(counterOf(description).dataset.state).toBe('error'));
    expect(counterOf(description).textContent).toBe(organizationEditorTexts.charactersRemaining(0));

    const climate = screen.getByLabelText(
      organizationEditorTexts.categoryDescriptionLabel('Climate Action'),
    );
    expect(climate.getAttribute('maxlength')).toBe(String(CATEGORY_DESCRIPTION_MAX));
    expect(counterOf(climate).textContent).toBe(organizationEditorTexts.charactersRemaining(1983));
  });
});

describe('categories in the editor', () => {
  it('names the groups still missing, from the contracts’ rule', async () => {
    editorApi(owned());
    await openEditor();
    await userEvent.setup().click(screen.getByRole('checkbox', { name: /Open Source/ }));
    expect(
      await screen.findByText(organizationFormMessages.missingGroups(['Work Methods'])),
    ).toBeTruthy();
  });

  it('says the rule as it is with seven groups, one from each, and counts each group', async () => {
    const sevenGroups = categoryGroupIds.map((id, sortOrder) => ({
      id,
      name: `Group ${sortOrder + 1}`,
      emoji: '•',
      sortOrder,
    }));
    const oneEach: Category[] = categoryGroupIds.flatMap((groupId, index) =>
      ['a', 'b'].map((letter, sortOrder) => ({
        id: `${groupId}_${letter}`,
        name: `Choice ${index + 1}${letter}`,
        description: 'A choice.',
        emoji: '•',
        groupId,
        sortOrder,
      })),
    );
    editorApi(
      owned({ categoryIds: ['impact_areas_a'], categoriesOrder: {}, categoriesDetails: {} }),
      { 'GET /api/category-groups': () => json({ data: sevenGroups }) },
      oneEach,
    );
    await openEditor();
    expect(
      screen.getByText(organizationEditorTexts.categoriesHint(7), { exact: false }).textContent,
    ).toContain('Choose one category from each of the seven groups.');
    const counts = () => screen.getAllByTestId('group-chosen').map((node) => node.textContent);
    expect(counts()).toEqual(['1 of 1 chosen', ...Array(6).fill('None chosen yet')]);
    // The group names its own count to assistive technology.
    expect(screen.getByRole('group', { name: 'Group 1' }).getAttribute('aria-describedby')).toBe(
      screen.getAllByTestId('group-chosen')[0]!.id,
    );
    const user = userEvent.setup();
    await user.click(screen.getByRole('checkbox', { name: /Choice 1b/ }));
    expect(counts()[0]).toBe('2 chosen: keep one');
    await user.click(screen.getByRole('checkbox', { name: /Choice 1a/ }));
    await user.click(screen.getByRole('checkbox', { name: /Choice 2a/ }));
    expect(counts().slice(0, 3)).toEqual(['1 of 1 chosen', '1 of 1 chosen', 'None chosen yet']);
  });

  it('warns at 7 and disables the further choices', async () => {
    editorApi(owned(), {}, manyCategories);
    await openEditor();
    const user = userEvent.setup();
    for (const name of ['Education & Learning', 'Method 1', 'Method 2', 'Method 3']) {
      await user.click(screen.getByRole('checkbox', { name: new RegExp(name) }));
    }
    expect(await screen.findByText(organizationEditorTexts.categoryLimitWarning)).toBeTruthy();
    expect(screen.getByRole('checkbox', { name: /Method 4/ })).toHaveProperty('disabled', true);
    expect(screen.getByRole('checkbox', { name: /Method 1/ })).toHaveProperty('disabled', false);
    // Letting one go enables the others again.
    await user.click(screen.getByRole('checkbox', { name: /Method 1/ }));
    expect(screen.getByRole('checkbox', { name: /Method 4/ })).toHaveProperty('disabled', false);
    expect(screen.queryByText(organizationEditorTexts.categoryLimitWarning)).toBeNull();
  });

  it('says above the buttons which groups are missing, not that required fields are', async () => {
    const fetchMock = editorApi(owned());
    await openEditor();
    const user = userEvent.setup();
    await user.click(screen.getByRole('checkbox', { name: /Open Source/ }));
    await user.click(screen.getByRole('button', { name: organizationEditorTexts.saveChanges }));
    const bar = await screen.findByTestId('editor-invalid');
    expect(bar.textContent).toBe(organizationFormMessages.missingGroups(['Work Methods']));
    expect(screen.queryByText(organizationFormMessages.requiredFields)).toBeNull();
    expect(fetchMock.mock.calls.some(([, init]) => init?.method === 'PUT')).toBe(false);
    // Choosing one from the group lets it go.
    await user.click(screen.getByRole('checkbox', { name: /Open Source/ }));
    await waitFor(() => expect(screen.queryByTestId('editor-invalid')).toBeNull());
  });

  it('says above the buttons that there are too many categories', async () => {
    const tooMany = ['agile', 'remote', 'lean', 'design_thinking', 'open_data'];
    editorApi(
      owned({
        categoryIds: ['climate_action', 'education', 'open_source', 'nonprofit', ...tooMany],
        categoriesOrder: {},
      }),
      {},
      manyCategories,
    );
    await openEditor();
    await userEvent
      .setup()
      .click(screen.getByRole('button', { name: organizationEditorTexts.saveChanges }));
    const bar = await screen.findByTestId('editor-invalid');
    expect(bar.textContent).toBe(organizationFormMessages.tooManyCategories);
    expect(screen.queryByText(organizationFormMessages.requiredFields)).toBeNull();
  });

  it("keeps 'Please fill out all required fields' for no category at all", async () => {
    editorApi(owned());
    await openEditor();
    const user = userEvent.setup();
    for (const name of [/Open Source/, /Climate Action/, /Nonprofit/]) {
      await user.click(screen.getByRole('checkbox', { name }));
    }
    await user.click(screen.getByRole('button', { name: organizationEditorTexts.saveChanges }));
    const bar = await screen.findByTestId('editor-invalid');
    expect(bar.textContent).toBe(organizationFormMessages.requiredFields);
  });

  it('drops the words of an unticked category: they neither block Save nor are sent', async () => {
    let sent: Record<string, unknown> | undefined;
    editorApi(owned(), {
      [`PUT /api/organizations/${orgId}`]: ({ body }) => {
        sent = body as Record<string, unknown>;
        return json({ data: owned({ version: 5 }) });
      },
    });
    await openEditor();
    const user = userEvent.setup();
    const education = () =>
      screen.getByLabelText(
        organizationEditorTexts.categoryDescriptionLabel('Education & Learning'),
      ) as HTMLTextAreaElement;
    await user.click(screen.getByRole('checkbox', { name: /Education/ }));
    fireEvent.input(education(), { target: { value: 'x'.repeat(CATEGORY_DESCRIPTION_MAX + 1) } });
    await user.click(screen.getByRole('checkbox', { name: /Education/ }));
    // Ticked again, it starts empty; unticked, it is gone from the save.
    await user.click(screen.getByRole('checkbox', { name: /Education/ }));
    expect(education().value).toBe('');
    fireEvent.input(education(), { target: { value: 'y'.repeat(CATEGORY_DESCRIPTION_MAX + 1) } });
    await user.click(screen.getByRole('checkbox', { name: /Education/ }));

    await user.click(screen.getByRole('button', { name: organizationEditorTexts.saveChanges }));
    expect(await screen.findByText(organizationEditorTexts.updated)).toBeTruthy();
    expect(sent?.categoryIds).toEqual(['open_source', 'climate_action', 'nonprofit']);
    expect(sent?.categoriesDetails).toMatchObject({ climate_action: 'We cut emissions.' });
    expect(sent?.categoriesDetails).not.toHaveProperty('education');
  });

  it('says why Save is refused when a chosen category’s words are too long', async () => {
    const fetchMock = editorApi(owned());
    await openEditor();
    const climate = screen.getByLabelText(
      organizationEditorTexts.categoryDescriptionLabel('Climate Action'),
    );
    fireEvent.input(climate, { target: { value: 'x'.repeat(CATEGORY_DESCRIPTION_MAX + 1) } });
    await userEvent
      .setup()
      .click(screen.getByRole('button', { name: organizationEditorTexts.saveChanges }));
    const bar = await screen.findByTestId('editor-invalid');
    expect(bar.textContent).toBe(organizationFormMessages.categoryDescriptionTooLong);
    expect(climate.getAttribute('aria-invalid')).toBe('true');
    expect(fetchMock.mock.calls.some(([, init]) => init?.method === 'PUT')).toBe(false);
  });

  it('adds a new choice at the end of the order, with no image until it is saved', async () => {
    editorApi(owned());
    await openEditor();
    await userEvent.setup().click(screen.getByRole('checkbox', { name: /Education/ }));
    const chosen = screen.getAllByTestId('chosen-category');
    expect(chosen.at(-1)?.textContent).toContain('Education & Learning');
    expect(
      within(chosen.at(-1)!).getByText(organizationEditorTexts.categoryImageAfterSave),
    ).toBeTruthy();
  });

  it('reorders with the keyboard: the moved item keeps the focus, is announced and highlighted for 0.8 s', async () => {
    let sent: Record<string, unknown> | undefined;
    editorApi(owned(), {
      [`PUT /api/organizations/${orgId}`]: ({ body }) => {
        sent = body as Record<string, unknown>;
        return json({ data: owned({ version: 5 }) });
      },
    });
    await openEditor();
    useFakeClock();
    let user = userEvent.setup({ advanceTimers: (ms) => vi.advanceTimersByTime(ms) });
    const down = screen.getByRole('button', {
      name: organizationEditorTexts.moveDown('Open Source'),
    });
    down.focus();
    await user.keyboard('{Enter}');

    const names = () =>
      screen.getAllByTestId('chosen-category').map((item) => item.textContent ?? '');
    expect(names()[0]).toContain('Climate Action');
    expect(names()[1]).toContain('Open Source');
    expect(document.activeElement).toBe(
      screen.getByRole('button', { name: organizationEditorTexts.moveDown('Open Source') }),
    );
    expect(screen.getByText(organizationEditorTexts.movedTo('Open Source', 2, 3))).toBeTruthy();
    const moved = () => screen.getAllByTestId('chosen-category')[1]!;
    expect(moved().dataset.highlighted).toBe('true');
    // Highlighted until just before 0.8 s, and no longer at 0.8 s.
    act(() => vi.advanceTimersByTime(REORDER_HIGHLIGHT_MS - 1));
    expect(moved().dataset.highlighted).toBe('true');
    act(() => vi.advanceTimersByTime(1));
    expect(moved().dataset.highlighted).toBeUndefined();
    expect(moved().textContent).toContain('Open Source');
    vi.useRealTimers();
    user = userEvent.setup();

    // At the bottom its Down button is disabled: the focus moves to its Up button.
    await user.keyboard('{Enter}');
    expect(names()[2]).toContain('Open Source');
    expect(document.activeElement).toBe(
      screen.getByRole('button', { name: organizationEditorTexts.moveUp('Open Source') }),
    );
    expect(
      screen.getByRole('button', { name: organizationEditorTexts.moveDown('Open Source') }),
    ).toHaveProperty('disabled', true);

    await user.click(screen.getByRole('button', { name: organizationEditorTexts.saveChanges }));
    await screen.findByText(organizationEditorTexts.updated);
    expect(sent?.categoriesOrder).toEqual({ climate_action: 0, nonprofit: 1, open_source: 2 });
    expect(sent?.categoryIds).toEqual(['climate_action', 'nonprofit', 'open_source']);
  });

  it('reorders by dragging a handle onto another item', async () => {
    editorApi(owned());
    await openEditor();
    const items = screen.getAllByTestId('chosen-category');
    const handle = within(items[2]!).getByTestId('drag-handle');
    const dataTransfer = {
      data: {} as Record<string, string>,
      setData(type: string, value: string) {
        this.data[type] = value;
      },
      getData(type: string) {
        return this.data[type] ?? '';
      },
      setDragImage() {},
      effectAllowed: '',
      dropEffect: '',
    };
    fireEvent.dragStart(handle, { dataTransfer });
    fireEvent.dragOver(items[0]!, { dataTransfer });
    fireEvent.drop(items[0]!, { dataTransfer });
    await waitFor(() =>
      expect(screen.getAllByTestId('chosen-category')[0]?.textContent).toContain('Nonprofit'),
    );
  });

  describe('for an editor, who may not read the subscription (ADR 047)', () => {
    const editorsOwn = (paymentStatus: Organization['paymentStatus']) => {
      const organization = owned({ createdBy: 'someone-else', paymentStatus });
      return editorApi(organization, {
        [`GET /api/payments/subscription/${orgId}`]: () =>
          apiError(403, 'FORBIDDEN', 'Only an owner of this organization can do that.'),
        'GET /api/users/organizations': () =>
          json({ data: [{ ...organization, myRole: 'editor' }] }),
      });
    };

    it('opens the editor of a paid organization from its payment state', async () => {
      editorsOwn('paid');
      await openEditor();
      expect(screen.queryByText(paymentTexts.paymentRequiredTitle)).toBeNull();
    });

    it('asks for payment for an unpaid one', async () => {
      editorsOwn('pending');
      renderApp(editPath);
      expect(await screen.findByText(paymentTexts.paymentRequiredTitle)).toBeTruthy();
    });
  });
});
