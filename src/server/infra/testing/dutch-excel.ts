import { parse } from 'csv-parse/sync';

/**
 * Reads a CSV as Excel on a Dutch Windows opens it by double-clicking: UTF-8 only with a
 * byte-order mark (without one it reads Windows-1252 and 'é' turns into 'Ã©'), cells split on
 * ';' (the Dutch list separator), quotes per RFC 4180. Throws where Excel would show a mess.
 */
export function openAsDutchExcel(body: string): string[][] {
  if (!body.startsWith('\uFEFF')) throw new Error('No byte-order mark: Excel would read the file as Windows-1252');
  const rows = parse(body.slice(1), { delimiter: ';', relax_quotes: false, relax_column_count: false }) as string[][];
  for (const row of rows)
    for (const cell of row)
      if (/^[=+\-@\t\r]/.test(cell)) throw new Error(`Excel would run this cell as a formula: ${cell}`);
  return rows;
}

/** dd-mm-jjjj uu:mm, the moments of every CSV. */
export const CSV_MOMENT = /^\d{2}-\d{2}-\d{4} \d{2}:\d{2}$/;
