/**
 * CSV that Excel opens into columns with å, ä and ö intact in every locale: UTF-16LE
 * with a byte-order mark, tab separators and CRLF line ends (decision record 003).
 * Browser-safe (no Buffer), so the admin app can write what a page shows.
 */

/** A plain number cannot be a formula; anything else that starts like one is kept as text. */
const PLAIN_NUMBER = /^[+-]?\d+(?:[.,]\d+)?$/;
const FORMULA_START = /^[=+\-@\t\r]/;

/**
 * One cell as written: quoted when it holds a separator, quote or line break, and
 * prefixed with ' when Excel would otherwise run it as a formula (=, +, -, @, tab, CR).
 */
export function excelCell(value: string): string {
  const safe = FORMULA_START.test(value) && !PLAIN_NUMBER.test(value) ? `'${value}` : value;
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
