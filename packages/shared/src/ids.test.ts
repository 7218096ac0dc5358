import { describe, expect, it } from 'vitest';
import { idField, idSchema, MAX_ID, parseId } from './ids';

describe('ids', () => {
  it('reads an id written the one way: canonical decimal, 1 to 2147483647', () => {
    expect(parseId('1')).toBe(1);
    expect(parseId('2147483647')).toBe(MAX_ID);
    expect(idField.parse('42')).toBe(42);
    expect(idField.parse(42)).toBe(42);
  });

  it.each([
    '1e0',
    '+1',
    '0x1',
    '1.0',
    '01',
    ' 1',
    '1 ',
    '0',
    '-1',
    '-0',
    '',
    '١',
    '2147483648',
    '9'.repeat(20),
  ])('refuses %j, which a number parser would take for an id', (text) => {
    expect(parseId(text)).toBeUndefined();
    expect(idField.safeParse(text).success).toBe(false);
  });

  it('refuses what is not a whole positive number in JSON', () => {
    for (const value of [1.5, 0, -1, MAX_ID + 1, null, true])
      expect(idField.safeParse(value).success).toBe(false);
  });

  it('takes a wider range only where a key is wider than serial', () => {
    const wide = idSchema(Number.MAX_SAFE_INTEGER);
    expect(wide.parse('9007199254740991')).toBe(Number.MAX_SAFE_INTEGER);
    expect(wide.safeParse('9007199254740992').success).toBe(false);
    expect(wide.safeParse('01').success).toBe(false);
  });
});
