import { savedRoleSearchTexts, savedSearchTexts, type SavedSearchFollows } from '@si/contracts';
import type { EmailMessage } from './message.ts';
import { actionEmail, type EmailFooter } from './action-email.ts';

export interface SavedSearchAlert extends EmailFooter {
  to: string;
  /** Organizations (ADR 034) or open roles (ADR 046): the words differ, not the email's form. */
  follows: SavedSearchFollows;
  searchName: string;
  /** When the last alert was worked out, or the search saved, as people read it. */
  since: string;
  /** Everything new; only `listed` are named. */
  newCount: number;
  /** An organization: its name and description; a role: its title, organization and place. */
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

/** A saved search's alert (ADR 034, 046): what is new for it, at most 20 named, and a way out. */
export function savedSearchAlertEmail(alert: SavedSearchAlert): EmailMessage {
  const more = alert.newCount - alert.listed.length;
  const texts = alert.follows === 'roles' ? savedRoleSearchTexts : savedSearchTexts;
  return actionEmail({
    to: alert.to,
    subject: texts.emailSubject(alert.newCount, alert.searchName),
    intro: texts.emailIntro(alert.newCount, alert.searchName, alert.since),
    list: {
      items: alert.listed.map((organization) => ({
        title: organization.name,
        url: organization.url,
        detail: excerpt(organization.description),
      })),
      ...(more > 0 ? { after: texts.emailMore(more) } : {}),
    },
    action: texts.emailAction,
    url: alert.searchUrl,
    outro: texts.emailOutro,
    supportEmail: alert.supportEmail,
    parentBrands: alert.parentBrands,
    unsubscribe: {
      url: alert.unsubscribeUrl,
      label: savedSearchTexts.emailUnsubscribe(alert.searchName),
    },
  });
}
