import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { Link } from 'react-router';
import { z } from 'zod';
import { authFormTexts, SignInForm, SignUpForm } from '@si/contracts';
import { Button } from '../../../components/ui/button';
import { PasswordField } from '../../../components/ui/password-field';
import { Spinner } from '../../../components/ui/spinner';
import { TextField } from '../../../components/ui/text-field';
import type { EmailCredentials } from '../api/sign-in';

/** Sign-in needs any password (with a message of its own); sign-up applies the password rules. */
const schemas = {
  login: SignInForm.extend({ password: z.string().min(1, authFormTexts.passwordRequired) }),
  signup: SignUpForm,
} as const;

export type AuthMode = keyof typeof schemas;

/**
 * Email and password, validated on blur and on submit; what was typed stays when the server
 * refuses. onSend runs each time the form is sent, before validation, so that the page can
 * drop the server's last answer even when the new values never reach it.
 */
export function EmailPasswordForm({
  mode,
  busy,
  onSend,
  onSubmit,
}: {
  mode: AuthMode;
  busy: boolean;
  onSend: () => void;
  onSubmit: (credentials: EmailCredentials) => Promise<void>;
}) {
  const {
    register,
    handleSubmit,
    formState: { errors, isSubmitting },
  } = useForm<EmailCredentials>({
    resolver: zodResolver(schemas[mode]),
    mode: 'onTouched',
    defaultValues: { email: '', password: '' },
  });
  const login = mode === 'login';
  const working = busy || isSubmitting;

  return (
    <form
      noValidate
      onSubmit={(event) => {
        onSend();
        void handleSubmit(onSubmit)(event);
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
      <div className="flex flex-col gap-1.5">
        <PasswordField
          label={authFormTexts.password}
          autoComplete={login ? 'current-password' : 'new-password'}
          hint={login ? undefined : authFormTexts.passwordHint}
          error={errors.password?.message}
          showLabel={authFormTexts.showPassword}
          hideLabel={authFormTexts.hidePassword}
          {...register('password')}
        />
        {login ? (
          <Link
            to="/forgot-password"
            className="inline-flex min-h-touch items-center self-end text-sm font-semibold text-brand-ink underline-offset-4 hover:underline sm:min-h-8"
          >
            {authFormTexts.forgotPassword}
          </Link>
        ) : null}
      </div>
      <Button type="submit" disabled={working} aria-busy={working} className="mt-1 w-full">
        {working ? <Spinner /> : null}
        {login
          ? working
            ? authFormTexts.loginBusy
            : authFormTexts.loginSubmit
          : working
            ? authFormTexts.signupBusy
            : authFormTexts.signupSubmit}
      </Button>
    </form>
  );
}
