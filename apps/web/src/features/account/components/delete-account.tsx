import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { Dialog } from 'radix-ui';
import { z } from 'zod';
import {
  accountDeletionMessages,
  authErrorCodes,
  authFormTexts,
  dashboardTexts,
  DELETE_CONFIRMATION_WORD,
  providerNames,
  type CurrentUser,
  type SocialProviderId,
} from '@si/contracts';
import { Button } from '../../../components/ui/button';
import { DialogFrame } from '../../../components/ui/dialog-frame';
import { Notice } from '../../../components/ui/notice';
import { PasswordField } from '../../../components/ui/password-field';
import { Spinner } from '../../../components/ui/spinner';
import { TextField } from '../../../components/ui/text-field';
import { ApiError } from '../../../lib/api-client';
import { forgetUser } from '../../../lib/forget-user';
import { useAccountDeletionPreview, useDeleteAccount } from '../api/delete-account';
import { DashboardSection } from './dashboard-shell';
import { dangerButtonClasses } from '../../../components/ui/confirm-dialog';

/** docs/product.md#what-the-forms-check: type DELETE; email-and-password accounts also give their password. */
function deleteAccountSchema(requiresPassword: boolean) {
  return z.object({
    confirmation: z
      .string()
      .refine(
        (value) => value.trim() === DELETE_CONFIRMATION_WORD,
        accountDeletionMessages.typeDelete,
      ),
    password: requiresPassword
      ? z.string().min(1, accountDeletionMessages.passwordRequired)
      : z.string(),
  });
}
type DeleteAccountValues = z.infer<ReturnType<typeof deleteAccountSchema>>;

function socialProviderOf(user: CurrentUser): SocialProviderId | null {
  const provider = user.providers.find((id) => id === 'google' || id === 'github');
  return provider === 'google' || provider === 'github' ? provider : null;
}

export interface DeleteAccountProps {
  user: CurrentUser;
  /** Opens the dialog at once (back from re-authenticating with Google or GitHub). */
  initiallyOpen?: boolean;
  /** The error a re-authentication came back with, shown in the dialog. */
  initialError?: string | null;
  /** Starts a fresh sign-in with the provider, coming back to the settings with the dialog open. */
  reauthenticate: (provider: SocialProviderId) => Promise<void>;
}

function DeleteAccountForm({
  user,
  reauthenticate,
  initialError = null,
  onCancel,
}: Omit<DeleteAccountProps, 'initiallyOpen'> & { onCancel: () => void }) {
  const requiresPassword = user.providers.includes('password');
  const mutation = useDeleteAccount();
  const deletedWith = useAccountDeletionPreview().data?.organizations ?? [];
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [failure, setFailure] = useState<string | null>(initialError);
  const [redirecting, setRedirecting] = useState(false);
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors },
  } = useForm<DeleteAccountValues>({
    resolver: zodResolver(deleteAccountSchema(requiresPassword)),
    mode: 'onSubmit',
    defaultValues: { confirmation: '', password: '' },
  });

  const startReauthentication = async () => {
    const provider = socialProviderOf(user);
    if (!provider) {
      setFailure(accountDeletionMessages.unsupportedProvider(user.providers.join(', ')));
      return;
    }
    setFailure(accountDeletionMessages.reauthRequired(providerNames[provider]));
    setRedirecting(true);
    try {
      await reauthenticate(provider);
    } catch (error) {
      setRedirecting(false);
      setFailure(error instanceof Error ? error.message : accountDeletionMessages.failed);
    }
  };

  const validateAndDelete = handleSubmit(({ confirmation, password }) => {
    if (mutation.isPending) return;
    mutation.mutate(
      {
        confirmation: confirmation.trim(),
        ...(requiresPassword ? { password } : {}),
      },
      {
        onSuccess: async () => {
          // Leave the guarded page before the user disappears from the session; flushSync shows
          // its guard at once that the page is being left, so it does not send it to /login.
          await navigate('/', {
            replace: true,
            state: { message: accountDeletionMessages.deleted },
            flushSync: true,
          });
          await forgetUser(queryClient);
        },
        onError: (error) => {
          const code = error instanceof ApiError ? error.code : '';
          if (code === authErrorCodes.wrongPassword) {
            setError('password', { message: accountDeletionMessages.wrongPassword });
          } else if (code === authErrorCodes.passwordRequired) {
            setError('password', { message: accountDeletionMessages.passwordRequired });
          } else if (code === authErrorCodes.confirmationRequired) {
            setError('confirmation', { message: accountDeletionMessages.typeDelete });
          } else if (code === authErrorCodes.reauthenticationRequired) {
            void startReauthentication();
          } else if (error instanceof ApiError && error.isNotFound) {
            setFailure(accountDeletionMessages.notFound);
          } else {
            // The server's message, or the deletion call's own fallback (set in deleteAccount).
            setFailure(
              error instanceof ApiError && error.message
                ? error.message
                : accountDeletionMessages.failed,
            );
          }
        },
      },
    );
  });

  const busy = mutation.isPending || redirecting || mutation.isSuccess;
  return (
    <form
      noValidate
      onSubmit={(event) => {
        // The last answer goes with every send, also one that stops at a field's error.
        if (!mutation.isPending) setFailure(null);
        void validateAndDelete(event);
      }}
      className="flex flex-col gap-4"
    >
      {deletedWith.length > 0 ? (
        <Notice
          tone="danger"
          message={dashboardTexts.deletedWithAccount(deletedWith.map((one) => one.name))}
          testId="deleted-with-account"
        />
      ) : null}
      {failure ? (
        <Notice tone={redirecting ? 'info' : 'danger'} message={failure} testId="delete-failure" />
      ) : null}
      <TextField
        label={dashboardTexts.typeDeleteLabel(DELETE_CONFIRMATION_WORD)}
        autoComplete="off"
        autoCapitalize="characters"
        spellCheck={false}
        error={errors.confirmation?.message}
        {...register('confirmation')}
      />
      {requiresPassword ? (
        <PasswordField
          label={dashboardTexts.deletePasswordLabel}
          autoComplete="current-password"
          error={errors.password?.message}
          showLabel={authFormTexts.showPassword}
          hideLabel={authFormTexts.hidePassword}
          {...register('password')}
        />
      ) : null}
      <div className="mt-2 flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
        <Button variant="secondary" onClick={onCancel} disabled={mutation.isPending}>
          {dashboardTexts.cancel}
        </Button>
        <button type="submit" className={dangerButtonClasses} disabled={busy} aria-busy={busy}>
          {busy ? <Spinner /> : null}
          {busy ? dashboardTexts.deleting : dashboardTexts.deleteAccount}
        </button>
      </div>
    </form>
  );
}

/**
 * Delete Account: a danger card and its confirm dialog. The server asks Google and GitHub
 * accounts to sign in again when their session is older than a few minutes; the browser then
 * goes to the provider and comes back with the dialog open.
 */
export function DeleteAccount({
  user,
  initiallyOpen = false,
  initialError = null,
  reauthenticate,
}: DeleteAccountProps) {
  // Shown in the dialog it reopens with, not again once the dialog is closed.
  const [pendingError, setPendingError] = useState(initialError);
  const onOpenChange = (next: boolean) => {
    setOpen(next);
    if (!next) setPendingError(null);
  };
  const [open, setOpen] = useState(initiallyOpen);
  return (
    <DashboardSection
      id="delete-account"
      tone="danger"
      title={dashboardTexts.deleteAccount}
      description={dashboardTexts.deleteAccountIntro}
    >
      <DialogFrame
        open={open}
        onOpenChange={onOpenChange}
        trigger={
          <Dialog.Trigger className={`${dangerButtonClasses} w-full sm:w-fit`}>
            {dashboardTexts.deleteAccount}
          </Dialog.Trigger>
        }
        title={dashboardTexts.deleteDialogTitle}
        titleTone="danger"
        description={dashboardTexts.deleteDialogBody}
        closeLabel={dashboardTexts.cancel}
      >
        <DeleteAccountForm
          user={user}
          reauthenticate={reauthenticate}
          initialError={pendingError}
          onCancel={() => onOpenChange(false)}
        />
      </DialogFrame>
    </DashboardSection>
  );
}
