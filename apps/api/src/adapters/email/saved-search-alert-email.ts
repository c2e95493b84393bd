import { savedSearchTexts } from '@si/contracts';
import type { EmailMessage } from './message.ts';
import { actionEmail, type EmailFooter } from './action-email.ts';

export interface SavedSearchAlert extends EmailFooter {
  to: string;
  searchName: string;
  /** When the last alert was worked out, or the search saved, as people read it. */
  since: string;
  /** Everything new; only `listed` are named. */
  newCount: number;
  listed: { name: string; description: string; url: string }[];
  searchUrl: string;
  unsubscribeUrl: string;
}

/** A description cut to about two lines of an email, at a word. */
const excerpt = (text: string, most = 160) => {
  const flat = text.replace(/\s+/g, ' ').trim();
  if (flat.length <= most) return flat;
  const cut = flat.slice(0, most);
  return `${cut.slice(0, Math.max(cut.lastIndexOf(' '), most / 2)).trimEnd()}…`;
};

/** A saved search's alert (ADR 034): what is new for it, at most 20 named, and a way out. */
export function savedSearchAlertEmail(alert: SavedSearchAlert): EmailMessage {
  const more = alert.newCount - alert.listed.length;
  return actionEmail({
    to: alert.to,
    subject: savedSearchTexts.emailSubject(alert.newCount, alert.searchName),
    intro: savedSearchTexts.emailIntro(alert.newCount, alert.searchName, alert.since),
    list: {
      items: alert.listed.map((organization) => ({
        title: organization.name,
        url: organization.url,
        detail: excerpt(organization.description),
      })),
      ...(more > 0 ? { after: savedSearchTexts.emailMore(more) } : {}),
    },
    action: savedSearchTexts.emailAction,
    url: alert.searchUrl,
    outro: savedSearchTexts.emailOutro,
    supportEmail: alert.supportEmail,
    parentBrands: alert.parentBrands,
    unsubscribe: {
      url: alert.unsubscribeUrl,
      label: savedSearchTexts.emailUnsubscribe(alert.searchName),
    },
  });
}
