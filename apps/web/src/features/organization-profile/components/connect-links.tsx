import type { ReactNode } from 'react';
import { detailTexts, outboundPath, type Organization, type OutboundLink } from '@si/contracts';
import {
  AtSignIcon,
  BriefcaseIcon,
  ExternalLinkIcon,
  GlobeIcon,
  NewspaperIcon,
} from '../../../components/ui/icons';
import { displayHost, toSafeHttpUrl } from '../../../lib/safe-url';

type LinkFields = Pick<
  Organization,
  'id' | 'published' | 'websiteUrl' | 'linkedinUrl' | 'twitterUrl' | 'blogUrl'
>;

interface ConnectLink {
  key: OutboundLink;
  href: string;
  label: string;
  icon: ReactNode;
}

const linkKinds: {
  key: OutboundLink;
  field: 'websiteUrl' | 'linkedinUrl' | 'twitterUrl' | 'blogUrl';
  label: (url: URL) => string;
  icon: ReactNode;
}[] = [
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

/**
 * The organization's links that are real http(s) URLs; anything else is left out. A published
 * profile's links go through the product's redirect, which counts the click for its owner and
 * works without JavaScript (ADR 031); an owner's preview of an unpublished one links directly.
 */
export function connectLinks(organization: LinkFields): ConnectLink[] {
  return linkKinds.flatMap(({ key, field, label, icon }) => {
    const url = toSafeHttpUrl(organization[field]);
    if (!url) return [];
    const href = organization.published ? outboundPath(organization.id, key) : url.href;
    return [{ key, href, label: label(url), icon }];
  });
}

/** 'Connect': website (by host name), LinkedIn, Twitter and Blog, each opening in a new tab. */
export function ConnectLinks({ organization }: { organization: LinkFields }) {
  const links = connectLinks(organization);
  if (links.length === 0) return null;
  return (
    <section aria-labelledby="connect-heading" className="flex flex-col gap-2">
      <h2
        id="connect-heading"
        className="text-sm font-semibold tracking-wide text-ink-muted uppercase"
      >
        {detailTexts.connect}
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
