import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { embedTexts, insightsTexts, type InsightCounts, type Insights } from '@si/contracts';
import { apiError, json, makeUser, renderApp, stubApi } from './auth-fixtures';
import { makeMyOrganization } from './fixtures';

const id = '00000000-0000-4000-8000-0000000000aa';
const counts = (values: Partial<InsightCounts> = {}): InsightCounts => ({
  views: 0,
  impressions: 0,
  clicks: { website: 0, linkedin: 0, twitter: 0, blog: 0, donate: 0, volunteer: 0 },
  shares: 0,
  embeds: 0,
  ...values,
});

function insightsOf(days: number, totals: InsightCounts, previous = counts()): Insights {
  const daily = Array.from({ length: days }, (_, index) => ({
    day: new Date(Date.UTC(2026, 10, 26 - (days - 1) + index)).toISOString().slice(0, 10),
    ...counts(),
  }));
  daily[days - 1] = { ...daily[days - 1]!, ...totals };
  return {
    organizationId: id,
    days,
    from: daily[0]!.day,
    to: daily[days - 1]!.day,
    daily,
    totals,
    previous,
    bots: counts({ views: 4, shares: 2 }),
    monthlyEmail: true,
  };
}

function insightsApi(
  answer: (days: number) => Promise<Response>,
  puts: unknown[] = [],
  published = true,
) {
  const user = makeUser();
  return stubApi({
    'GET /api/auth/session': () => json({ data: user }),
    'GET /api/users/profile': () => json({ data: user }),
    'GET /api/users/organizations': () =>
      json({ data: [makeMyOrganization({ id, name: 'Counted "Org"', published })] }),
    [`GET /api/organizations/${id}/insights`]: ({ url }) =>
      answer(Number(url.searchParams.get('days'))),
    [`PUT /api/organizations/${id}/insights/monthly-email`]: ({ body }) => {
      puts.push(body);
      return json({ data: body });
    },
  });
}

describe('Insights', () => {
  it('shows the totals against the period before, the chart and the clicks by link', async () => {
    const totals = counts({
      views: 12,
      impressions: 300,
      clicks: { ...counts().clicks, website: 3, blog: 1 },
      shares: 2,
      embeds: 7,
    });
    insightsApi((days) =>
      json({ data: insightsOf(days, totals, counts({ views: 8, impressions: 300 })) }),
    );
    renderApp(`/dashboard/organizations/${id}/insights`);
    expect(
      await screen.findByRole('heading', { name: insightsTexts.title('Counted "Org"') }),
    ).toBeTruthy();
    const views = await screen.findByTestId('insights-total-views');
    expect(views.textContent).toContain('12');
    expect(views.textContent).toContain('+50% vs previous period');
    expect(screen.getByTestId('insights-total-impressions').textContent).toContain('No change');
    expect(screen.getByTestId('insights-total-clicks').textContent).toContain('4');
    expect(screen.getByTestId('insights-total-shares').textContent).toContain(
      insightsTexts.change(2, 0),
    );
    expect(screen.getByTestId('insights-total-embeds').textContent).toContain('7');
    expect(screen.getByTestId('insights-clicks-website').textContent).toBe('3');
    expect(screen.getByTestId('insights-clicks-blog').textContent).toBe('1');
    expect(
      screen.getByRole('img', { name: insightsTexts.chartLabel(insightsTexts.metrics.views, 30) }),
    ).toBeTruthy();
    expect(screen.getByText(insightsTexts.bots(4, 2))).toBeTruthy();
    const csv = screen.getByRole('link', { name: insightsTexts.downloadCsv });
    expect(csv.getAttribute('href')).toBe(`/api/organizations/${id}/insights.csv?days=30`);
  });

  it('switches the period and the metric charted', async () => {
    insightsApi((days) => json({ data: insightsOf(days, counts({ shares: 5 })) }));
    renderApp(`/dashboard/organizations/${id}/insights?days=7`);
    expect(
      await screen.findByRole('img', {
        name: insightsTexts.chartLabel(insightsTexts.metrics.views, 7),
      }),
    ).toBeTruthy();
    await userEvent.click(screen.getByTestId('insights-total-shares'));
    expect(
      screen.getByRole('img', { name: insightsTexts.chartLabel(insightsTexts.metrics.shares, 7) }),
    ).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: insightsTexts.lastDays(90) }));
    expect(
      await screen.findByRole('img', {
        name: insightsTexts.chartLabel(insightsTexts.metrics.shares, 90),
      }),
    ).toBeTruthy();
    expect(
      screen.getByRole('button', { name: insightsTexts.lastDays(90) }).getAttribute('aria-pressed'),
    ).toBe('true');
  });

  it('says when nothing was counted yet', async () => {
    insightsApi((days) => json({ data: insightsOf(days, counts()) }));
    renderApp(`/dashboard/organizations/${id}/insights`);
    expect(await screen.findByText(insightsTexts.empty)).toBeTruthy();
  });

  it("says there are no insights for someone else's organization", async () => {
    insightsApi(() => apiError(404, 'NOT_FOUND', 'Organization not found'));
    renderApp(`/dashboard/organizations/${id}/insights`);
    expect(await screen.findByText(insightsTexts.notFoundTitle)).toBeTruthy();
  });

  it('offers to try again when the insights fail to load', async () => {
    let failures = 1;
    insightsApi((days) =>
      failures-- > 0
        ? apiError(403, 'FORBIDDEN', 'No')
        : json({ data: insightsOf(days, counts({ views: 1 })) }),
    );
    renderApp(`/dashboard/organizations/${id}/insights`);
    const notice = await screen.findByText(insightsTexts.failed);
    await userEvent.click(within(notice.closest('[role]') ?? document.body).getByRole('button'));
    expect((await screen.findByTestId('insights-total-views')).textContent).toContain('1');
  });

  it('turns the monthly summary off', async () => {
    const puts: unknown[] = [];
    insightsApi((days) => json({ data: insightsOf(days, counts({ views: 1 })) }), puts);
    renderApp(`/dashboard/organizations/${id}/insights`);
    const box = await screen.findByRole('checkbox', {
      name: new RegExp(insightsTexts.monthlyEmail),
    });
    expect((box as HTMLInputElement).checked).toBe(true);
    await userEvent.click(box);
    await waitFor(() => expect((box as HTMLInputElement).checked).toBe(false));
    expect(puts).toEqual([{ on: false }]);
  });

  it('gives the badge and card snippets for this site, light or dark, and copies them', async () => {
    // user-event's clipboard stands in for the browser's: what the button writes is read back.
    const user = userEvent.setup();
    insightsApi((days) => json({ data: insightsOf(days, counts()) }));
    renderApp(`/dashboard/organizations/${id}/insights`);
    const section = await screen.findByRole('region', { name: embedTexts.heading });
    const badge = within(section).getByTestId('embed-badge-snippet') as HTMLTextAreaElement;
    const origin = window.location.origin;
    expect(badge.value).toBe(
      `<a href="${origin}/organizations/${id}" target="_blank" rel="noopener"><img src="${origin}/embed/organizations/${id}/badge.svg" alt="${embedTexts.badgeAlt}" height="28"></a>`,
    );
    const card = within(section).getByTestId('embed-card-snippet') as HTMLTextAreaElement;
    // The name is the owner's text: quoted inside the attribute.
    expect(card.value).toContain(`src="${origin}/embed/organizations/${id}"`);
    expect(card.value).toContain('title="Counted &quot;Org&quot; on Scaling Impact"');
    expect(within(section).queryByText(embedTexts.notPublished)).toBeNull();

    await user.click(within(section).getByRole('button', { name: embedTexts.themeNames.dark }));
    expect(badge.value).toContain(`/badge.svg?theme=dark"`);
    expect(card.value).toContain(`/embed/organizations/${id}?theme=dark"`);

    await user.click(
      within(section).getByRole('button', { name: embedTexts.copyLabel(embedTexts.badgeHeading) }),
    );
    await waitFor(async () => expect(await navigator.clipboard.readText()).toBe(badge.value));
  });

  it('tells the owner of an unpublished organization that the embeds stay neutral', async () => {
    insightsApi((days) => json({ data: insightsOf(days, counts()) }), [], false);
    renderApp(`/dashboard/organizations/${id}/insights`);
    const section = await screen.findByRole('region', { name: embedTexts.heading });
    expect(within(section).getByText(embedTexts.notPublished)).toBeTruthy();
  });
});
