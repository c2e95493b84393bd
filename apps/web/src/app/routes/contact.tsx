import { FaqSections } from '../../features/faq/components/faq-sections';
import { ContactDetails } from '../../features/site/components/contact-details';
import { ParentBrandsLine } from '../../features/site/components/parent-brands-line';
import { useDocumentTitle } from '../../lib/use-document-title';
import { StaticPage } from './static-page';

/** /contact : contact details, business hours, parent brands, submission and pricing FAQs. */
export function Component() {
  useDocumentTitle('Contact');
  return (
    <StaticPage
      eyebrow="Contact"
      title="We'd love to hear from you"
      intro="Questions about listing your organization, your subscription or your data? Reach us any way you like; we answer within one business day."
    >
      <div className="grid gap-10 lg:grid-cols-[20rem_minmax(0,1fr)] lg:items-start">
        <section aria-labelledby="contact-details" className="surface-card p-6 lg:sticky lg:top-24">
          <h2 id="contact-details" className="mb-4 text-xl font-semibold">
            Get in touch
          </h2>
          <ContactDetails />
          <ParentBrandsLine className="mt-6 border-t border-line pt-4 text-sm text-ink-muted" />
        </section>
        <section aria-labelledby="contact-faq" className="flex flex-col gap-6">
          <h2 id="contact-faq" className="text-headline font-semibold tracking-tight">
            Before you write
          </h2>
          <FaqSections categories={['submission', 'pricing']} headingLevel="h3" />
        </section>
      </div>
    </StaticPage>
  );
}
