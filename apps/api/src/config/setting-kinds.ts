import { z } from 'zod';

/** An on/off setting, in any of the spellings people use. */
export const booleanFlag = z
  .enum(['on', 'off', 'true', 'false', '1', '0'])
  .transform((value) => value === 'on' || value === 'true' || value === '1');
