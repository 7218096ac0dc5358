import { CSV_FIELDS, csvKeyOfHeader, excelCsv, restoreFormula, type ApartmentCsvKey } from '@planvy/shared';

/**
 * Apartments as CSV for Excel. Export is the one Excel form of `excelCsv` in shared
 * (UTF-16LE with a BOM and tabs, formula-like cells behind an apostrophe): the form
 * Excel opens into columns with å, ä, ö intact whatever the user's locale (a comma file
 * splits wrongly in Swedish Excel, a semicolon file in English Excel). Decimals follow
 * the chosen language (70,5 in Swedish, 70.5 in English). Import accepts that form back
 * (apostrophes taken off again, so an export imports back unchanged), and also UTF-8
 * with ; , or tab separators.
 */

export type CsvLang = 'sv' | 'en';

/** A row by the catalogue's CSV columns (CSV_FIELDS, in shared). */
export type CsvKey = ApartmentCsvKey;
export type CsvRecord = Partial<Record<CsvKey, string>>;

export function formatNumber(n: number | null, lang: CsvLang): string {
  if (n === null) return '';
  const s = String(n);
  return lang === 'sv' ? s.replace('.', ',') : s;
}

/** Builds the file: UTF-16LE bytes with a BOM. */
export function buildCsv(records: CsvRecord[], lang: CsvLang): Buffer {
  const rows = [CSV_FIELDS.map((c) => c[lang]), ...records.map((r) => CSV_FIELDS.map((c) => r[c.key] ?? ''))];
  return Buffer.from(excelCsv(rows));
}

export function decodeCsv(bytes: Buffer): string {
  if (bytes[0] === 0xff && bytes[1] === 0xfe) return bytes.subarray(2).toString('utf16le');
  if (bytes[0] === 0xfe && bytes[1] === 0xff) {
    const swapped = Buffer.from(bytes.subarray(2));
    swapped.swap16();
    return swapped.toString('utf16le');
  }
  const text = bytes.toString('utf8');
  return text.charCodeAt(0) === 0xfeff ? text.slice(1) : text;
}

/** RFC 4180 parsing with the separator guessed from the header line. */
export function parseCsv(text: string): string[][] {
  const firstLine = text.split(/\r?\n/, 1)[0] ?? '';
  const counts = ['\t', ';', ','].map((sep) => [sep, firstLine.split(sep).length] as const);
  const sep = counts.reduce((best, c) => (c[1] > best[1] ? c : best))[0];
  const rows: string[][] = [];
  let row: string[] = [];
  let field = '';
  let inQuotes = false;
  for (let i = 0; i < text.length; i++) {
    const ch = text[i]!;
    if (inQuotes) {
      if (ch === '"') {
        if (text[i + 1] === '"') {
          field += '"';
          i++;
        } else inQuotes = false;
      } else field += ch;
    } else if (ch === '"' && field === '') inQuotes = true;
    else if (ch === sep) {
      row.push(field);
      field = '';
    } else if (ch === '\n' || ch === '\r') {
      if (ch === '\r' && text[i + 1] === '\n') i++;
      row.push(field);
      rows.push(row);
      row = [];
      field = '';
    } else field += ch;
  }
  if (field !== '' || row.length > 0) {
    row.push(field);
    rows.push(row);
  }
  return rows.filter((r) => r.some((cell) => cell.trim() !== ''));
}

export interface ParsedImport {
  records: { line: number; record: CsvRecord }[];
  unknownColumns: string[];
}

/** Maps the header row to known columns; other columns are ignored and reported. */
export function readImport(text: string): ParsedImport {
  const [header, ...rows] = parseCsv(text);
  if (!header) return { records: [], unknownColumns: [] };
  const keys = header.map(csvKeyOfHeader);
  const unknownColumns = header.filter((_h, i) => keys[i] === undefined).filter((h) => h.trim() !== '');
  return {
    unknownColumns,
    records: rows.map((cells, i) => {
      const record: CsvRecord = {};
      keys.forEach((key, col) => {
        if (key) record[key] = restoreFormula((cells[col] ?? '').trim()).trim();
      });
      return { line: i + 2, record };
    }),
  };
}
