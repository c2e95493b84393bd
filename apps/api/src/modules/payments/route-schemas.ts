import { z } from 'zod';
import { ErrorBody } from '@si/contracts';
import type { PaymentService } from './service.ts';

/** What each of the payment route plugins is given (paymentRoutes registers them all). */
export interface PaymentRouteOptions {
  payments: PaymentService;
}

export const OrganizationParams = z.object({ organizationId: z.string().max(100) });
export const SessionParams = z.object({ sessionId: z.string().min(1).max(200) });
export const ownerErrors = { 400: ErrorBody, 401: ErrorBody, 403: ErrorBody, 404: ErrorBody };
export const tags = ['payments'];
