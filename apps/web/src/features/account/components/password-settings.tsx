import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { z } from 'zod';
import {
  authErrorCodes,
  authFormTexts,
  dashboardTexts,
  passwordMessages,
  PASSWORD_MAX_LENGTH,
  PASSWORD_MIN_LENGTH,
  providerNames,
  type CurrentUser,
} from '@si/contracts';
import { Button } from '../../../components/ui/button';
import { Notice } from '../../../components/ui/notice';
import { PasswordField } from '../../../components/ui/password-field';
import { Spinner } from '../../../components/ui/spinner';
import { ApiError } from '../../../lib/api-client';
import { showToast } from '../../../lib/toast';
import { useChangePassword } from '../api/change-password';
import { DashboardSection } from './dashboard-shell';

/** docs/product.md#what-the-forms-check: at least 6 characters, and the confirmation must match. */
const ChangePasswordForm = z
  .object({
    currentPassword: z.string().min(1, dashboardTexts.currentPasswordRequired),
    newPassword: z
      .string()
      .min(PASSWORD_MIN_LENGTH, passwordMessages.tooShort)
      .max(PASSWORD_MAX_LENGTH),
    confirmPassword: z.string(),
  })
  .refine((values) => values.newPassword === values.confirmPassword, {
    message: passwordMessages.mismatch,
    path: ['confirmPassword'],
  });
type ChangePasswordValues = z.infer<typeof ChangePasswordForm>;

const emptyValues: ChangePasswordValues = {
  currentPassword: '',
  newPassword: '',
  confirmPassword: '',
};

/** The provider a password-less account signs in with, for the product's 'unavailable' notice. */
function socialProviderName(user: CurrentUser): string {
  const provider = user.providers.find((id) => id !== 'password');
  return provider ? providerNames[provider] : 'another provider';
}

function ChangePasswordFormView() {
  const mutation = useChangePassword();
  const {
    register,
    handleSubmit,
    reset,
    setError,
    formState: { errors },
  } = useForm<ChangePasswordValues>({
    resolver: zodResolver(ChangePasswordForm),
    mode: 'onTouched',
    defaultValues: emptyValues,
  });
  const onSubmit = handleSubmit(({ currentPassword, newPassword }) => {
    if (mutation.isPending) return;
    mutation.mutate(
      { currentPassword, newPassword },
      {
        onSuccess: () => {
          showToast('success', passwordMessages.passwordUpdated);
          reset(emptyValues);
        },
        onError: (error) => {
          if (error instanceof ApiError && error.code === authErrorCodes.wrongPassword) {
            setError('currentPassword', { message: error.message });
          } else if (error instanceof ApiError && error.code === authErrorCodes.weakPassword) {
            setError('newPassword', { message: error.message });
          } else {
            showToast('error', passwordMessages.passwordUpdateFailed);
          }
        },
      },
    );
  });
  const fieldTexts = {
    showLabel: authFormTexts.showPassword,
    hideLabel: authFormTexts.hidePassword,
  };
  return (
    <form noValidate onSubmit={onSubmit} className="flex max-w-md flex-col gap-4">
      <PasswordField
        label={dashboardTexts.currentPassword}
        autoComplete="current-password"
        error={errors.currentPassword?.message}
        {...fieldTexts}
        {...register('currentPassword')}
      />
      <PasswordField
        label={dashboardTexts.newPassword}
        autoComplete="new-password"
        hint={authFormTexts.passwordHint}
        error={errors.newPassword?.message}
        {...fieldTexts}
        {...register('newPassword')}
      />
      <PasswordField
        label={dashboardTexts.confirmPassword}
        autoComplete="new-password"
        error={errors.confirmPassword?.message}
        {...fieldTexts}
        {...register('confirmPassword')}
      />
      <Button
        type="submit"
        className="w-full sm:w-fit"
        disabled={mutation.isPending}
        aria-busy={mutation.isPending}
      >
        {mutation.isPending ? <Spinner /> : null}
        {mutation.isPending ? dashboardTexts.updatingPassword : dashboardTexts.updatePassword}
      </Button>
    </form>
  );
}

/**
 * Change Password, for accounts that sign in with email and password; others are told that
 * their provider manages the password (docs/product.md#account-area).
 */
export function PasswordSettings({ user }: { user: CurrentUser }) {
  const hasPassword = user.providers.includes('password');
  return (
    <DashboardSection id="change-password" title={dashboardTexts.changePassword}>
      {hasPassword ? (
        <ChangePasswordFormView />
      ) : (
        <Notice
          message={passwordMessages.unavailable.replace('{provider}', socialProviderName(user))}
        />
      )}
    </DashboardSection>
  );
}
