import type { ReactNode } from 'react';
import { AtSign, Briefcase, ExternalLink, Globe, Newspaper } from 'lucide-react';
import { detailTexts, type Organization } from '@si/contracts';
import { displayHost, toSafeHttpUrl } from '../../../lib/safe-url';

type LinkFields = Pick<Organization, 'websiteUrl' | 'linkedinUrl' | 'twitterUrl' | 'blogUrl'>;

interface ConnectLink {
  key: string;
  href: string;
  label: string;
  icon: ReactNode;
}

/** The organization's links that are real http(s) URLs; anything else is left out. */
export function connectLinks(organization: LinkFields): ConnectLink[] {
  const links: ConnectLink[] = [];
  const website = toSafeHttpUrl(organization.websiteUrl);
  if (website)
    links.push({
      key: 'website',
      href: website.href,
      label: displayHost(website),
      icon: <Globe className="size-4" />,
    });
  const linkedin = toSafeHttpUrl(organization.linkedinUrl);
  if (linkedin)
    links.push({
      key: 'linkedin',
      href: linkedin.href,
      label: 'LinkedIn',
      icon: <Briefcase className="size-4" />,
    });
  const twitter = toSafeHttpUrl(organization.twitterUrl);
  if (twitter)
    links.push({
      key: 'twitter',
      href: twitter.href,
      label: 'Twitter',
      icon: <AtSign className="size-4" />,
    });
  const blog = toSafeHttpUrl(organization.blogUrl);
  if (blog)
    links.push({
      key: 'blog',
      href: blog.href,
      label: 'Blog',
      icon: <Newspaper className="size-4" />,
    });
  return links;
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
              <ExternalLink aria-hidden="true" className="size-3.5 text-ink-subtle" />
              <span className="sr-only"> (opens in a new tab)</span>
            </a>
          </li>
        ))}
      </ul>
    </section>
  );
}
