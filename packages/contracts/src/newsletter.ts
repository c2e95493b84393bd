import { z } from 'zod';

export const NewsletterRequest = z
  .object({
    email: z
      .string()
      .trim()
      .toLowerCase()
      .max(254)
      .pipe(z.email({ message: 'Please enter a valid email address' })),
  })
  .strict();
export type NewsletterRequest = z.infer<typeof NewsletterRequest>;

export const NewsletterResult = z.object({ subscribed: z.literal(true) });
