import { runGuestCodeCommand } from './guest-code-commands.ts';
import {
  createPaymentCommandContext,
  type PaymentCommandOptions,
} from './payment-command-context.ts';
import { runSubscriptionCommand } from './subscription-commands.ts';

export const paymentUsage = `  guest-code create --code X --uses N --expires YYYY-MM-DD --months M
  guest-code list
  guest-code disable --code X
  subscriptions list          every organization's subscriptions and their state
  organization unpublish ID   take a profile out of the directory, whatever its subscription
  organization republish ID   let its subscription decide again
  subscription renew ID       test mode: the organization's subscription renews
  subscription fail ID        test mode: its renewal payment fails (the grace period starts)
  subscription refund ID      test mode: its payment is refunded at the provider (not published)
  subscription dispute ID     test mode: its payment is disputed (not published)
  subscription dispute-won ID test mode: the dispute is won (published again if still paid)
  lapses run [--at DATE]      apply ends and reminders now (or as of DATE)`;

/**
 * Operator commands for payments (docs/product.md#operators). Returns false for a command it
 * does not know. Output goes to stdout as plain lines an operator can read or grep.
 */
export async function runPaymentCommand(
  command: string,
  args: string[],
  options: PaymentCommandOptions,
): Promise<boolean> {
  const context = createPaymentCommandContext(options);
  const [action, ...rest] = args;
  const line = `${command} ${action ?? ''}`.trim();
  return (
    (await runGuestCodeCommand(line, rest, context)) ||
    runSubscriptionCommand(line, action, rest, context)
  );
}
