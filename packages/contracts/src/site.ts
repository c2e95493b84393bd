import { z } from 'zod';

export const SiteInfo = z.object({
  supportEmail: z.string(),
  supportPhone: z.string(),
  supportAddress: z.string(),
  dataDeletionSubject: z.string(),
});
export type SiteInfo = z.infer<typeof SiteInfo>;
