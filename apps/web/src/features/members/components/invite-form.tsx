import { useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { Send } from 'lucide-react';
import { CreateInvitationRequest, membersPageTexts as texts } from '@si/contracts';
import { Button } from '../../../components/ui/button';
import { Notice } from '../../../components/ui/notice';
import { Spinner } from '../../../components/ui/spinner';
import { TextField } from '../../../components/ui/text-field';
import { ApiError } from '../../../lib/api-client';
import { showToast } from '../../../lib/toast';
import type { WriteMember } from './member-dialogs';
import { RoleSelect } from './role-controls';

type InviteValues = { email: string; role: CreateInvitationRequest['role'] };

/**
 * An owner invites an address in a role. Every refusal shows where it belongs: one about the
 * address (not an address, already a member, already invited) under the field, the others (20
 * members and invitations, the sending limits) above the button; what was typed stays.
 */
export function InviteForm({ write }: { write: WriteMember }) {
  const [failure, setFailure] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    setError,
    setValue,
    control,
    reset,
    formState: { errors, isSubmitting },
  } = useForm<InviteValues, unknown, CreateInvitationRequest>({
    resolver: zodResolver(CreateInvitationRequest),
    defaultValues: { email: '', role: 'editor' },
  });
  const role = useWatch({ control, name: 'role' });

  const invite = handleSubmit(async (request) => {
    setFailure(null);
    try {
      await write({ kind: 'invite', request });
      reset({ email: '', role: request.role });
      showToast('success', texts.invited(request.email));
    } catch (error) {
      const fields = error instanceof ApiError ? error.fields : undefined;
      if (fields?.email) setError('email', { message: fields.email }, { shouldFocus: true });
      else setFailure(error instanceof Error && error.message ? error.message : texts.failed);
    }
  });

  return (
    <form
      noValidate
      onSubmit={(event) => void invite(event)}
      className="flex flex-col gap-4"
      aria-label={texts.inviteHeading}
    >
      <div className="grid gap-4 sm:grid-cols-[minmax(0,1fr)_12rem]">
        <TextField
          label={texts.emailLabel}
          type="email"
          autoComplete="off"
          inputMode="email"
          maxLength={254}
          error={errors.email?.message}
          hint={texts.emailHint}
          {...register('email')}
        />
        <RoleSelect
          label={texts.roleFieldLabel}
          value={role}
          onRoleChange={(chosen) => setValue('role', chosen)}
        />
      </div>
      {failure ? <Notice tone="danger" message={failure} testId="invite-failure" /> : null}
      <Button
        type="submit"
        className="w-full sm:w-fit"
        disabled={isSubmitting}
        aria-busy={isSubmitting}
      >
        {isSubmitting ? <Spinner /> : <Send aria-hidden="true" className="size-4" />}
        {isSubmitting ? texts.inviting : texts.invite}
      </Button>
    </form>
  );
}
