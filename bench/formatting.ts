/** The benchmark's progress on stderr and the small formats of its tables and notes. */

export function log(message: string) {
  process.stderr.write(`${message}\n`);
}
export const orgs = (size: number) => size.toLocaleString('en-US');
export const seconds = (since: number) => (Date.now() - since) / 1000;
export const processCount = (count: number) => `${count} process${count === 1 ? '' : 'es'}`;
export const milliseconds = (value: number) => (value < 10 ? value.toFixed(1) : value.toFixed(0));
export const percent = (value: number) => `${(value * 100).toFixed(0)}%`;

/** A table cell: a negative width pads on the right (text), a positive one on the left. */
export const cell = (value: string | number, width: number) =>
  width < 0 ? String(value).padEnd(-width) : ` ${String(value).padStart(width - 1)}`;

/** A table's lines: its titles, then one line per row. */
export function table<Row>(
  columns: [string, number, (row: Row) => string | number][],
  rows: Row[],
) {
  return [
    columns.map(([title, width]) => cell(title, width)).join(''),
    ...rows.map((row) => columns.map(([, width, value]) => cell(value(row), width)).join('')),
  ];
}
