import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import {
  ConfirmVerificationRequest,
  domainVerificationTexts as texts,
  SendVerificationCodeRequest,
  VERIFICATION_CODE_LENGTH,
  VERIFICATION_LOCAL_PART_MAX,
  websiteDomain,
  type Organization,
  type VerificationCodeSent,
} from '@si/contracts';
import { buttonClasses } from '../../../components/ui/button';
import { Notice } from '../../../components/ui/notice';
import { Spinner } from '../../../components/ui/spinner';
import { ApiError } from '../../../lib/api-client';
import { cx } from '../../../lib/class-names';
import { formatDay } from '../../../lib/format-day';
import { showToast } from '../../../lib/toast';
import { useConfirmVerification } from '../api/confirm-verification';
import { useSendVerificationCode } from '../api/send-verification-code';
import { FormSection } from './fields';
import { withHttps } from './form-rules';

export interface DomainVerificationProps {
  organization: Pick<Organization, 'id' | 'websiteUrl' | 'verification'>;
  /** The website field as the owner has it now, saved or not. */
  websiteDraft: string;
}

/**
 * A button of the section: under its field on phones, beside it from the small breakpoint on,
 * as tall as the field and level with it (below the label, as the guest code form's).
 */
const sideButton = (variant: 'primary' | 'secondary') =>
  buttonClasses(variant, 'md', 'shrink-0 sm:mt-[30px] sm:min-h-12!');

/**
 * 'Verified badge' (ADR 032): the owner proves the saved website's domain with a code emailed to
 * an address there: only someone who reads mail at the domain can, so the badge tells visitors
 * the profile is the website's own. Its own small forms, outside the editor's: Enter in them
 * never saves the profile, and Save never sends a code. The code goes to the saved website's
 * domain, so while the website field holds another domain the owner is asked to save first.
 */
export function DomainVerification({ organization, websiteDraft }: DomainVerificationProps) {
  const savedDomain = websiteDomain(organization.websiteUrl);
  const draftDomain = websiteDomain(withHttps(websiteDraft));
  const verification =
    organization.verification && organization.verification.domain === savedDomain
      ? organization.verification
      : null;

  let body;
  if (!savedDomain) {
    body = <p className="text-ink-muted">{texts.noWebsite}</p>;
  } else if (verification) {
    body = (
      <Notice
        tone="success"
        message={texts.verifiedNow(verification.domain, formatDay(verification.verifiedAt))}
      />
    );
  } else if (draftDomain !== savedDomain) {
    body = <Notice tone="info" message={texts.unsavedWebsite} />;
  } else {
    body = <CodeForms organizationId={organization.id} domain={savedDomain} />;
  }

  return (
    <FormSection id="edit-verification" title={texts.heading}>
      {body}
    </FormSection>
  );
}

/** The address to send a code to, then the code: each its own form, its refusals at its field. */
function CodeForms({ organizationId, domain }: { organizationId: string; domain: string }) {
  const [sent, setSent] = useState<VerificationCodeSent | null>(null);
  return (
    <div className="flex flex-col gap-5">
      <p className="text-ink-muted">{texts.intro(domain)}</p>
      <SendCodeForm
        organizationId={organizationId}
        domain={domain}
        sent={sent !== null}
        onSent={setSent}
      />
      {sent ? <ConfirmCodeForm organizationId={organizationId} sent={sent} /> : null}
    </div>
  );
}

const localPartProblem = (value: string) => {
  const parsed = SendVerificationCodeRequest.safeParse({ localPart: value });
  return parsed.success ? null : (parsed.error.issues[0]?.message ?? texts.localPartInvalid);
};

/** The address at the domain to send a code to; sent again, it sends a new code. */
function SendCodeForm({
  organizationId,
  domain,
  sent,
  onSent,
}: {
  organizationId: string;
  domain: string;
  /** A code was sent already: the button sends a new one. */
  sent: boolean;
  onSent: (answer: VerificationCodeSent) => void;
}) {
  const send = useSendVerificationCode();
  const [localPart, setLocalPart] = useState('');
  const [localPartError, setLocalPartError] = useState<string | null>(null);
  const [sendAlert, setSendAlert] = useState<string | null>(null);
  const localPartRef = useRef<HTMLInputElement>(null);
  const id = useId();
  const ids = {
    localPart: `${id}-local-part`,
    domain: `${id}-domain`,
    localPartMessage: `${id}-local-part-message`,
  };

  const sendCode = (event: FormEvent) => {
    event.preventDefault();
    if (send.isPending) return;
    const problem = localPartProblem(localPart);
    setLocalPartError(problem);
    setSendAlert(null);
    if (problem) {
      localPartRef.current?.focus();
      return;
    }
    send.mutate(
      { id: organizationId, localPart: localPart.trim() },
      {
        onSuccess: onSent,
        onError: (error) => {
          const fieldMessage = error instanceof ApiError ? error.fields?.localPart : undefined;
          if (fieldMessage) {
            setLocalPartError(fieldMessage);
            localPartRef.current?.focus();
          } else {
            // No saved website, a free mail or unusable domain, too many codes: about the
            // whole request, not what was typed.
            setSendAlert(error.message);
          }
        },
      },
    );
  };

  return (
    <form noValidate onSubmit={sendCode} className="flex flex-col gap-3">
      <div className="flex flex-col gap-3 sm:flex-row sm:items-start">
        <div className="flex min-w-0 flex-1 flex-col gap-1.5">
          <label htmlFor={ids.localPart} className="font-semibold text-ink">
            {texts.localPartLabel}
          </label>
          <div className="flex min-w-0">
            <input
              ref={localPartRef}
              id={ids.localPart}
              value={localPart}
              onChange={(event) => {
                setLocalPart(event.target.value);
                // Once a problem is shown, it goes as soon as what is typed is right.
                if (localPartError) setLocalPartError(localPartProblem(event.target.value));
              }}
              autoComplete="off"
              autoCapitalize="none"
              spellCheck={false}
              maxLength={VERIFICATION_LOCAL_PART_MAX}
              aria-invalid={localPartError ? true : undefined}
              aria-describedby={`${ids.domain} ${ids.localPartMessage}`}
              className={cx(
                'field min-w-0 rounded-r-none px-3',
                localPartError ? 'border-danger-ink' : undefined,
              )}
            />
            {/* The whole domain, wrapped over lines where the row is narrow, never cut: it is
                where the code goes. The input beside it grows as tall. */}
            <span
              id={ids.domain}
              data-testid="verification-domain"
              className="flex max-w-[65%] items-center rounded-r-control border border-l-0 border-line-strong bg-sunken px-3 py-2 leading-snug text-ink-muted wrap-anywhere"
            >
              {`@${domain}`}
            </span>
          </div>
          <p
            id={ids.localPartMessage}
            className={cx('text-sm', localPartError ? 'text-danger-ink' : 'text-ink-subtle')}
          >
            {localPartError ?? texts.localPartHint}
          </p>
        </div>
        <button
          type="submit"
          className={sideButton(sent ? 'secondary' : 'primary')}
          disabled={send.isPending}
          aria-busy={send.isPending}
        >
          {send.isPending ? <Spinner /> : null}
          {send.isPending ? texts.sending : sent ? texts.sendNewCode : texts.sendCode}
        </button>
      </div>
      {sendAlert ? <Notice tone="danger" message={sendAlert} /> : null}
    </form>
  );
}

/** The code from the email; each code sent starts it over, empty and focused. */
function ConfirmCodeForm({
  organizationId,
  sent,
}: {
  organizationId: string;
  sent: VerificationCodeSent;
}) {
  const confirm = useConfirmVerification();
  const [code, setCode] = useState('');
  const [codeError, setCodeError] = useState<string | null>(null);
  const [codeFor, setCodeFor] = useState(sent);
  if (codeFor !== sent) {
    // A new code was sent: what was typed, and what was said of it, was about the last one.
    setCodeFor(sent);
    setCode('');
    setCodeError(null);
  }
  const codeRef = useRef<HTMLInputElement>(null);
  // A code was sent: the next thing to type is the code from the email.
  useEffect(() => {
    codeRef.current?.focus();
  }, [sent]);
  const id = useId();
  const ids = { code: `${id}-code`, codeMessage: `${id}-code-message` };

  const verify = (event: FormEvent) => {
    event.preventDefault();
    if (confirm.isPending) return;
    const parsed = ConfirmVerificationRequest.safeParse({ code });
    if (!parsed.success) {
      setCodeError(parsed.error.issues[0]?.message ?? texts.codeFormat);
      codeRef.current?.focus();
      return;
    }
    setCodeError(null);
    // The promise, not mutate's callbacks: the badge replaces this form as soon as the answer is
    // in the cache, and mutate's callbacks are dropped once their component has unmounted.
    confirm.mutateAsync({ id: organizationId, code: parsed.data.code }).then(
      () => showToast('success', texts.verifiedToast),
      (error: Error) => {
        // A wrong code (with the attempts left), or one that can no longer work (none sent,
        // expired, attempts used: the message asks for a new one): all said at the code.
        setCodeError((error instanceof ApiError ? error.fields?.code : undefined) ?? error.message);
        codeRef.current?.focus();
      },
    );
  };

  return (
    <form noValidate onSubmit={verify} className="flex flex-col gap-4 border-t border-line pt-5">
      <Notice tone="info" message={texts.codeSent(sent.email)} />
      <div className="flex flex-col gap-3 sm:flex-row sm:items-start">
        <div className="flex flex-col gap-1.5">
          <label htmlFor={ids.code} className="font-semibold text-ink">
            {texts.codeLabel}
          </label>
          <input
            ref={codeRef}
            id={ids.code}
            value={code}
            onChange={(event) => setCode(event.target.value)}
            inputMode="numeric"
            autoComplete="one-time-code"
            maxLength={VERIFICATION_CODE_LENGTH}
            aria-invalid={codeError ? true : undefined}
            aria-describedby={codeError ? ids.codeMessage : undefined}
            className={cx(
              'field px-3 text-lg tracking-[0.3em] tabular-nums sm:w-52',
              codeError ? 'border-danger-ink' : undefined,
            )}
          />
          {codeError ? (
            <p id={ids.codeMessage} role="alert" className="text-sm text-danger-ink sm:max-w-52">
              {codeError}
            </p>
          ) : null}
        </div>
        <button
          type="submit"
          className={sideButton('primary')}
          disabled={confirm.isPending}
          aria-busy={confirm.isPending}
        >
          {confirm.isPending ? <Spinner /> : null}
          {confirm.isPending ? texts.verifying : texts.verify}
        </button>
      </div>
    </form>
  );
}
