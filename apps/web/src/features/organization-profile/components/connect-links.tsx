import type { ReactNode } from 'react';
import { detailTexts, outboundPath, type Organization, type OutboundLink } from '@si/contracts';
import {
  AtSignIcon,
  BriefcaseIcon,
  ExternalLinkIcon,
  GlobeIcon,
  HandHeartIcon,
  HeartIcon,
  NewspaperIcon,
} from '../../../components/ui/icons';
import { displayHost, toSafeHttpUrl } from '../../../lib/safe-url';

type LinkField =
  'websiteUrl' | 'linkedinUrl' | 'twitterUrl' | 'blogUrl' | 'donateUrl' | 'volunteerUrl';
type LinkFields = Pick<Organization, 'id' | 'published' | LinkField>;

interface ConnectLink {
  key: OutboundLink;
  href: string;
  label: string;
  icon: ReactNode;
}

interface LinkKind {
  key: OutboundLink;
  field: LinkField;
  label: (url: URL) => string;
  icon: ReactNode;
}

/** The organization's own places on the web. */
const connectKinds: LinkKind[] = [
  {
    key: 'website',
    field: 'websiteUrl',
    label: displayHost,
    icon: <GlobeIcon className="size-4" />,
  },
  {
    key: 'linkedin',
    field: 'linkedinUrl',
    label: () => 'LinkedIn',
    icon: <BriefcaseIcon className="size-4" />,
  },
  {
    key: 'twitter',
    field: 'twitterUrl',
    label: () => 'Twitter',
    icon: <AtSignIcon className="size-4" />,
  },
  {
    key: 'blog',
    field: 'blogUrl',
    label: () => 'Blog',
    icon: <NewspaperIcon className="size-4" />,
  },
];

/** Ways to support it (ADR 042). */
const supportKinds: LinkKind[] = [
  {
    key: 'donate',
    field: 'donateUrl',
    label: () => detailTexts.donate,
    icon: <HeartIcon className="size-4" />,
  },
  {
    key: 'volunteer',
    field: 'volunteerUrl',
    label: () => detailTexts.volunteer,
    icon: <HandHeartIcon className="size-4" />,
  },
];

/**
 * The links of these kinds that are real http(s) URLs; anything else is left out. A published
 * profile's links go through the product's redirect, which counts the click for its owner and
 * works without JavaScript (ADR 031); an owner's preview of an unpublished one links directly.
 */
function usableLinks(organization: LinkFields, kinds: LinkKind[]): ConnectLink[] {
  return kinds.flatMap(({ key, field, label, icon }) => {
    const url = toSafeHttpUrl(organization[field]);
    if (!url) return [];
    const href = organization.published ? outboundPath(organization.id, key) : url.href;
    return [{ key, href, label: label(url), icon }];
  });
}

/** Website, LinkedIn, Twitter and Blog, where usable. */
export const connectLinks = (organization: LinkFields) => usableLinks(organization, connectKinds);

/** Donate and Volunteer, where usable. */
export const supportLinks = (organization: LinkFields) => usableLinks(organization, supportKinds);

/** One titled group of links, each opening in a new tab; nothing when it has none. */
function LinkGroup({ id, title, links }: { id: string; title: string; links: ConnectLink[] }) {
  if (links.length === 0) return null;
  return (
    <section aria-labelledby={id} className="flex flex-col gap-2">
      <h2 id={id} className="text-sm font-semibold tracking-wide text-ink-muted uppercase">
        {title}
      </h2>
      <ul className="flex flex-wrap gap-2">
        {links.map((link) => (
          <li key={link.key}>
            <a
              href={link.href}
              target="_blank"
              rel="noopener noreferrer"
              className="inline-flex min-h-touch items-center gap-2 rounded-pill border border-line-strong bg-surface px-4 text-sm font-semibold text-ink transition-colors hover:border-brand hover:text-brand-ink sm:min-h-10"
            >
              <span aria-hidden="true" className="text-brand">
                {link.icon}
              </span>
              {link.label}
              <ExternalLinkIcon className="size-3.5 text-ink-subtle" />
              <span className="sr-only"> (opens in a new tab)</span>
            </a>
          </li>
        ))}
      </ul>
    </section>
  );
}

/**
 * 'Connect' (website by host name, LinkedIn, Twitter, Blog) and, beside it, 'Support' (Donate,
 * Volunteer): each group only when it has a link.
 */
export function ConnectLinks({ organization }: { organization: LinkFields }) {
  const connect = connectLinks(organization);
  const support = supportLinks(organization);
  if (connect.length + support.length === 0) return null;
  return (
    <div className="flex flex-wrap gap-x-10 gap-y-5">
      <LinkGroup id="connect-heading" title={detailTexts.connect} links={connect} />
      <LinkGroup id="support-heading" title={detailTexts.support} links={support} />
    </div>
  );
}
