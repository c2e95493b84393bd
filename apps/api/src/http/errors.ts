import { errorCodes } from '@si/contracts';

/** An error a service raises for the client to see: status, code and a message meant for people. */
export class AppError extends Error {
  constructor(
    readonly statusCode: number,
    readonly code: string,
    message: string,
    readonly fields?: Record<string, string>,
  ) {
    super(message);
    this.name = 'AppError';
  }
}

export const badRequest = (message: string, fields?: Record<string, string>) =>
  new AppError(400, errorCodes.badRequest, message, fields);
export const notFound = (message: string) => new AppError(404, errorCodes.notFound, message);
