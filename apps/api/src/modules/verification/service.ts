import { randomUUID } from 'node:crypto';
import {
  errorCodes,
  domainVerificationTexts as texts,
  verificationErrorCodes,
  websiteDomain,
  VERIFICATION_CODE_TTL_MINUTES,
  VERIFICATION_CODES_PER_HOUR,
  VERIFICATION_MAX_ATTEMPTS,
  type ConfirmVerificationRequest,
  type OrganizationVerification,
  type SendVerificationCodeRequest,
  type VerificationCodeSent,
} from '@si/contracts';
import type { EmailFooter } from '../../adapters/email/templates.ts';
import { domainCodeEmail } from '../../adapters/email/templates.ts';
import type { OutboxRepository } from '../../adapters/email/outbox-repository.ts';
import type { Database } from '../../db/client.ts';
import { AppError, badRequest } from '../../http/errors.ts';
import type { AuthSession } from '../../identity/session.ts';
import type { OrganizationService } from '../organizations/service.ts';
import type { CodeDigests } from './code-digest.ts';
import { isFreeMailDomain, isUnusableDomain } from './mail-domains.ts';
import type { VerificationRepository } from './repository.ts';

const HOUR_MS = 60 * 60 * 1000;
const DAY_MS = 24 * HOUR_MS;

export interface VerificationServiceOptions {
  db: Database;
  repository: VerificationRepository;
  organizations: Pick<OrganizationService, 'requireMemberOrganization'>;
  outbox: Pick<OutboxRepository, 'enqueue'>;
  digests: CodeDigests;
  publicUrl: string;
  emailFooter: EmailFooter;
  onEmailQueued?: () => void;
  now?: () => Date;
}

/**
 * Proving a website's domain (ADR 032): a code goes to an address on the domain of
 * the saved website, and the owner enters it within 30 minutes, in at most 5 attempts. Only
 * the organization's owner may ask; the address's domain is never taken from the request.
 */
export function createVerificationService(options: VerificationServiceOptions) {
  const { db, repository, organizations, outbox, digests } = options;
  const now = options.now ?? (() => new Date());
  const emailQueued = options.onEmailQueued ?? (() => {});
  const conflict = (code: string, message: string) => new AppError(409, code, message);

  /** The saved website's domain, if a code can be sent there. */
  function provableDomain(websiteUrl: string | null): string {
    const domain = websiteDomain(websiteUrl);
    if (!domain) throw conflict(verificationErrorCodes.noWebsite, texts.noSavedWebsite);
    if (isUnusableDomain(domain)) {
      throw badRequest(texts.domainUnusable(domain));
    }
    if (isFreeMailDomain(domain)) throw badRequest(texts.freeMailDomain(domain));
    return domain;
  }

  return {
    async sendCode(
      session: AuthSession | null,
      organizationId: string,
      input: SendVerificationCodeRequest,
    ): Promise<VerificationCodeSent> {
      const organization = await organizations.requireMemberOrganization(
        session,
        organizationId,
        'edit',
      );
      const userId = session!.user.id;
      const domain = provableDomain(organization.websiteUrl);
      const email = `${input.localPart}@${domain}`;
      const sentAt = now();
      const expiresAt = new Date(sentAt.getTime() + VERIFICATION_CODE_TTL_MINUTES * 60_000);
      await db.transaction(async (tx) => {
        const executor = tx as unknown as Database;
        await repository.lockOrganization(executor, organization.id);
        const sent = await repository.sentSince(
          executor,
          userId,
          domain,
          new Date(sentAt.getTime() - HOUR_MS),
        );
        if (
          sent.byUser >= VERIFICATION_CODES_PER_HOUR ||
          sent.toDomain >= VERIFICATION_CODES_PER_HOUR
        ) {
          throw new AppError(429, errorCodes.rateLimited, texts.tooManyCodes);
        }
        await repository.closeOpen(executor, organization.id, sentAt);
        // Rows older than the hourly limits count are of no use: each new code clears them.
        await repository.removeOlder(
          executor,
          organization.id,
          new Date(sentAt.getTime() - DAY_MS),
        );
        const id = randomUUID();
        const code = digests.newCode();
        await repository.insert(executor, {
          id,
          organizationId: organization.id,
          userId,
          domain,
          email,
          codeHash: digests.digestOf(id, code),
          expiresAt,
          createdAt: sentAt,
        });
        await outbox.enqueue(
          executor,
          userId,
          domainCodeEmail({
            to: email,
            code,
            domain,
            organizationName: organization.name,
            editorUrl: new URL(`/organizations/${organization.id}/edit`, options.publicUrl).href,
            ...options.emailFooter,
          }),
        );
      });
      emailQueued();
      return { email, expiresAt: expiresAt.toISOString() };
    },

    async confirm(
      session: AuthSession | null,
      organizationId: string,
      input: ConfirmVerificationRequest,
    ): Promise<OrganizationVerification> {
      const organization = await organizations.requireMemberOrganization(
        session,
        organizationId,
        'edit',
      );
      const domain = websiteDomain(organization.websiteUrl);
      // A wrong attempt is counted even though the request fails: the refusal is thrown only
      // once the transaction that counted it has committed.
      const outcome = await db.transaction(async (tx) => {
        const executor = tx as unknown as Database;
        await repository.lockOrganization(executor, organization.id);
        const open = await repository.openCode(executor, organization.id);
        const at = now();
        if (!open) return conflict(verificationErrorCodes.noCode, texts.noCode);
        // A code for a website the profile no longer has proves nothing now.
        if (open.expiresAt <= at || open.domain !== domain) {
          await repository.close(executor, open.id, at);
          return conflict(verificationErrorCodes.expired, texts.expired);
        }
        if (!digests.matches(open.id, input.code, open.codeHash)) {
          const attempts = open.attempts + 1;
          const used = attempts >= VERIFICATION_MAX_ATTEMPTS;
          await repository.countAttempt(executor, open.id, attempts, used ? at : null);
          if (used) return conflict(verificationErrorCodes.attemptsUsed, texts.attemptsUsed);
          const message = texts.wrongCode(VERIFICATION_MAX_ATTEMPTS - attempts);
          return new AppError(400, errorCodes.validation, message, { code: message });
        }
        await repository.close(executor, open.id, at);
        await repository.setBadge(executor, organization.id, open.domain, at);
        return { domain: open.domain, verifiedAt: at.toISOString() };
      });
      if (outcome instanceof AppError) throw outcome;
      return outcome;
    },
  };
}
export type VerificationService = ReturnType<typeof createVerificationService>;
