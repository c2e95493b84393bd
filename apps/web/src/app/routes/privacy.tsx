import { ShieldCheck } from 'lucide-react';
import { useSiteInfo } from '../../features/site/api/get-site-info';
import { ParentBrandsLine } from '../../features/site/components/parent-brands-line';
import { SupportEmailLink } from '../../features/site/components/support-email-link';
import { useDocumentTitle } from '../../lib/use-document-title';
import { ProseSection, StaticPage } from './static-page';

/** /privacy : data-protection note, who we are, privacy policy and how to request data deletion. */
export function Component() {
  useDocumentTitle('Privacy Policy');
  const site = useSiteInfo();
  const subject = site.data?.dataDeletionSubject;
  return (
    <StaticPage
      eyebrow="Privacy"
      title="Privacy Policy"
      intro="What we collect, why we collect it, and how you stay in control of your data."
    >
      <aside className="flex max-w-3xl gap-4 rounded-card border border-success-line bg-success-soft p-5 text-success-ink">
        <ShieldCheck aria-hidden="true" className="mt-0.5 size-6 shrink-0" />
        <div>
          <h2 className="font-semibold">Your data is protected</h2>
          <p className="mt-1">
            We collect only what we need to run the directory, we never sell personal data, and you
            can ask us to delete it at any time.
          </p>
        </div>
      </aside>

      <div className="flex flex-col gap-10">
        {site.data ? (
          <ProseSection id="who" title="Who we are">
            <ParentBrandsLine />
          </ProseSection>
        ) : null}
        <ProseSection id="collect" title="What we collect">
          <p>
            Account details you give us (name, email address and sign-in method), the organization
            profiles you publish, your subscription status, and the email address you give for our
            newsletter.
          </p>
          <p>
            We keep technical logs (such as IP address and browser) for security, for a limited
            time.
          </p>
        </ProseSection>
        <ProseSection id="use" title="How we use it">
          <p>
            To run your account and your profile, to process payments through our payment provider,
            to send the emails you ask for, and to keep the service safe. Organization profiles are
            public by design: that is what they are for.
          </p>
        </ProseSection>
        <ProseSection id="cookies" title="Cookies">
          <p>
            We use one essential cookie to keep you signed in. We do not use advertising or tracking
            cookies.
          </p>
        </ProseSection>
        <ProseSection id="visit-counts" title="What we count about visits">
          <p>
            To show each organization what its profile earns, we count per day how often it is
            viewed, shown in the directory and shared, and how often its links are followed. We keep
            only these totals: no cookie, no address, no browser details, and no third-party script.
            Daily totals are kept for 13 months, then added up by month.
          </p>
        </ProseSection>
        <ProseSection id="newsletter" title="The newsletter">
          <p>
            When you enter your address in the newsletter box, we keep it and email you a link to
            confirm it. Until you confirm, we send nothing else, and an address nobody confirms is
            deleted after 7 days. Once confirmed, we keep your address and when you subscribed and
            confirmed, to send you one email a month, for as long as you stay subscribed.
          </p>
          <p>
            Every newsletter has a link to unsubscribe in one click, without signing in: your
            address is then deleted, with the emails we still had for it. Deleting your account also
            takes its address off the newsletter.
          </p>
        </ProseSection>
        <ProseSection id="sharing" title="Who we share it with">
          <p>
            Only the service providers that help us run the directory (hosting, email and payments),
            under data-protection agreements. We never sell personal data.
          </p>
        </ProseSection>
        <ProseSection id="deletion" title="Data deletion requests">
          <p>
            To have your personal data deleted, email <SupportEmailLink subject={subject} /> with
            the subject line{' '}
            {subject ? (
              <strong className="font-semibold text-ink">{`"${subject}"`}</strong>
            ) : (
              'given on this page'
            )}
            .
          </p>
          <p>
            We process every request within 30 days and send you a confirmation once your data is
            deleted. You can also delete your account yourself from your account settings.
          </p>
        </ProseSection>
        <ProseSection id="rights" title="Your rights">
          <p>
            You can ask to see, correct, export or delete your personal data, and object to how we
            use it. Write to us and we will answer within 30 days.
          </p>
        </ProseSection>
      </div>
    </StaticPage>
  );
}
