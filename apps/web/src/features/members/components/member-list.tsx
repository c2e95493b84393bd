import { useState } from 'react';
import {
  memberRoleNames,
  membersPageTexts as texts,
  roleCan,
  type MemberRole,
  type OrganizationMember,
} from '@si/contracts';
import { Notice } from '../../../components/ui/notice';
import { formatDay } from '../../../lib/format-day';
import { showToast } from '../../../lib/toast';
import {
  RemoveMemberDialog,
  TransferOwnershipDialog,
  memberName,
  type WriteMember,
} from './member-dialogs';
import { Badge, RoleSelect } from './role-controls';

export interface MemberListProps {
  members: OrganizationMember[];
  myRole: MemberRole;
  selfId: string | undefined;
  organizationName: string;
  write: WriteMember;
  onLeft: (message: string) => void;
}

/** The members, each with their role and when they joined; owners get each one's controls. */
export function MemberList(props: MemberListProps) {
  return (
    <ul className="flex flex-col gap-3" data-testid="members">
      {props.members.map((member) => (
        <MemberRow key={member.userId} member={member} {...props} />
      ))}
    </ul>
  );
}

/** An owner sets a member's role; a refusal (the last owner) shows under the select. */
function MemberRoleControl({ member, write }: { member: OrganizationMember; write: WriteMember }) {
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const name = memberName(member);
  const change = (role: MemberRole) => {
    setBusy(true);
    setError(null);
    write({ kind: 'role', userId: member.userId, role }).then(
      () => {
        setBusy(false);
        showToast('success', texts.roleChanged(name, role));
      },
      (failure: unknown) => {
        setBusy(false);
        setError(failure instanceof Error && failure.message ? failure.message : texts.failed);
      },
    );
  };
  return (
    <div className="flex flex-col gap-2 sm:w-40">
      <RoleSelect
        aria-label={texts.changeRole(name)}
        value={member.role}
        onRoleChange={change}
        disabled={busy}
        aria-busy={busy}
      />
      {error ? <Notice tone="danger" message={error} /> : null}
    </div>
  );
}

function MemberRow({
  member,
  myRole,
  selfId,
  organizationName,
  write,
  onLeft,
}: MemberListProps & { member: OrganizationMember }) {
  const self = member.userId === selfId;
  const manages = roleCan(myRole, 'members');
  const name = memberName(member);
  return (
    <li
      className="flex flex-col gap-3 rounded-control border border-line p-4 sm:flex-row sm:items-center"
      data-testid="member"
    >
      <div className="flex min-w-0 flex-1 flex-col gap-1">
        <p className="flex flex-wrap items-center gap-2 font-semibold text-ink">
          <span className="min-w-0 break-words">{name}</span>
          {self ? <Badge tone="brand">{texts.you}</Badge> : null}
          {manages ? null : <Badge>{memberRoleNames[member.role]}</Badge>}
        </p>
        {member.name.trim() ? (
          <p className="text-sm break-all text-ink-muted">{member.email}</p>
        ) : null}
        <p className="text-sm text-ink-subtle">{texts.added(formatDay(member.addedAt))}</p>
      </div>
      {manages ? (
        <div className="flex flex-col gap-2 sm:flex-row sm:flex-wrap sm:items-start sm:justify-end">
          <MemberRoleControl member={member} write={write} />
          {!self && member.role === 'editor' ? (
            <TransferOwnershipDialog
              member={member}
              organizationName={organizationName}
              write={write}
              onLeft={onLeft}
            />
          ) : null}
          {self ? null : (
            <RemoveMemberDialog member={member} organizationName={organizationName} write={write} />
          )}
        </div>
      ) : null}
    </li>
  );
}
