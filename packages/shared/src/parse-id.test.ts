import { describe, expect, it } from 'vitest';
import { MAX_ID, parseId } from './parse-id';
import { attributeRecord, readZone } from './plan/zones';

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
