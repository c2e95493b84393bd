import { readAuthSecret } from '../../identity/secret.ts';
import type { VerifiedBackup } from './restore-backup.ts';

/** The restore's flag that accepts a secret other than the backup's. */
export const SIGN_EVERYONE_OUT = '--sign-everyone-out';

export type SecretPlan =
  /** `write`: the backup's secret, for DATA_DIR/auth-secret; null: the target's own is kept. */
  { write: string | null; notes: string[] } | { refusal: string };

const consequence =
  'every session would be signed out, and every unsubscribe link and domain code already emailed would stop working';

/**
 * What a restore does with the auth secret (ADR 036): sessions, unsubscribe links and domain
 * codes made before the backup hold only under the secret they were signed with, which the
 * backup keeps. The restore puts it back, or refuses when the restored server would sign with
 * another, unless the operator accepts that with SIGN_EVERYONE_OUT.
 */
export async function planRestoredSecret(
  backup: VerifiedBackup,
  target: { AUTH_SECRET?: string | undefined; DATA_DIR: string },
  { signEveryoneOut }: { signEveryoneOut: boolean },
): Promise<SecretPlan> {
  const refuse = (why: string, remedy: string): SecretPlan =>
    signEveryoneOut
      ? {
          write: null,
          notes: [`${why}: sessions and links emailed before the backup no longer work.`],
        }
      : {
          refusal: `${why}: restored, ${consequence}. ${remedy}, or run again with ${SIGN_EVERYONE_OUT} to accept that; nothing was restored`,
        };
  const archived = backup.authSecret;
  const current = await readAuthSecret(target.AUTH_SECRET, target.DATA_DIR);
  if (archived === null) {
    if (current?.source === 'environment') {
      return {
        write: null,
        notes: [
          'This backup was made by an older version and holds no auth secret: sessions and emailed links made before it work only if AUTH_SECRET is the value its server had.',
        ],
      };
    }
    return refuse(
      'This backup was made by an older version and holds no auth secret',
      'Set AUTH_SECRET to the value its server had',
    );
  }
  if (current?.source === 'environment') {
    if (current.value === archived) return { write: null, notes: [] };
    return refuse(
      'AUTH_SECRET is not the secret this backup was made with',
      `Set AUTH_SECRET to the backup's (tar -xzOf FILE auth-secret), or unset it (the backup's goes to DATA_DIR/auth-secret)`,
    );
  }
  if (current && current.value !== archived) {
    return refuse(
      'DATA_DIR/auth-secret holds another secret than this backup',
      'Remove that file (the backup’s takes its place) or point DATA_DIR elsewhere',
    );
  }
  return {
    write: archived,
    notes:
      backup.manifest.authSecret?.source === 'environment'
        ? [
            'The backup was made with AUTH_SECRET set: its value is now DATA_DIR/auth-secret. With several machines, set AUTH_SECRET to it on each.',
          ]
        : [],
  };
}
