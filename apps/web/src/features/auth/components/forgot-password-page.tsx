import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { Link } from 'react-router';
import {
  authPageTitles,
  ForgotPasswordForm,
  forgotPasswordTexts,
  authFormTexts,
  passwordMessages,
} from '@si/contracts';
import { Button, buttonClasses } from '../../../components/ui/button';
import { Notice } from '../../../components/ui/notice';
import { Spinner } from '../../../components/ui/spinner';
import { TextField } from '../../../components/ui/text-field';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { useRequestPasswordReset } from '../api/request-password-reset';
import { AuthFrame } from './auth-frame';

/** /forgot-password: asks for the reset email; the answer is the same whether the account exists. */
export function ForgotPasswordPage() {
  useDocumentTitle(authPageTitles.forgotPassword);
  const mutation = useRequestPasswordReset();
  const {
    register,
    handleSubmit,
    formState: { errors },
  } = useForm<{ email: string }>({
    resolver: zodResolver(ForgotPasswordForm),
    mode: 'onTouched',
    defaultValues: { email: '' },
  });

  const validateAndSend = handleSubmit(({ email }) => {
    if (!mutation.isPending) mutation.mutate(email);
  });

  return (
    <AuthFrame
      heading={forgotPasswordTexts.heading}
      subtitle={forgotPasswordTexts.intro}
      footer={
        <p>
          {forgotPasswordTexts.remembered}{' '}
          <Link
            to="/login"
            className="font-semibold text-brand-ink underline-offset-4 hover:underline"
          >
            {forgotPasswordTexts.login}
          </Link>
        </p>
      }
    >
      {mutation.isSuccess ? <Notice tone="success" message={passwordMessages.resetSent} /> : null}
      {mutation.isError ? (
        <Notice tone="danger" message={passwordMessages.resetFailed(mutation.error.message)} />
      ) : null}
      <form
        noValidate
        onSubmit={(event) => {
          // The last answer goes with every send, also one that stops at the field's error.
          if (!mutation.isPending) mutation.reset();
          void validateAndSend(event);
        }}
        className="flex flex-col gap-4"
      >
        <TextField
          label={authFormTexts.email}
          type="email"
          autoComplete="email"
          inputMode="email"
          placeholder={authFormTexts.emailPlaceholder}
          error={errors.email?.message}
          {...register('email')}
        />
        <Button
          type="submit"
          disabled={mutation.isPending}
          aria-busy={mutation.isPending}
          className="w-full"
        >
          {mutation.isPending ? <Spinner /> : null}
          {mutation.isPending ? forgotPasswordTexts.busy : forgotPasswordTexts.submit}
        </Button>
      </form>
      <Link to="/" className={buttonClasses('ghost', 'md', 'w-full')}>
        {forgotPasswordTexts.backHome}
      </Link>
    </AuthFrame>
  );
}
