import type { ReactNode } from 'react';
import { PageContainer } from '../../components/ui/page-container';

/** The frame of About, Contact, FAQ and Privacy: an intro header and readable content. */
export function StaticPage({
  eyebrow,
  title,
  intro,
  children,
}: {
  eyebrow?: string;
  title: string;
  intro: string;
  children: ReactNode;
}) {
  return (
    <PageContainer className="flex flex-col gap-12 py-10 sm:py-16">
      <header className="max-w-3xl">
        {eyebrow ? (
          <p className="text-sm font-semibold tracking-wide text-brand-ink uppercase">{eyebrow}</p>
        ) : null}
        <h1 className="mt-2 text-headline font-semibold tracking-tight text-balance sm:text-display">
          {title}
        </h1>
        <p className="mt-4 max-w-prose text-lg text-ink-muted">{intro}</p>
      </header>
      {children}
    </PageContainer>
  );
}

/** A titled block of prose inside a static page. */
export function ProseSection({
  id,
  title,
  children,
}: {
  id: string;
  title: string;
  children: ReactNode;
}) {
  return (
    <section aria-labelledby={id} className="flex max-w-prose flex-col gap-3">
      <h2 id={id} className="text-xl font-semibold">
        {title}
      </h2>
      <div className="flex flex-col gap-3 text-ink-muted">{children}</div>
    </section>
  );
}
