import { Link } from 'react-router';
import { buttonClasses } from '../../components/ui/button';
import { InitialAvatar } from '../../components/ui/initial-avatar';
import { FaqSections } from '../../features/faq/components/faq-sections';
import { ParentBrandsLine } from '../../features/site/components/parent-brands-line';
import { SupportEmailLink } from '../../features/site/components/support-email-link';
import { useDocumentTitle } from '../../lib/use-document-title';
import { ProseSection, StaticPage } from './static-page';

const team = [
  { name: 'Founder', role: 'Product and partnerships' },
  { name: 'Community Lead', role: 'Organizations and members' },
  { name: 'Editor', role: 'Stories and profiles' },
] as const;

/** /about : mission, story, team, and the general and organization FAQs. */
export function Component() {
  useDocumentTitle('About');
  return (
    <StaticPage
      eyebrow="About us"
      title="Helping mission-driven organizations be seen"
      intro="Scaling Impact is a public directory where organizations with a mission show who they are, and where talent, partners, funders and supporters find them."
    >
      <div className="grid gap-12 lg:grid-cols-2">
        <ProseSection id="mission" title="Our mission">
          <p>
            Bold ideas need people and resources to grow. We make it easy to discover the
            organizations building them, understand how they work, and reach out.
          </p>
          <p>
            Every profile tells a story: the mission, the culture, the way the organization scales
            its change.
          </p>
        </ProseSection>
        <ProseSection id="story" title="Our story">
          <p>
            Scaling Impact was started by people from education and hiring who kept meeting the same
            problem: great organizations were hard to find, and the people who wanted to help them
            did not know where to look.
          </p>
          <p>So we built one place for both, calm to browse and quick to share.</p>
          <ParentBrandsLine />
        </ProseSection>
      </div>

      <section aria-labelledby="team" className="flex flex-col gap-5">
        <h2 id="team" className="text-xl font-semibold">
          Our team
        </h2>
        <ul className="grid gap-4 sm:grid-cols-3">
          {team.map((member) => (
            <li key={member.name} className="flex items-center gap-4 surface-card p-5">
              <InitialAvatar name={member.name} className="size-14 rounded-pill text-xl" />
              <div>
                <p className="font-semibold text-ink">{member.name}</p>
                <p className="text-sm text-ink-muted">{member.role}</p>
                <p className="text-sm text-ink-subtle">Profile coming soon</p>
              </div>
            </li>
          ))}
        </ul>
      </section>

      <section aria-labelledby="about-faq" className="flex max-w-3xl flex-col gap-6">
        <h2 id="about-faq" className="text-headline font-semibold tracking-tight">
          Common questions
        </h2>
        <FaqSections categories={['general', 'organization']} headingLevel="h3" />
      </section>

      <section className="flex flex-col items-start gap-4 rounded-card bg-brand-soft p-6 sm:flex-row sm:items-center sm:justify-between sm:p-8">
        <div>
          <h2 className="text-xl font-semibold text-brand-ink">Want to talk?</h2>
          <p className="mt-1 text-ink-muted">
            Write to us at <SupportEmailLink /> or see all the ways to reach us.
          </p>
        </div>
        <Link to="/contact" className={buttonClasses('primary')}>
          Contact us
        </Link>
      </section>
    </StaticPage>
  );
}
