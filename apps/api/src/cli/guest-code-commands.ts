import { parseArgs } from 'node:util';
import { countOf } from '@si/contracts';
import {
  day,
  shortDate,
  wholeNumber,
  type PaymentCommandContext,
} from './payment-command-context.ts';

/** `guest-code create|list|disable`; false for any other command. */
export async function runGuestCodeCommand(
  command: string,
  rest: string[],
  { db, repository, audited, print }: PaymentCommandContext,
): Promise<boolean> {
  switch (command) {
    case 'guest-code create': {
      const { values } = parseArgs({
        args: rest,
        options: {
          code: { type: 'string' },
          uses: { type: 'string' },
          expires: { type: 'string' },
          months: { type: 'string' },
        },
      });
      const code = values.code?.trim() ?? '';
      if (!/^[\w-]{3,64}$/.test(code)) {
        throw new Error('--code must be 3 to 64 letters, digits, - or _');
      }
      // A code works through the whole of its expiry day (UTC).
      const expiresAt = new Date(
        day(values.expires, '--expires').getTime() + 24 * 60 * 60 * 1000 - 1,
      );
      if (expiresAt <= new Date()) throw new Error('--expires must be in the future');
      if (await repository.findGuestCode(db, code)) {
        throw new Error(`A guest code "${code}" exists already (codes ignore case)`);
      }
      const created = await repository.createGuestCode({
        code,
        maxUses: wholeNumber(values.uses, '--uses', 100_000),
        expiresAt,
        grantMonths: wholeNumber(values.months, '--months', 120),
      });
      await audited({
        action: 'guest-code.create',
        targetType: 'guest-code',
        targetId: created.id,
        targetLabel: created.code,
        details: { maxUses: created.maxUses, grantMonths: created.grantMonths },
      });
      print(
        `created ${created.code}: ${countOf(created.maxUses, 'use', 'uses')}, ${countOf(created.grantMonths, 'month', 'months')} each, expires ${shortDate(created.expiresAt)}`,
      );
      return true;
    }
    case 'guest-code list': {
      const codes = await repository.listGuestCodes();
      if (codes.length === 0) print('no guest codes');
      const now = new Date();
      for (const code of codes) {
        const state = code.disabledAt
          ? 'disabled'
          : code.expiresAt <= now
            ? 'expired'
            : code.uses >= code.maxUses
              ? 'used up'
              : 'active';
        print(
          `${code.code}\t${state}\t${code.uses}/${code.maxUses} used\t${countOf(code.grantMonths, 'month', 'months')}\texpires ${shortDate(code.expiresAt)}`,
        );
      }
      return true;
    }
    case 'guest-code disable': {
      const { values } = parseArgs({ args: rest, options: { code: { type: 'string' } } });
      const disabled = await repository.disableGuestCode(values.code ?? '');
      if (!disabled) throw new Error(`No active guest code "${values.code ?? ''}"`);
      await audited({
        action: 'guest-code.disable',
        targetType: 'guest-code',
        targetId: disabled.id,
        targetLabel: disabled.code,
      });
      print(`disabled ${disabled.code}`);
      return true;
    }
    default:
      return false;
  }
}
