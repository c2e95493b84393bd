import { Link, useNavigate, useParams } from 'react-router';
import { ArrowLeft, SearchX } from 'lucide-react';
import { memberRoleNames, membersPageTexts as texts, roleCan } from '@si/contracts';
import { ListState } from '../../components/ui/list-state';
import { Skeleton } from '../../components/ui/skeleton';
import { StatusCard } from '../../components/ui/status-card';
import {
  DashboardSection,
  DashboardSectionGroup,
} from '../../features/account/components/dashboard-shell';
import { useMyOrganizations } from '../../features/account/api/get-my-organizations';
import { useSession } from '../../features/auth/api/get-session';
import {
  useMemberWrite,
  useMembers,
  useOwnerInvitations,
  type MemberWrite,
} from '../../features/members/api/members';
import { InvitationList } from '../../features/members/components/invitation-list';
import { InviteForm } from '../../features/members/components/invite-form';
import {
  LeaveOrganizationDialog,
  type WriteMember,
} from '../../features/members/components/member-dialogs';
import { MemberList } from '../../features/members/components/member-list';
import { ApiError } from '../../lib/api-client';
import { useDocumentTitle } from '../../lib/use-document-title';

const ORGANIZATIONS_PATH = '/dashboard/organizations';

const backLink = (
  <Link
    to={ORGANIZATIONS_PATH}
    className="inline-flex min-h-touch items-center gap-1.5 text-sm font-semibold text-brand-ink underline-offset-4 hover:underline sm:min-h-9"
  >
    <ArrowLeft aria-hidden="true" className="size-4" />
    {texts.back}
  </Link>
);

/**
 * /dashboard/organizations/:orgId/members : the organization's team (ADR 047, 049). Every
 * member sees it and may leave; owners change roles, remove members, hand the organization over
 * and invite. What each may do is `roleCan`'s to say, and the server's to enforce.
 */
export function DashboardMembers() {
  useDocumentTitle(texts.pageTitle);
  const { orgId = '' } = useParams();
  const navigate = useNavigate();
  const name = useMyOrganizations().data?.find((organization) => organization.id === orgId)?.name;
  const selfId = useSession().data?.id;
  const members = useMembers(orgId);
  const mutation = useMemberWrite(orgId);
  const write: WriteMember = (change: MemberWrite) => mutation.mutateAsync(change);
  const onLeft = (message: string) =>
    void navigate(ORGANIZATIONS_PATH, { replace: true, state: { message } });
  const organizationName = name ?? texts.thisOrganization;

  if (members.error instanceof ApiError && members.error.isNotFound) {
    return (
      <StatusCard
        title={texts.notFoundTitle}
        icon={<SearchX className="size-6" />}
        action={backLink}
      >
        {texts.notFoundBody}
      </StatusCard>
    );
  }
  const myRole = members.data?.myRole;
  return (
    <DashboardSectionGroup id="members-page" title={name ? texts.title(name) : texts.pageTitle}>
      <p className="-mt-3 text-ink-muted">
        {myRole ? `${texts.roleLabel}: ${memberRoleNames[myRole]}. ` : null}
        {texts.intro}
      </p>
      <div>{backLink}</div>
      <DashboardSection
        id="members"
        title={texts.membersHeading}
        description={members.data ? texts.membersCount(members.data.members.length) : undefined}
      >
        {members.isPending ? (
          <Skeleton className="h-28" />
        ) : members.isError ? (
          <ListState
            failed={texts.loadFailed}
            retryLabel={texts.retry}
            onRetry={() => void members.refetch()}
          />
        ) : (
          <MemberList
            members={members.data.members}
            myRole={members.data.myRole}
            selfId={selfId}
            organizationName={organizationName}
            write={write}
            onLeft={onLeft}
          />
        )}
      </DashboardSection>
      {roleCan(myRole, 'members') ? <OwnersSections organizationId={orgId} write={write} /> : null}
      {myRole && selfId ? (
        <DashboardSection
          id="leave-organization"
          title={texts.leaveHeading}
          description={texts.leaveIntro}
          tone="danger"
        >
          <div>
            <LeaveOrganizationDialog
              selfId={selfId}
              organizationName={organizationName}
              write={write}
              onLeft={onLeft}
            />
          </div>
        </DashboardSection>
      ) : null}
    </DashboardSectionGroup>
  );
}

/** What only owners see: the invitations waiting, and the form to invite. */
function OwnersSections({ organizationId, write }: { organizationId: string; write: WriteMember }) {
  const invitations = useOwnerInvitations(organizationId);
  return (
    <>
      <DashboardSection
        id="invitations"
        title={texts.invitationsHeading}
        description={texts.invitationsIntro}
      >
        <InvitationList
          invitations={invitations.data}
          pending={invitations.isPending}
          failed={invitations.isError}
          onRetry={() => void invitations.refetch()}
          write={write}
        />
      </DashboardSection>
      <DashboardSection id="invite-member" title={texts.inviteHeading}>
        <InviteForm write={write} />
      </DashboardSection>
    </>
  );
}
