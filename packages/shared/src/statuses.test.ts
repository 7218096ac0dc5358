import { describe, expect, it } from 'vitest';
import {
  STATUSES,
  isAvailableStatus,
  isStatusValidFor,
  statusLabel,
  statusOfText,
  statusesFor,
} from './statuses';

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

  it('marks as available ("Bara lediga") only what a buyer can act on now, per project type', () => {
    const available = (type: 'sale' | 'tomter' | 'rental') =>
      statusesFor(type)
        .filter((s) => isAvailableStatus(s.alias))
        .map((s) => statusLabel(s.alias, type, 'sv'));
    const forSale = [
      'Till salu',
      'Till salu – Deläga',
      'Till salu etapp 1',
      'Till salu etapp 2',
      'Till salu etapp 3',
      'Till salu etapp 4',
    ];
    expect(available('sale')).toEqual(forSale);
    expect(available('tomter')).toEqual(forSale);
    expect(available('rental')).toEqual(['Ledig', 'Sökbar bostad', 'Sökbar för omflyttning']);
    for (const alias of [
      'reserved',
      'preorder',
      'upcoming',
      'sold',
      'display-home',
      'leased',
      'work-in-progress',
    ])
      expect([alias, isAvailableStatus(alias)]).toEqual([alias, false]);
    expect(isAvailableStatus('made-up')).toBe(false);
  });

  it('gives every status a distinct colour and both labels', () => {
    const colours = STATUSES.map((s) => s.color.toLowerCase());
    expect(new Set(colours).size).toBe(colours.length);
    for (const s of STATUSES) {
      expect(s.label.sv).not.toBe('');
      expect(s.label.en).not.toBe('');
    }
  });

  it('reads a status as people write it in a spreadsheet: either language, any case, rental labels too', () => {
    const expected: Record<string, string> = {
      Såld: 'sold',
      ' SÅLD ': 'sold',
      'till  salu': 'sale',
      'Till\u00a0salu': 'sale',
      Ledig: 'sale',
      Available: 'sale',
      'For sale': 'sale',
      Reserverad: 'preorder',
      // The English label of preorder, not the alias of Bokad.
      Reserved: 'preorder',
      Bokad: 'reserved',
      Booked: 'reserved',
      Kommande: 'upcoming',
      Uthyrd: 'leased',
      'Till salu - Deläga': 'fs-co-owner',
      'Till salu — Deläga': 'fs-co-owner',
      sold: 'sold',
      'display-home': 'display-home',
    };
    for (const [text, alias] of Object.entries(expected)) expect(statusOfText(text), text).toBe(alias);
    for (const text of ['', 'Sålt kanske', 'reserverat']) expect(statusOfText(text), text).toBeUndefined();
    // Every label of the catalogue reads back as its own status.
    for (const s of STATUSES)
      for (const type of s.types)
        for (const lang of ['sv', 'en'] as const)
          expect(statusOfText(statusLabel(s.alias, type, lang))).toBe(s.alias);
  });
});
