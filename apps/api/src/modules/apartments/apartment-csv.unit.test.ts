import { describe, expect, it } from 'vitest';
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
});
