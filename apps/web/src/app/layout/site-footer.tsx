import { footerTexts, siteName } from '@si/contracts';
import { ParentBrandsLine } from '../../features/site/components/parent-brands-line';
import { SupportEmailLink } from '../../features/site/components/support-email-link';
import { InAppLink } from '../../lib/in-app-links';
import { BrandLink } from './logo-mark';
import { footerNav } from './nav-items';
import { NewsletterSlot } from './newsletter-slot';

/**
 * Footer: tagline, parent brands, quick links, newsletter box, copyright and contact email. It
 * is in every page's HTML, so a visitor without JavaScript (and a crawler) has its links and
 * the contact email; only the newsletter box waits for the viewport. Few elements: the home
 * page carries it within its cap of 800 (ADR 017), so the links are the nav's own grid.
 */
export function SiteFooter() {
  const year = new Date().getFullYear();
  return (
    <footer className="mt-16 border-t border-line bg-surface">
      <div className="mx-auto grid w-full max-w-content gap-10 px-4 py-12 sm:px-6 md:grid-cols-[1.2fr_0.8fr_1.4fr] lg:px-8">
        <div className="flex flex-col gap-3">
          <BrandLink className="w-fit" />
          <p className="max-w-sm text-ink-muted">{footerTexts.tagline}</p>
          <ParentBrandsLine className="max-w-sm text-sm text-ink-muted" />
        </div>
        <nav
          aria-labelledby="footer-links-heading"
          className="grid grid-cols-2 content-start gap-x-4 md:grid-cols-1"
        >
          <h2 id="footer-links-heading" className="col-span-full mb-2 font-semibold text-ink">
            Quick links
          </h2>
          {footerNav.map((item) => (
            <InAppLink
              key={item.to}
              to={item.to}
              className="inline-flex min-h-touch w-fit items-center text-ink-muted underline-offset-4 hover:text-ink hover:underline md:min-h-9"
            >
              {item.label}
            </InAppLink>
          ))}
        </nav>
        <NewsletterSlot />
      </div>
      <div className="border-t border-line">
        <div className="mx-auto flex w-full max-w-content flex-col gap-2 px-4 py-6 text-sm text-ink-muted sm:flex-row sm:items-center sm:justify-between sm:px-6 lg:px-8">
          <p>{`© ${year} ${siteName}. All rights reserved.`}</p>
          <SupportEmailLink className="w-fit text-ink-muted underline underline-offset-4 hover:text-ink" />
        </div>
      </div>
    </footer>
  );
}
