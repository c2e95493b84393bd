import { Link, useLocation, useParams } from 'react-router';
import { MailCheck, MailX, Users } from 'lucide-react';
import {
  invitationErrorCodes as codes,
  invitationPageTexts as texts,
  invitationTexts,
  type InvitationPreview,
} from '@si/contracts';
import { Button, buttonClasses } from '../../components/ui/button';
import { Notice } from '../../components/ui/notice';
import { PageContainer } from '../../components/ui/page-container';
import { Spinner } from '../../components/ui/spinner';
import { StatusCard } from '../../components/ui/status-card';
import { ApiError } from '../../lib/api-client';
import { useDocumentTitle } from '../../lib/use-document-title';
import { isPermanentUser, useSession } from '../../features/auth/api/get-session';
import { useAcceptInvitation, useInvitation } from '../../features/invitations/api/invitation';

/** A link that does not work, in its own words: the API says why only to the invitee. */
function refusalOf(error: Error) {
  const code = error instanceof ApiError ? error.code : '';
  if (code === codes.expired) return { title: texts.expiredTitle, text: invitationTexts.expired };
  if (code === codes.revoked) return { title: texts.revokedTitle, text: invitationTexts.revoked };
  if (code === codes.used) return { title: texts.usedTitle, text: invitationTexts.used };
  if (error instanceof ApiError && error.status < 500 && error.status !== 0) {
    return { title: texts.unusableTitle, text: invitationTexts.unusable };
  }
  return { title: texts.unusableTitle, text: error.message };
}

const toHome = (
  <Link to="/" className={buttonClasses('secondary')}>
    {texts.toHome}
  </Link>
);
const toDashboard = (
  <Link to="/dashboard/organizations" className={buttonClasses('primary')}>
    {texts.toDashboard}
  </Link>
);

/** What the signed-in state allows: sign in first, another account, or the Accept button. */
function InvitationActions({
  invitation,
  accept,
}: {
  invitation: InvitationPreview;
  accept: ReturnType<typeof useAcceptInvitation>;
}) {
  const { pathname } = useLocation();
  const session = useSession();
  const user = session.data;
  if (session.isPending) return <Spinner className="size-5" />;
  if (!isPermanentUser(user)) {
    return (
      <div className="flex flex-col items-center gap-3">
        <p className="text-ink-muted">{texts.signInFirst(invitation.email)}</p>
        <div className="flex gap-3">
          <Link to="/login" state={{ from: pathname }} className={buttonClasses('primary')}>
            {texts.logIn}
          </Link>
          <Link to="/signup" state={{ from: pathname }} className={buttonClasses('secondary')}>
            {texts.signUp}
          </Link>
        </div>
      </div>
    );
  }
  if ((user.email ?? '').toLowerCase() !== invitation.email) {
    return <Notice tone="danger" message={invitationTexts.wrongAccount(invitation.email)} />;
  }
  return (
    <div className="flex flex-col items-center gap-3">
      {accept.error ? <Notice tone="danger" message={accept.error.message} /> : null}
      <Button onClick={() => accept.mutate()} disabled={accept.isPending}>
        {accept.isPending ? texts.accepting : texts.accept}
      </Button>
    </div>
  );
}

/**
 * /invitations/:token : the invitation email's link (ADR 049). Shows the organization, the role
 * and who invited; accepting is a POST from this page, so a mail scanner that fetches the link
 * accepts nothing.
 */
export function InvitationPage() {
  const { token = '' } = useParams();
  const invitation = useInvitation(token);
  const accepted = useAcceptInvitation(token);
  const refusal = invitation.error ? refusalOf(invitation.error) : null;
  useDocumentTitle(refusal?.title ?? texts.title);

  let card;
  if (refusal) {
    card = (
      <StatusCard
        as="h1"
        role="alert"
        tone="danger"
        icon={<MailX className="size-6" />}
        title={refusal.title}
        action={refusal.title === texts.usedTitle ? toDashboard : toHome}
      >
        <p className="text-ink-muted">{refusal.text}</p>
      </StatusCard>
    );
  } else if (!invitation.data) {
    card = (
      <StatusCard as="h1" title={texts.title}>
        <p role="status" className="flex items-center justify-center gap-2 text-ink-muted">
          <Spinner className="size-5" />
          {texts.loading}
        </p>
      </StatusCard>
    );
  } else if (accepted.data) {
    card = (
      <StatusCard
        as="h1"
        role="status"
        icon={<MailCheck className="size-6" />}
        title={texts.joinedTitle}
        action={toDashboard}
      >
        <p className="text-ink-muted">
          {texts.joined(invitation.data.organizationName, accepted.data.role)}
        </p>
      </StatusCard>
    );
  } else {
    const data = invitation.data;
    card = (
      <StatusCard
        as="h1"
        icon={<Users className="size-6" />}
        title={texts.heading(data.organizationName)}
      >
        <p className="text-ink">
          {texts.offer(data.invitedBy, data.email, data.organizationName, data.role)}
        </p>
        <p className="text-sm text-ink-muted">
          {texts.expires(new Date(data.expiresAt).toLocaleDateString())}
        </p>
        <InvitationActions invitation={data} accept={accepted} />
      </StatusCard>
    );
  }
  return <PageContainer className="py-12 sm:py-16">{card}</PageContainer>;
}
