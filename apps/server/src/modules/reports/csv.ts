/**
 * CSV as spreadsheets read it: UTF-8 with a byte-order mark (so Excel shows Thai), CRLF lines, every
 * cell quoted when it holds a quote, comma or line break (quotes doubled, RFC 4180).
 *
 * Text cells are data people typed (usernames, game names): a text cell starting with `=`, `+`, `-`,
 * `@`, a tab or a carriage return would run as a formula in Excel or LibreOffice, so it gets a leading
 * `'` (OWASP's CSV injection advice). Numbers the report computed are given as `number` cells and kept
 * as they are, so a negative GGR stays a number.
 */
export type CsvCell = string | { number: string | number } | null;

const formulaStart = /^[=+\-@\t\r]/;
const needsQuotes = /[",\r\n]/;

export function csvCell(cell: CsvCell): string {
  if (cell === null) return '';
  const text = typeof cell === 'string' ? (formulaStart.test(cell) ? `'${cell}` : cell) : String(cell.number);
  return needsQuotes.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

export function toCsv(header: readonly string[], rows: readonly (readonly CsvCell[])[]): string {
  const lines = [header.map(csvCell), ...rows.map((row) => row.map(csvCell))];
  return `\uFEFF${lines.map((cells) => cells.join(',')).join('\r\n')}\r\n`;
}

/** A number cell (amounts, counts, percentages the report computed). */
export const num = (value: string | number | null): CsvCell => (value === null ? null : { number: value });
