const integerFormat = new Intl.NumberFormat('en-US');

/** 1284 -> "1,284" (DESIGN-BRIEF: numbers formatted for people). */
export function formatCount(value: number): string {
  return integerFormat.format(value);
}
