import { z } from 'zod';

/** A setting naming an IANA time zone this runtime knows ('Europe/Berlin', 'UTC'). */
export const timeZone = z.string().refine((name) => {
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: name });
    return true;
  } catch {
    return false;
  }
}, 'an IANA time zone, such as America/New_York or UTC');
