import { useState } from 'react';
import { Link, useParams } from 'react-router';
import { ArrowLeft, Briefcase, Flag, Plus } from 'lucide-react';
import { MAX_OPEN_ROLES, roleEditorTexts as texts, type Country } from '@si/contracts';
import { Button } from '../../components/ui/button';
import { ListState } from '../../components/ui/list-state';
import { Skeleton } from '../../components/ui/skeleton';
import {
  DashboardSection,
  DashboardSectionGroup,
} from '../../features/account/components/dashboard-shell';
import { useMyOrganizations } from '../../features/account/api/get-my-organizations';
import { useCountries } from '../../features/reference/api/get-countries';
import {
  useMilestoneWrite,
  useOwnerMilestones,
} from '../../features/roles-editor/api/owner-milestones';
import {
  useOwnerRoles,
  useRoleInsights,
  useRoleWrite,
} from '../../features/roles-editor/api/owner-roles';
import { MilestoneForm, MilestoneRow } from '../../features/roles-editor/components/milestones';
import { RoleForm } from '../../features/roles-editor/components/role-form';
import { RoleRow } from '../../features/roles-editor/components/role-list';
import { showToast } from '../../lib/toast';
import { useDocumentTitle } from '../../lib/use-document-title';

/** Which form is open: none, a new item's, or an existing item's by id. */
type Editing = null | 'new' | string;

const backLink = (
  <Link
    to="/dashboard/organizations"
    className="inline-flex min-h-touch items-center gap-1.5 text-sm font-semibold text-brand-ink underline-offset-4 hover:underline sm:min-h-9"
  >
    <ArrowLeft aria-hidden="true" className="size-4" />
    {texts.back}
  </Link>
);

/**
 * /dashboard/organizations/:orgId/roles : the owner's open roles and milestones (ADR 042). The
 * server says what each role's status is and refuses what the rules refuse.
 */
export function DashboardRoles() {
  useDocumentTitle(texts.pageTitle);
  const { orgId = '' } = useParams();
  const name = useMyOrganizations().data?.find((organization) => organization.id === orgId)?.name;
  const countries = (useCountries().data ?? []).filter((country) => country.code !== 'ALL');
  return (
    <DashboardSectionGroup id="roles-page" title={name ? texts.title(name) : texts.pageTitle}>
      <p className="-mt-3 text-ink-muted">{texts.intro}</p>
      <div>{backLink}</div>
      <RolesSection organizationId={orgId} countries={countries} />
      <MilestonesSection organizationId={orgId} />
    </DashboardSectionGroup>
  );
}

function RolesSection({
  organizationId,
  countries,
}: {
  organizationId: string;
  countries: readonly Country[];
}) {
  const roles = useOwnerRoles(organizationId);
  const insights = useRoleInsights(organizationId);
  const write = useRoleWrite(organizationId);
  const [editing, setEditing] = useState<Editing>(null);
  const open = roles.data?.filter((role) => role.status === 'open').length ?? 0;
  const edited = roles.data?.find((role) => role.id === editing);
  const done = () => {
    setEditing(null);
    showToast('success', texts.saved);
  };
  return (
    <DashboardSection
      id="owner-roles"
      title={texts.rolesHeading}
      description={roles.data ? texts.rolesCount(open) : undefined}
      action={
        editing === null && open < MAX_OPEN_ROLES ? (
          <Button size="sm" onClick={() => setEditing('new')}>
            <Plus aria-hidden="true" className="size-4" />
            {texts.addRole}
          </Button>
        ) : null
      }
    >
      {editing === 'new' || edited ? (
        <div className="rounded-control border border-line-strong p-4 sm:p-5">
          <h3 className="mb-4 text-lg font-semibold">{edited ? texts.editRole : texts.addRole}</h3>
          <RoleForm
            key={editing}
            role={edited}
            countries={countries}
            onCancel={() => setEditing(null)}
            onSave={(input) =>
              write
                .mutateAsync(
                  edited ? { kind: 'update', roleId: edited.id, input } : { kind: 'create', input },
                )
                .then(done)
            }
          />
        </div>
      ) : null}
      {roles.isPending ? (
        <Skeleton className="h-24" />
      ) : roles.isError ? (
        <ListState
          failed={texts.rolesFailed}
          retryLabel={texts.retry}
          onRetry={() => void roles.refetch()}
        />
      ) : roles.data.length === 0 ? (
        editing === null ? (
          <ListState empty={texts.noRoles} icon={<Briefcase className="size-6" />}>
            {texts.noRolesBody}
          </ListState>
        ) : null
      ) : (
        <ul className="flex flex-col gap-3">
          {roles.data.map((role) => (
            <RoleRow
              key={role.id}
              role={role}
              countries={countries}
              insight={insights.data ? (insights.data.get(role.id) ?? null) : undefined}
              onEdit={() => setEditing(role.id)}
              write={(action) => write.mutateAsync(action)}
            />
          ))}
        </ul>
      )}
    </DashboardSection>
  );
}

function MilestonesSection({ organizationId }: { organizationId: string }) {
  const milestones = useOwnerMilestones(organizationId);
  const write = useMilestoneWrite(organizationId);
  const [editing, setEditing] = useState<Editing>(null);
  const edited = milestones.data?.find((milestone) => milestone.id === editing);
  const done = () => {
    setEditing(null);
    showToast('success', texts.milestoneSaved);
  };
  return (
    <DashboardSection
      id="owner-milestones"
      title={texts.milestonesHeading}
      description={milestones.data ? texts.milestonesCount(milestones.data.length) : undefined}
      action={
        editing === null ? (
          <Button size="sm" onClick={() => setEditing('new')}>
            <Plus aria-hidden="true" className="size-4" />
            {texts.addMilestone}
          </Button>
        ) : null
      }
    >
      {editing === 'new' || edited ? (
        <div className="rounded-control border border-line-strong p-4 sm:p-5">
          <h3 className="mb-4 text-lg font-semibold">
            {edited ? texts.editMilestone : texts.addMilestone}
          </h3>
          <MilestoneForm
            key={editing}
            milestone={edited}
            onCancel={() => setEditing(null)}
            onSave={(input) =>
              write
                .mutateAsync(
                  edited
                    ? { kind: 'update', milestoneId: edited.id, input }
                    : { kind: 'create', input },
                )
                .then(done)
            }
          />
        </div>
      ) : null}
      {milestones.isPending ? (
        <Skeleton className="h-20" />
      ) : milestones.isError ? (
        <ListState
          failed={texts.milestonesFailed}
          retryLabel={texts.retry}
          onRetry={() => void milestones.refetch()}
        />
      ) : milestones.data.length === 0 ? (
        editing === null ? (
          <ListState empty={texts.noMilestones} icon={<Flag className="size-6" />}>
            {texts.noMilestonesBody}
          </ListState>
        ) : null
      ) : (
        <ul className="flex flex-col gap-3">
          {milestones.data.map((milestone) => (
            <MilestoneRow
              key={milestone.id}
              milestone={milestone}
              onEdit={() => setEditing(milestone.id)}
              write={(action) => write.mutateAsync(action)}
            />
          ))}
        </ul>
      )}
    </DashboardSection>
  );
}
