import { describe, expect, it } from 'vitest';
import { excelCell, excelCsv, excelCsvText } from './excel-csv';

describe('Excel CSV', () => {
  it('writes UTF-16LE with a byte-order mark, tabs and CRLF, keeping å, ä, ö', () => {
    const bytes = excelCsv([
      ['Projekt', 'Klick'],
      ['Kv. Åsen', '12'],
    ]);
    expect([bytes[0], bytes[1]]).toEqual([0xff, 0xfe]);
    expect(new TextDecoder('utf-16le').decode(bytes.subarray(2))).toBe('Projekt\tKlick\r\nKv. Åsen\t12\r\n');
  });

  it('quotes cells with separators, quotes or line breaks', () => {
    expect(excelCell('a\tb')).toBe('"a\tb"');
    expect(excelCell('två\nrader')).toBe('"två\nrader"');
    expect(excelCell('"citat"')).toBe('"""citat"""');
  });

  it('keeps formulas from running, but not plain numbers', () => {
    expect(excelCell('=HYPERLINK("http://x")')).toBe(`"'=HYPERLINK(""http://x"")"`);
    expect(excelCell('+46 70')).toBe("'+46 70");
    expect(excelCell('@SUM(A1)')).toBe("'@SUM(A1)");
    expect(excelCell('-2+3')).toBe("'-2+3");
    expect(excelCell('-2')).toBe('-2');
    expect(excelCell('+3')).toBe('+3');
    expect(excelCell('12,50')).toBe('12,50');
    expect(excelCsvText([['=1+1']])).toBe("'=1+1\r\n");
  });
});
