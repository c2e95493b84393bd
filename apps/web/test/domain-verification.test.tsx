import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import {
  domainVerificationTexts as texts,
  organizationEditorTexts,
  type Organization,
} from '@si/contracts';
import { apiError, callsOf, json, makeUser, renderApp, stubApi } from './auth-fixtures';
import {
  categories,
  categoryGroups,
  countries,
  makeOrganization,
  makeSubscription,
} from './fixtures';

const orgId = '2d732f74-eeed-4db2-b3e6-4a5bcab67d9e';
const codePath = `POST /api/organizations/${orgId}/verification/code`;
const confirmPath = `POST /api/organizations/${orgId}/verification`;

function refusal(status: number, code: string, message: string, fields?: Record<string, string>) {
  return json({ error: { code, message, fields } }, status);
}

function editorApi(organization: Organization, extra: Parameters<typeof stubApi>[0] = {}) {
  const user = makeUser();
  return stubApi({
    'GET /api/auth/session': () => json({ data: user }),
    'GET /api/users/profile': () => json({ data: user }),
    [`GET /api/organizations/${orgId}`]: () => json({ data: organization }),
    'GET /api/categories': () => json({ data: categories }),
    'GET /api/category-groups': () => json({ data: categoryGroups }),
    'GET /api/countries': () => json({ data: countries }),
    [`GET /api/payments/subscription/${orgId}`]: () => json({ data: makeSubscription() }),
    // The signed-in user is its owner (ADR 047): the edit page opens by role.
    'GET /api/users/organizations': () => json({ data: [{ ...organization, myRole: 'owner' }] }),
    ...extra,
  });
}

async function openSection() {
  renderApp(`/organizations/${orgId}/edit`);
  return screen.findByRole('region', { name: texts.heading });
}

const withWebsite = (overrides: Partial<Organization> = {}) =>
  makeOrganization({ websiteUrl: 'https://www.green-futures.org/about', ...overrides });

describe("the editor's Verified badge section (ADR 032)", () => {
  it('asks for a saved website first', async () => {
    editorApi(makeOrganization({ websiteUrl: null }));
    const section = await openSection();
    expect(within(section).getByText(texts.noWebsite)).toBeTruthy();
    expect(within(section).queryByRole('button')).toBeNull();
  });

  it('asks to save first while the website field holds another domain', async () => {
    editorApi(withWebsite());
    const section = await openSection();
    expect(within(section).getByText(texts.intro('green-futures.org'))).toBeTruthy();
    const website = screen.getByLabelText(organizationEditorTexts.websiteLabel);
    await userEvent.clear(website);
    await userEvent.type(website, 'other-domain.org');
    expect(await within(section).findByText(texts.unsavedWebsite)).toBeTruthy();
    expect(within(section).queryByLabelText(texts.localPartLabel)).toBeNull();
    // Another page of the same domain is the same domain.
    await userEvent.clear(website);
    await userEvent.type(website, 'https://green-futures.org/');
    expect(await within(section).findByText(texts.intro('green-futures.org'))).toBeTruthy();
  });

  it('says the profile is verified, and since when', async () => {
    editorApi(
      withWebsite({
        verification: { domain: 'green-futures.org', verifiedAt: '2026-11-02T10:00:00.000Z' },
      }),
    );
    const section = await openSection();
    expect(
      within(section).getByText(texts.verifiedNow('green-futures.org', 'Nov 2, 2026')),
    ).toBeTruthy();
    expect(within(section).queryByRole('button')).toBeNull();
  });

  it('sends a code to the address on the domain, then verifies with it, without saving the profile', async () => {
    const sent: unknown[] = [];
    const fetchMock = editorApi(withWebsite(), {
      [codePath]: ({ body }) => {
        sent.push(body);
        return json({
          data: { email: 'hello@green-futures.org', expiresAt: '2026-11-02T10:30:00.000Z' },
        });
      },
      [confirmPath]: ({ body }) => {
        sent.push(body);
        return (body as { code: string }).code === '123456'
          ? json({ data: { domain: 'green-futures.org', verifiedAt: '2026-11-02T10:05:00.000Z' } })
          : refusal(400, 'VALIDATION_FAILED', 'Invalid request', { code: texts.wrongCode(4) });
      },
    });
    const section = await openSection();
    const user = userEvent.setup();
    expect(within(section).getByText('@green-futures.org')).toBeTruthy();
    const localPart = within(section).getByLabelText(texts.localPartLabel);
    expect(localPart.getAttribute('aria-describedby')).toContain(
      within(section).getByText('@green-futures.org').id,
    );
    // Enter sends the code: the section's own form, not the editor's.
    await user.type(localPart, ' hello {Enter}');

    const code = await within(section).findByLabelText(texts.codeLabel);
    expect(within(section).getByText(texts.codeSent('hello@green-futures.org'))).toBeTruthy();
    expect(code.getAttribute('inputmode')).toBe('numeric');
    expect(code.getAttribute('autocomplete')).toBe('one-time-code');
    expect(code.getAttribute('maxlength')).toBe('6');
    await waitFor(() => expect(document.activeElement).toBe(code));
    expect(within(section).getByRole('button', { name: texts.sendNewCode })).toBeTruthy();

    await user.type(code, '12345{Enter}');
    expect(await within(section).findByText(texts.codeFormat)).toBeTruthy();
    await user.type(code, '9');
    await user.click(within(section).getByRole('button', { name: texts.verify }));
    const wrong = await within(section).findByText(texts.wrongCode(4));
    expect(code.getAttribute('aria-describedby')).toBe(wrong.id);
    expect(code.getAttribute('aria-invalid')).toBe('true');

    await user.clear(code);
    await user.type(code, '123456{Enter}');
    expect(
      await within(section).findByText(texts.verifiedNow('green-futures.org', 'Nov 2, 2026')),
    ).toBeTruthy();
    expect(sent).toEqual([{ localPart: 'hello' }, { code: '123459' }, { code: '123456' }]);
    expect(callsOf(fetchMock)).not.toContain(`PUT /api/organizations/${orgId}`);
  });

  it('checks what is typed before sending, and shows the refusal of a field at the field', async () => {
    let answer = () =>
      refusal(400, 'VALIDATION_FAILED', 'Invalid request', {
        localPart: texts.localPartInvalid,
      });
    const fetchMock = editorApi(withWebsite(), { [codePath]: () => answer() });
    const section = await openSection();
    const user = userEvent.setup();
    const localPart = within(section).getByLabelText(texts.localPartLabel);
    await user.type(localPart, 'hello@green-futures.org');
    await user.click(within(section).getByRole('button', { name: texts.sendCode }));
    expect(within(section).getByText(texts.localPartInvalid)).toBeTruthy();
    expect(localPart.getAttribute('aria-invalid')).toBe('true');
    expect(callsOf(fetchMock)).not.toContain(codePath);

    // Typed right, the message goes at once.
    await user.clear(localPart);
    await user.type(localPart, 'info');
    expect(within(section).queryByText(texts.localPartInvalid)).toBeNull();
    expect(within(section).getByText(texts.localPartHint)).toBeTruthy();

    // The server's own word on the field.
    await user.click(within(section).getByRole('button', { name: texts.sendCode }));
    expect(await within(section).findByText(texts.localPartInvalid)).toBeTruthy();

    // A refusal about the domain, not the field: an alert.
    answer = () => apiError(400, 'VALIDATION_FAILED', texts.freeMailDomain('gmail.com'));
    await user.click(within(section).getByRole('button', { name: texts.sendCode }));
    expect((await within(section).findByRole('alert')).textContent).toContain(
      texts.freeMailDomain('gmail.com'),
    );
    expect(within(section).getByText(texts.localPartHint)).toBeTruthy();

    answer = () => apiError(429, 'RATE_LIMITED', texts.tooManyCodes);
    await user.click(within(section).getByRole('button', { name: texts.sendCode }));
    expect(await within(section).findByText(texts.tooManyCodes)).toBeTruthy();
    expect(within(section).queryByLabelText(texts.codeLabel)).toBeNull();
  });

  it('shows the busy label while sending', async () => {
    let release!: () => void;
    const answered = new Promise<void>((resolve) => (release = resolve));
    editorApi(withWebsite(), {
      [codePath]: () =>
        answered.then(() =>
          json({
            data: { email: 'hello@green-futures.org', expiresAt: '2026-11-02T10:30:00.000Z' },
          }),
        ),
    });
    const section = await openSection();
    await userEvent.type(within(section).getByLabelText(texts.localPartLabel), 'hello');
    await userEvent.click(within(section).getByRole('button', { name: texts.sendCode }));
    const busy = await within(section).findByRole('button', { name: texts.sending });
    expect(busy).toHaveProperty('disabled', true);
    release();
    expect(await within(section).findByRole('button', { name: texts.sendNewCode })).toBeTruthy();
  });

  it('says at the code when it has expired, and a new code starts over', async () => {
    let codes = 0;
    editorApi(withWebsite(), {
      [codePath]: () => {
        codes += 1;
        return json({
          data: { email: 'hello@green-futures.org', expiresAt: '2026-11-02T10:30:00.000Z' },
        });
      },
      [confirmPath]: () => apiError(409, 'CONFLICT', texts.expired),
    });
    const section = await openSection();
    const user = userEvent.setup();
    await user.type(within(section).getByLabelText(texts.localPartLabel), 'hello{Enter}');
    const code = await within(section).findByLabelText(texts.codeLabel);
    await user.type(code, '123456{Enter}');
    expect(await within(section).findByText(texts.expired)).toBeTruthy();

    await user.click(within(section).getByRole('button', { name: texts.sendNewCode }));
    await waitFor(() => expect(codes).toBe(2));
    await waitFor(() => expect(within(section).queryByText(texts.expired)).toBeNull());
    expect((within(section).getByLabelText(texts.codeLabel) as HTMLInputElement).value).toBe('');
  });
});
