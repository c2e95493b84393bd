import type { ReactNode } from 'react';
import { PageContainer } from '../../../components/ui/page-container';

/** The frame of every account screen: a centred card with a heading and an optional subtitle. */
export function AuthFrame({
  heading,
  subtitle,
  top,
  children,
  footer,
}: {
  heading: string;
  subtitle?: string | undefined;
  /** Above the heading (the Log In / Sign Up tabs). */
  top?: ReactNode;
  children: ReactNode;
  /** Under the card (links to other screens). */
  footer?: ReactNode;
}) {
  return (
    <PageContainer className="flex justify-center py-8 sm:py-14">
      <div className="flex w-full max-w-md flex-col gap-5">
        <div className="flex flex-col gap-6 surface-card px-5 py-6 sm:px-8 sm:py-8">
          {top}
          <header className="flex flex-col gap-1.5 text-center">
            <h1 className="text-headline font-semibold tracking-tight text-balance">{heading}</h1>
            {subtitle ? <p className="text-ink-muted">{subtitle}</p> : null}
          </header>
          {children}
        </div>
        {footer ? <div className="text-center text-ink-muted">{footer}</div> : null}
      </div>
    </PageContainer>
  );
}
