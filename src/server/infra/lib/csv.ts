import { stringify } from 'csv-stringify/sync';
import { formatDateTime } from '../../../contract/rules/dutch-date';

/**
 * Every CSV the portal writes (the audit trail, Inzicht, the complaints register) in the one
 * form a Dutch office opens by double-clicking (docs/decisions/057): a UTF-8 byte-order mark
 * (Excel then reads 'é' and 'ł' right), semicolons between cells (the list separator of Dutch
 * Windows, where the comma is the decimal sign), CRLF between records, a header row in the
 * reader's language, moments as dd-mm-jjjj uu:mm in Europe/Amsterdam. Quoting and escaping
 * are csv-stringify's (RFC 4180 with ';' as delimiter): a cell holding a ';', a quote or a line
 * break is quoted, so it stays one cell. Every text cell that a spreadsheet would run as a
 * formula is neutralised.
 */

export const CSV_DELIMITER = ';';
const BOM = '\uFEFF';

/** A cell: text (neutralised), a number, a moment (Date or ISO string through `csvMoment`), or empty. */
export type CsvCell = string | number | null | undefined;

/**
 * A text cell a spreadsheet would run as a formula (=, +, -, @, tab or carriage return first)
 * gets a leading apostrophe (OWASP "CSV injection"); Excel shows the text as typed. A plain
 * negative amount in Dutch notation ('-907,50', '-1.815,00') is no formula and stays a number.
 */
export function neutraliseFormula(value: string): string {
  if (/^-\d{1,3}(\.\d{3})*(,\d+)?$/.test(value)) return value;
  return /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
}

/** A moment as dd-mm-jjjj uu:mm in Europe/Amsterdam (a day alone as dd-mm-jjjj); empty for none. */
export function csvMoment(value: Date | string | null | undefined): string {
  return value == null || value === '' ? '' : formatDateTime(value);
}

/**
 * The file's text: BOM, the header row, then one record per row. Text cells are neutralised
 * here, so no caller can forget it; numbers are written as given.
 */
export function toCsv(header: readonly string[], rows: readonly (readonly CsvCell[])[]): string {
  const cell = (value: CsvCell) => (typeof value === 'number' ? String(value) : neutraliseFormula(value ?? ''));
  const records = [header.map(cell), ...rows.map((row) => row.map(cell))];
  return (
    BOM +
    stringify(records, {
      delimiter: CSV_DELIMITER,
      record_delimiter: '\r\n',
      quoted_match: /[;",\r\n\t]/,
    })
  );
}
