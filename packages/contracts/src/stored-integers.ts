import { z } from 'zod';

/**
 * The largest value of a PostgreSQL `integer` column. A whole number past it is refused as
 * input (400) rather than failing in the database (500).
 */
export const INTEGER_COLUMN_MAX = 2_147_483_647;

/** A whole number from `min` that an `integer` column can hold. */
export const StoredInteger = (min: number) => z.number().int().min(min).max(INTEGER_COLUMN_MAX);
