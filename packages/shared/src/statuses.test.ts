import { describe, expect, it } from 'vitest';
import { STATUSES, isStatusValidFor, statusLabel, statusesFor } from './statuses';

describe('status catalogue', () => {
  it('lists the sale and tomter statuses of spec §4', () => {
    expect(
      statusesFor('sale')
        .map((s) => s.alias)
        .sort(),
    ).toEqual(
      [
        'sold',
        'reserved',
        'preorder',
        'sale',
        'upcoming',
        'fs-co-owner',
        'sale-etapp-1',
        'sale-etapp-2',
        'sale-etapp-3',
        'sale-etapp-4',
        'display-home',
      ].sort(),
    );
    expect(statusesFor('tomter')).toEqual(statusesFor('sale'));
  });

  it('lists the rental statuses of spec §4', () => {
    expect(
      statusesFor('rental')
        .map((s) => s.alias)
        .sort(),
    ).toEqual(
      [
        'reserved',
        'preorder',
        'sale',
        'upcoming',
        'searchable-residence',
        'searchable-relocation',
        'leased',
        'work-in-progress',
      ].sort(),
    );
    expect(isStatusValidFor('sold', 'rental')).toBe(false);
    expect(isStatusValidFor('leased', 'sale')).toBe(false);
  });

  it('uses the spec labels and colours', () => {
    expect(statusLabel('reserved', 'sale', 'sv')).toBe('Bokad');
    expect(statusLabel('sale', 'rental', 'sv')).toBe('Ledig');
    expect(statusLabel('sale', 'sale', 'sv')).toBe('Till salu');
    expect(statusLabel('sale-etapp-3', 'sale', 'sv')).toBe('Till salu etapp 3');
    expect(STATUSES.find((s) => s.alias === 'sold')?.color).toBe('#803c3c');
    expect(STATUSES.find((s) => s.alias === 'work-in-progress')?.color).toBe('#803c6d');
  });

  it('gives every status a distinct colour and both labels', () => {
    const colours = STATUSES.map((s) => s.color.toLowerCase());
    expect(new Set(colours).size).toBe(colours.length);
    for (const s of STATUSES) {
      expect(s.label.sv).not.toBe('');
      expect(s.label.en).not.toBe('');
    }
  });
});
