import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { z } from 'zod';
import {
  authErrorCodes,
  authFormTexts,
  authPageTitles,
  passwordMessages,
  PasswordField as PasswordRule,
  resetPasswordTexts,
} from '@si/contracts';
import { Button, buttonClasses } from '../../../components/ui/button';
import { Notice } from '../../../components/ui/notice';
import { PasswordField } from '../../../components/ui/password-field';
import { Spinner } from '../../../components/ui/spinner';
import { ApiError } from '../../../lib/api-client';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { useResetPassword } from '../api/reset-password';
import { AuthFrame } from './auth-frame';

/** The new password follows the sign-up rules; the confirmation must match it. */
const NewPasswordForm = z
  .object({ newPassword: PasswordRule, confirmPassword: z.string() })
  .refine((values) => values.newPassword === values.confirmPassword, {
    message: passwordMessages.mismatch,
    path: ['confirmPassword'],
  });
type NewPasswordValues = z.infer<typeof NewPasswordForm>;

function InvalidLink() {
  return (
    <Notice tone="danger" message={passwordMessages.resetLinkInvalid}>
      <Link to="/forgot-password" className="font-semibold underline underline-offset-4">
        {resetPasswordTexts.requestNewLink}
      </Link>
    </Notice>
  );
}

/** /reset-password?token=... : sets a new password, then goes to /login with the product's notice. */
export function ResetPasswordPage() {
  useDocumentTitle(authPageTitles.resetPassword);
  const [searchParams] = useSearchParams();
  const token = searchParams.get('token') ?? '';
  const navigate = useNavigate();
  const mutation = useResetPassword();
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors },
  } = useForm<NewPasswordValues>({
    resolver: zodResolver(NewPasswordForm),
    mode: 'onTouched',
    defaultValues: { newPassword: '', confirmPassword: '' },
  });

  const onSubmit = handleSubmit(({ newPassword }) => {
    if (mutation.isPending) return;
    mutation.mutate(
      { token, newPassword },
      {
        onSuccess: () =>
          void navigate('/login', {
            replace: true,
            state: { message: passwordMessages.resetDone },
          }),
        onError: (error) => {
          if (error instanceof ApiError && error.code === authErrorCodes.weakPassword) {
            setError('newPassword', { message: error.message });
          }
        },
      },
    );
  });

  const error = mutation.error;
  const linkInvalid =
    !token || (error instanceof ApiError && error.code === authErrorCodes.invalidResetToken);

  return (
    <AuthFrame heading={resetPasswordTexts.heading} subtitle={resetPasswordTexts.intro}>
      {linkInvalid ? (
        <InvalidLink />
      ) : (
        <>
          {error && !(error instanceof ApiError && error.code === authErrorCodes.weakPassword) ? (
            <Notice tone="danger" message={error.message} />
          ) : null}
          <form noValidate onSubmit={onSubmit} className="flex flex-col gap-4">
            <PasswordField
              label={resetPasswordTexts.newPassword}
              autoComplete="new-password"
              hint={authFormTexts.passwordHint}
              error={errors.newPassword?.message}
              showLabel={authFormTexts.showPassword}
              hideLabel={authFormTexts.hidePassword}
              {...register('newPassword')}
            />
            <PasswordField
              label={resetPasswordTexts.confirmPassword}
              autoComplete="new-password"
              error={errors.confirmPassword?.message}
              showLabel={authFormTexts.showPassword}
              hideLabel={authFormTexts.hidePassword}
              {...register('confirmPassword')}
            />
            <Button
              type="submit"
              disabled={mutation.isPending}
              aria-busy={mutation.isPending}
              className="w-full"
            >
              {mutation.isPending ? <Spinner /> : null}
              {mutation.isPending ? resetPasswordTexts.busy : resetPasswordTexts.submit}
            </Button>
          </form>
        </>
      )}
      <Link to="/login" className={buttonClasses('ghost', 'md', 'w-full')}>
        {authFormTexts.tabLogin}
      </Link>
    </AuthFrame>
  );
}
