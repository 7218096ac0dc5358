import { describe, expect, it } from 'vitest';
import { isId, MAX_ID, parseId } from './parse-id';
import { attributeRecord, readZone } from './plan/zones';

describe('isId', () => {
  it('takes whole numbers from 1 to the largest serial, nothing else', () => {
    expect([1, MAX_ID].map((v) => isId(v))).toEqual([true, true]);
    for (const v of [0, -1, 1.5, MAX_ID + 1, NaN, Infinity, '1', null, undefined, [1]])
      expect(isId(v)).toBe(false);
  });
});

describe('parseId', () => {
  it('reads only canonical decimal ids', () => {
    expect(parseId('1')).toBe(1);
    expect(parseId(String(MAX_ID))).toBe(MAX_ID);
    for (const alias of ['01', '1e0', '+1', '0x1', '1.0', ' 1', '1 ', '0', String(MAX_ID + 1), '']) {
      expect({ alias, id: parseId(alias) }).toEqual({ alias, id: undefined });
    }
    expect(parseId(1)).toBeUndefined();
    expect(parseId('320', 100)).toBeUndefined();
  });
});

describe('zones read their ids the same way', () => {
  it('takes no other spelling of an apartment or building id from a plan', () => {
    const zone = (attrs: Record<string, string>) => readZone(attributeRecord(attrs));
    expect(zone({ id: '7', 'data-bostad': 'A1' }).apartmentId).toBe(7);
    expect(zone({ id: '07', 'data-bostad': 'A1' }).apartmentId).toBeNull();
    expect(zone({ 'data-link-to': 'b.svg', 'data-building-number': '3' }).buildingNumberId).toBe(3);
    expect(zone({ 'data-link-to': 'b.svg', 'data-building-number': '3e0' }).buildingNumberId).toBeNull();
  });
});
