import { useId, useRef, useState, type ReactNode } from 'react';
import { Copy } from 'lucide-react';
import {
  EMBED_CARD_HEIGHT,
  EMBED_CARD_WIDTH,
  embedPaths,
  embedTexts,
  embedThemes,
  type EmbedTheme,
} from '@si/contracts';
import { Button } from '../../../components/ui/button';
import { Notice } from '../../../components/ui/notice';
import { cx } from '../../../lib/class-names';
import { showToast } from '../../../lib/toast';

/** An attribute's value in the HTML the owner pastes: the name is the owner's own text. */
const attribute = (value: string) =>
  value.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

/** The two snippets, for this site's address and the look chosen (ADR 052). */
export function embedSnippets(
  origin: string,
  organizationId: string,
  name: string,
  theme: EmbedTheme,
) {
  const look = theme === 'dark' ? '?theme=dark' : '';
  const profile = `${origin}/organizations/${encodeURIComponent(organizationId)}`;
  const badgeUrl = `${origin}${embedPaths.badge(organizationId)}${look}`;
  const cardUrl = `${origin}${embedPaths.card(organizationId)}${look}`;
  return {
    badgeUrl,
    cardUrl,
    badge: `<a href="${profile}" target="_blank" rel="noopener"><img src="${badgeUrl}" alt="${embedTexts.badgeAlt}" height="28"></a>`,
    card: `<iframe src="${cardUrl}" title="${attribute(embedTexts.iframeTitle(name))}" width="${EMBED_CARD_WIDTH}" height="${EMBED_CARD_HEIGHT}" style="border:0;max-width:100%" loading="lazy"></iframe>`,
  };
}

function ThemeSwitch({
  theme,
  onChange,
}: {
  theme: EmbedTheme;
  onChange: (theme: EmbedTheme) => void;
}) {
  return (
    <div
      role="group"
      aria-label={embedTexts.theme}
      className="inline-flex rounded-control bg-sunken p-1"
    >
      {embedThemes.map((name) => (
        <button
          key={name}
          type="button"
          aria-pressed={name === theme}
          onClick={() => onChange(name)}
          className={cx(
            'min-h-touch rounded-control px-3 text-sm font-semibold transition-colors sm:min-h-9',
            name === theme ? 'bg-surface text-ink shadow-card' : 'text-ink-muted hover:text-ink',
          )}
        >
          {embedTexts.themeNames[name]}
        </button>
      ))}
    </div>
  );
}

/** One snippet: what it is, the HTML to copy, its copy button, and what it shows. */
function Snippet({
  heading,
  help,
  code,
  testId,
  children,
}: {
  heading: string;
  help: string;
  code: string;
  testId: string;
  children: ReactNode;
}) {
  const id = useId();
  const field = useRef<HTMLTextAreaElement>(null);
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(code);
      showToast('success', embedTexts.copied);
    } catch {
      // A browser that refuses the clipboard: the snippet is selected for the owner to copy.
      field.current?.select();
      showToast('error', embedTexts.copyFailed);
    }
  };
  return (
    <section aria-labelledby={`${id}-heading`} className="flex min-w-0 flex-col gap-3">
      <div className="flex flex-col gap-0.5">
        <h3 id={`${id}-heading`} className="font-semibold">
          {heading}
        </h3>
        <p className="text-sm text-ink-muted">{help}</p>
      </div>
      <label htmlFor={`${id}-code`} className="sr-only">
        {embedTexts.snippetLabel(heading)}
      </label>
      <textarea
        id={`${id}-code`}
        ref={field}
        readOnly
        rows={4}
        value={code}
        data-testid={testId}
        onFocus={(event) => event.currentTarget.select()}
        className="w-full resize-none rounded-control border border-line bg-sunken p-3 font-mono text-xs break-all text-ink"
      />
      <div>
        <Button
          variant="secondary"
          size="sm"
          aria-label={embedTexts.copyLabel(heading)}
          onClick={() => void copy()}
        >
          <Copy aria-hidden="true" className="size-4" />
          {embedTexts.copy}
        </Button>
      </div>
      <div className="flex flex-col gap-2">
        <p className="text-xs font-semibold tracking-wide text-ink-subtle uppercase">
          {embedTexts.preview}
        </p>
        {children}
      </div>
    </section>
  );
}

/**
 * The badge's and the card's HTML for the owner's own site, light or dark, each with its copy
 * button and a preview of what it shows (ADR 052).
 */
export function EmbedSnippets({
  organizationId,
  name,
  published,
}: {
  organizationId: string;
  name: string;
  published: boolean;
}) {
  const [theme, setTheme] = useState<EmbedTheme>('light');
  const snippets = embedSnippets(window.location.origin, organizationId, name, theme);
  const previewBackground = theme === 'dark' ? 'bg-ink' : 'bg-canvas';
  return (
    <div className="flex flex-col gap-5">
      {published ? null : <Notice message={embedTexts.notPublished} />}
      <ThemeSwitch theme={theme} onChange={setTheme} />
      <div className="grid gap-6 lg:grid-cols-2">
        <Snippet
          heading={embedTexts.badgeHeading}
          help={embedTexts.badgeHelp}
          code={snippets.badge}
          testId="embed-badge-snippet"
        >
          <div className={cx('rounded-control p-4', previewBackground)}>
            <img src={snippets.badgeUrl} alt={embedTexts.badgeAlt} height={28} />
          </div>
        </Snippet>
        <Snippet
          heading={embedTexts.cardHeading}
          help={embedTexts.cardHelp}
          code={snippets.card}
          testId="embed-card-snippet"
        >
          <div className={cx('rounded-control p-4', previewBackground)}>
            <iframe
              src={snippets.cardUrl}
              title={embedTexts.iframeTitle(name)}
              width={EMBED_CARD_WIDTH}
              height={EMBED_CARD_HEIGHT}
              className="block max-w-full border-0"
            />
          </div>
        </Snippet>
      </div>
    </div>
  );
}
