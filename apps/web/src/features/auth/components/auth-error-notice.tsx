import { Link } from 'react-router';
import { authFormTexts } from '@si/contracts';
import { Notice } from '../../../components/ui/notice';
import { recoverableCodes, type AuthError } from '../hooks/use-auth-notices';

/**
 * A sign-in or sign-up error; an email already in use (or used with another method) also gets
 * 'Sign in with password' and 'Reset password' (docs/product.md#sign-in-sign-up-and-password-reset).
 */
export function AuthErrorNotice({ error }: { error: AuthError }) {
  return (
    <Notice tone="danger" message={error.message} testId="auth-error">
      {error.code && recoverableCodes.has(error.code) ? (
        <p className="flex flex-wrap gap-x-4 gap-y-1">
          <Link to="/login" className="font-semibold underline underline-offset-4">
            {authFormTexts.signInWithPassword}
          </Link>
          <Link to="/forgot-password" className="font-semibold underline underline-offset-4">
            {authFormTexts.resetPassword}
          </Link>
        </p>
      ) : null}
    </Notice>
  );
}
