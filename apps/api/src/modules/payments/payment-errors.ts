import { paymentErrorCodes, paymentMessages } from '@si/contracts';
import { AppError } from '../../http/errors.ts';
import { ProviderUnavailableError } from './providers/provider.ts';

export const conflict = (code: string, message: string) => new AppError(409, code, message);
const providerUnavailable = () =>
  new AppError(502, paymentErrorCodes.providerUnavailable, paymentMessages.providerUnavailable);

/** Turns a provider failure into the API's 502: nothing was changed on our side. */
export async function atProvider<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (error instanceof ProviderUnavailableError) throw providerUnavailable();
    throw error;
  }
}
