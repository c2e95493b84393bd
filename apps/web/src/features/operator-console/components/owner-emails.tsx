import { consoleTexts } from '@si/contracts';
import { EmailText } from './email-text';

/** An organization's owners' addresses (ADR 047), one a line; a seed's owner has none. */
export function OwnerEmails({ emails }: { emails: readonly string[] }) {
  if (emails.length === 0) {
    return <span className="text-ink-subtle">{consoleTexts.noOwnerEmail}</span>;
  }
  return (
    <ul className="flex flex-col">
      {emails.map((email) => (
        <li key={email}>
          <EmailText email={email} />
        </li>
      ))}
    </ul>
  );
}
