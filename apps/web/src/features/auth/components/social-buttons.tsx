import { useState } from 'react';
import {
  authFormTexts,
  providerNames,
  socialProviders,
  type SocialProviderId,
} from '@si/contracts';
import { Button } from '../../../components/ui/button';
import { Spinner } from '../../../components/ui/spinner';
import { startSocialSignIn } from '../api/social-sign-in';
import { toAuthError, type AuthError } from '../hooks/use-auth-notices';
import { GitHubMark, GoogleMark } from './provider-icons';

const marks = { google: GoogleMark, github: GitHubMark } as const;

/**
 * 'Continue with Google' and 'Continue with GitHub'. The browser leaves for the provider and
 * comes back to callbackPath; an unconfigured provider answers with the product's message.
 */
export function SocialButtons({
  callbackPath,
  disabled = false,
  onError,
}: {
  callbackPath: (provider: SocialProviderId) => string;
  disabled?: boolean;
  onError: (error: AuthError | null) => void;
}) {
  const [pending, setPending] = useState<SocialProviderId | null>(null);

  const start = async (provider: SocialProviderId) => {
    onError(null);
    setPending(provider);
    try {
      await startSocialSignIn(provider, callbackPath(provider));
    } catch (error) {
      onError(toAuthError(error));
      setPending(null);
    }
  };

  return (
    <div className="grid gap-3">
      {socialProviders.map((provider) => {
        const Mark = marks[provider];
        const busy = pending === provider;
        return (
          <Button
            key={provider}
            variant="secondary"
            disabled={disabled || pending !== null}
            aria-busy={busy}
            onClick={() => void start(provider)}
          >
            {busy ? <Spinner className="size-5" /> : <Mark className="size-5" />}
            {busy ? authFormTexts.redirecting : authFormTexts.continueWith(providerNames[provider])}
          </Button>
        );
      })}
    </div>
  );
}
