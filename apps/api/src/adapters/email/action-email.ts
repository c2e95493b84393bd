import { parentBrandsTexts, siteName, type ParentBrand, type ParentBrands } from '@si/contracts';
import type { EmailMessage } from './message.ts';

const escapeHtml = (value: string) =>
  value.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);

/** What every email ends with: where to get help and whose brand the product is (settings). */
export interface EmailFooter {
  supportEmail: string;
  parentBrands: ParentBrands;
}

export interface ActionEmail extends EmailFooter {
  to: string;
  subject: string;
  intro: string;
  /** Links listed under the intro (a digest's or an alert's organizations), and a line after them. */
  list?: { items: { title: string; url: string; detail: string }[]; after?: string };
  action: string;
  url: string;
  outro: string;
  /** A list email's one-click way out: a link at the end and the RFC 8058 headers. */
  unsubscribe?: { url: string; label: string };
}

const footerColor = '#718096';
const brandHtml = (brand: ParentBrand) =>
  brand.url
    ? `<a href="${escapeHtml(brand.url)}" style="color:${footerColor}">${escapeHtml(brand.name)}</a>`
    : escapeHtml(brand.name);
const parentBrandsHtml = (brands: ParentBrands) =>
  `${escapeHtml(parentBrandsTexts.before)}${brandHtml(brands.education)}${escapeHtml(parentBrandsTexts.between)}${brandHtml(brands.hiring)}${escapeHtml(parentBrandsTexts.after)}`;

const listHtml = ({ items, after }: NonNullable<ActionEmail['list']>) =>
  `<ul style="list-style:none;padding:0;margin:20px 0">${items
    .map(
      (item) =>
        `<li style="margin:0 0 16px"><a href="${escapeHtml(item.url)}" style="font-size:16px;font-weight:600;color:#0f6e5a">${escapeHtml(item.title)}</a><br><span style="font-size:14px;line-height:1.5;color:#4a5568">${escapeHtml(item.detail)}</span></li>`,
    )
    .join(
      '',
    )}</ul>${after ? `<p style="font-size:14px;color:#4a5568">${escapeHtml(after)}</p>` : ''}
`;

/** One plain layout: a sentence, a button, the raw link, where to get help and the parent brands. */
export function actionEmail(email: ActionEmail): EmailMessage {
  const text = [
    email.intro,
    '',
    ...(email.list
      ? [
          ...email.list.items.flatMap((item) => [
            `- ${item.title}: ${item.url}`,
            `  ${item.detail}`,
          ]),
          ...(email.list.after ? [email.list.after] : []),
          '',
        ]
      : []),
    `${email.action}: ${email.url}`,
    '',
    email.outro,
    '',
    `Questions? Write to ${email.supportEmail}.`,
    `— ${siteName}`,
    '',
    parentBrandsTexts.line(email.parentBrands),
    ...(email.unsubscribe ? ['', `${email.unsubscribe.label}: ${email.unsubscribe.url}`] : []),
  ].join('\n');
  const html = `<!doctype html><html><body style="margin:0;background:#f6f7f9;font-family:system-ui,sans-serif;color:#1b2330">
<div style="max-width:520px;margin:0 auto;padding:32px 24px">
<p style="font-size:18px;font-weight:700;margin:0 0 24px">${escapeHtml(siteName)}</p>
<p style="font-size:16px;line-height:1.5">${escapeHtml(email.intro)}</p>
${email.list ? listHtml(email.list) : ''}<p style="margin:28px 0"><a href="${escapeHtml(email.url)}" style="background:#0f6e5a;color:#fff;padding:12px 20px;border-radius:8px;text-decoration:none;font-weight:600">${escapeHtml(email.action)}</a></p>
<p style="font-size:14px;line-height:1.5;color:#4a5568">Or open this link: <a href="${escapeHtml(email.url)}">${escapeHtml(email.url)}</a></p>
<p style="font-size:14px;line-height:1.5;color:#4a5568">${escapeHtml(email.outro)}</p>
<p style="font-size:13px;color:${footerColor}">Questions? Write to ${escapeHtml(email.supportEmail)}.</p>
<p style="font-size:13px;color:${footerColor}">${parentBrandsHtml(email.parentBrands)}</p>
${email.unsubscribe ? `<p style="font-size:13px;color:${footerColor}"><a href="${escapeHtml(email.unsubscribe.url)}" style="color:${footerColor}">${escapeHtml(email.unsubscribe.label)}</a></p>\n` : ''}</div></body></html>`;
  const headers = email.unsubscribe
    ? {
        'List-Unsubscribe': `<${email.unsubscribe.url}>`,
        'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
      }
    : undefined;
  return { to: email.to, subject: email.subject, text, html, ...(headers ? { headers } : {}) };
}
