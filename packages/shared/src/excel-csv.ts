/**
 * CSV that Excel opens into columns with å, ä and ö intact in every locale: UTF-16LE
 * with a byte-order mark, tab separators and CRLF line ends (decision record 003).
 * The one home of that form: the API's apartment export and the admin app's statistics
 * export both write it. Browser-safe (no Buffer).
 *
 * A cell that Excel or LibreOffice would read as a formula (it starts with =, +, -, @,
 * a tab or a carriage return) is written with a leading apostrophe, so a bostad of
 * `=HYPERLINK(…)` shows as text instead of running. Plain numbers ("-1", "-70,5") stay
 * as they are: they are no formula and Excel keeps them numbers. `restoreFormula` takes
 * the apostrophe off again, so an export imports back unchanged (decision record 009).
 */

/** Starts like a formula, possibly behind apostrophes that are the value's own. */
const FORMULA_START = /^'*[=+\-@\t\r]/;
const PLAIN_NUMBER = /^[-+]?\d+(?:[.,]\d+)?$/;

/** The cell to write for `value`: one apostrophe more when a spreadsheet would read a formula. */
export function neutraliseFormula(value: string): string {
  return FORMULA_START.test(value) && !PLAIN_NUMBER.test(value) ? `'${value}` : value;
}

/** The value a neutralised cell stands for (the inverse of `neutraliseFormula`). */
export function restoreFormula(cell: string): string {
  return cell.startsWith("'") && FORMULA_START.test(cell) ? cell.slice(1) : cell;
}

/** One cell as written: formula-safe, and quoted when it holds a separator, quote or line break. */
export function excelCell(value: string): string {
  const safe = neutraliseFormula(value);
  return /[\t\n\r"]/.test(safe) ? `"${safe.replace(/"/g, '""')}"` : safe;
}

/** The text of the file, rows of cells, without the byte-order mark. */
export function excelCsvText(rows: readonly (readonly string[])[]): string {
  return rows.map((row) => row.map(excelCell).join('\t')).join('\r\n') + '\r\n';
}

/** The file's bytes: a UTF-16LE byte-order mark and the text in UTF-16LE. */
export function excelCsv(rows: readonly (readonly string[])[]): Uint8Array {
  const text = excelCsvText(rows);
  const bytes = new Uint8Array(2 + text.length * 2);
  bytes[0] = 0xff;
  bytes[1] = 0xfe;
  for (let i = 0; i < text.length; i++) {
    const unit = text.charCodeAt(i);
    bytes[2 + i * 2] = unit & 0xff;
    bytes[3 + i * 2] = unit >> 8;
  }
  return bytes;
}
