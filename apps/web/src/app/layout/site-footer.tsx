import { Link } from 'react-router';
import { footerTexts, siteName } from '@si/contracts';
import { NewsletterForm } from '../../features/newsletter/components/newsletter-form';
import { ParentBrandsLine } from '../../features/site/components/parent-brands-line';
import { SupportEmailLink } from '../../features/site/components/support-email-link';
import { BrandLink } from './logo-mark';
import { footerNav } from './nav-items';

/** Footer: tagline, parent brands, quick links, newsletter box, copyright and contact email. */
export default function SiteFooter() {
  const year = new Date().getFullYear();
  return (
    <footer className="border-t border-line bg-surface">
      <div className="mx-auto grid w-full max-w-content gap-10 px-4 py-12 sm:px-6 md:grid-cols-[1.2fr_0.8fr_1.4fr] lg:px-8">
        <div className="flex flex-col gap-3">
          <BrandLink className="w-fit" />
          <p className="max-w-sm text-ink-muted">{footerTexts.tagline}</p>
          <ParentBrandsLine className="max-w-sm text-sm text-ink-muted" />
        </div>
        <nav aria-labelledby="footer-links-heading">
          <h2 id="footer-links-heading" className="font-semibold text-ink">
            Quick links
          </h2>
          <ul className="mt-2 grid grid-cols-2 gap-x-4 md:grid-cols-1">
            {footerNav.map((item) => (
              <li key={item.to}>
                <Link
                  to={item.to}
                  className="inline-flex min-h-touch items-center text-ink-muted underline-offset-4 hover:text-ink hover:underline md:min-h-9"
                >
                  {item.label}
                </Link>
              </li>
            ))}
          </ul>
        </nav>
        <NewsletterForm />
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
