import { isUtf8 } from 'node:buffer';
import chardet from 'chardet';
import iconv from 'iconv-lite';
import { CSV_FIELDS, csvKeyOfHeader, excelCsv, restoreFormula, type ApartmentCsvKey } from '@planvy/shared';

/**
 * Apartments as CSV for Excel. Export is the one Excel form of `excelCsv` in shared
 * (UTF-16LE with a BOM and tabs, formula-like cells behind an apostrophe): the form
 * Excel opens into columns with å, ä, ö intact whatever the user's locale (a comma file
 * splits wrongly in Swedish Excel, a semicolon file in English Excel). Decimals follow
 * the chosen language (70,5 in Swedish, 70.5 in English). Import accepts that form back
 * (apostrophes taken off again, so an export imports back unchanged), and what people
 * have besides: UTF-8 with or without a BOM, UTF-16 either way round, and Windows-1252
 * (Excel's "CSV (semikolonavgränsad)" on Swedish Windows), with ; , or tab separators.
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

/** The encodings an import reads; anything else chardet names is read as iconv-lite knows it. */
export type CsvEncoding = 'utf-8' | 'utf-16le' | 'utf-16be' | 'windows-1252' | (string & {});

/** How much of a file the encoding and separator guesses look at. */
const SAMPLE_BYTES = 64 * 1024;
const SAMPLE_ROWS = 20;

/**
 * UTF-16 without a byte-order mark, told by its NUL bytes: text that is mostly Latin has
 * a NUL in every other byte, the odd ones in little-endian, the even ones in big-endian.
 * A stray NUL in a UTF-8 file is far from that (and refused later as unstorable).
 */
function utf16ByNuls(sample: Uint8Array): 'utf-16le' | 'utf-16be' | undefined {
  const pairs = Math.floor(sample.length / 2);
  if (pairs < 2) return undefined;
  let even = 0;
  let odd = 0;
  for (let i = 0; i < pairs * 2; i += 2) {
    if (sample[i] === 0) even++;
    if (sample[i + 1] === 0) odd++;
  }
  if (odd >= pairs * 0.3 && even <= pairs * 0.05) return 'utf-16le';
  if (even >= pairs * 0.3 && odd <= pairs * 0.05) return 'utf-16be';
  return undefined;
}

/**
 * A file that is not UTF-8: Windows-1252, what Excel on Swedish (and English) Windows writes
 * as "CSV (semikolonavgränsad)" and a superset of Latin-1, unless chardet is sure of another
 * encoding iconv-lite reads. Sure means a confidence of 50 or more: on a short Swedish file
 * chardet guesses Shift_JIS with 10, while real Shift_JIS or Windows-1251 text scores 50–100.
 */
function legacyEncoding(sample: Uint8Array): CsvEncoding {
  const [best] = chardet.analyse(sample);
  if (!best || best.confidence < 50) return 'windows-1252';
  const name = best.name.toLowerCase();
  const latin1 = name === 'iso-8859-1' || name === 'windows-1252';
  return latin1 || name.startsWith('utf') || !iconv.encodingExists(name) ? 'windows-1252' : name;
}

/**
 * The file's encoding: a byte-order mark decides (UTF-8, UTF-16LE, UTF-16BE); then UTF-16
 * by its NUL bytes; then a file that decodes as UTF-8 is UTF-8 (valid UTF-8 is never taken
 * for anything else); the rest is guessed by chardet (`legacyEncoding`).
 */
export function detectEncoding(bytes: Uint8Array): CsvEncoding {
  if (bytes[0] === 0xef && bytes[1] === 0xbb && bytes[2] === 0xbf) return 'utf-8';
  if (bytes[0] === 0xff && bytes[1] === 0xfe) return 'utf-16le';
  if (bytes[0] === 0xfe && bytes[1] === 0xff) return 'utf-16be';
  const sample = bytes.subarray(0, SAMPLE_BYTES);
  const utf16 = utf16ByNuls(sample);
  if (utf16) return utf16;
  if (isUtf8(bytes)) return 'utf-8';
  return legacyEncoding(sample);
}

/** The file's text (without a byte-order mark) and the encoding it was read in. */
export function decodeCsv(bytes: Buffer): { text: string; encoding: CsvEncoding } {
  const encoding = detectEncoding(bytes);
  // iconv-lite takes the byte-order mark off.
  return { text: iconv.decode(bytes, encoding), encoding };
}

export type CsvDelimiter = '\t' | ';' | ',';
const DELIMITERS: readonly CsvDelimiter[] = ['\t', ';', ','];

/** RFC 4180 rows (quotes may hold separators and line breaks), at most `maxRows` of them. */
function parseRows(text: string, sep: CsvDelimiter, maxRows = Infinity): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let field = '';
  let inQuotes = false;
  for (let i = 0; i < text.length && rows.length < maxRows; i++) {
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
  if (rows.length < maxRows && (field !== '' || row.length > 0)) {
    row.push(field);
    rows.push(row);
  }
  return rows.filter((r) => r.some((cell) => cell.trim() !== ''));
}

/**
 * The separator: of tab, semicolon and comma (separators inside quotes do not count), the
 * one that splits the header into columns and gives the most of the first rows that same
 * number of columns; then the one with more columns; then in that order. "70,5" in a
 * semicolon file gives a comma rows of differing lengths, and no header column.
 */
export function detectDelimiter(text: string): CsvDelimiter {
  let best: { sep: CsvDelimiter; consistent: number; columns: number } | undefined;
  for (const sep of DELIMITERS) {
    const [header, ...rows] = parseRows(text, sep, SAMPLE_ROWS);
    const columns = header?.length ?? 0;
    if (columns < 2) continue;
    const consistent = rows.filter((r) => r.length === columns).length;
    if (!best || consistent > best.consistent || (consistent === best.consistent && columns > best.columns))
      best = { sep, consistent, columns };
  }
  return best?.sep ?? ';';
}

/** Parses the text with the separator `detectDelimiter` finds (or the one given). */
export function parseCsv(text: string, sep: CsvDelimiter = detectDelimiter(text)): string[][] {
  return parseRows(text, sep);
}

export interface ParsedImport {
  records: { line: number; record: CsvRecord }[];
  unknownColumns: string[];
  delimiter: CsvDelimiter;
}

/** Maps the header row to known columns; other columns are ignored and reported. */
export function readImport(text: string): ParsedImport {
  const delimiter = detectDelimiter(text);
  const [header, ...rows] = parseCsv(text, delimiter);
  if (!header) return { records: [], unknownColumns: [], delimiter };
  const keys = header.map(csvKeyOfHeader);
  const unknownColumns = header.filter((_h, i) => keys[i] === undefined).filter((h) => h.trim() !== '');
  return {
    delimiter,
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
