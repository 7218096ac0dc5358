import { describe, expect, it } from 'vitest';
import {
  addDays,
  checkRange,
  clickShadeLevel,
  clickShadeSteps,
  dateInZone,
  daysBetween,
  eachDay,
  isCalendarDate,
  lastDays,
  MAX_RANGE_DAYS,
  salesPhase,
  topApartmentsQuerySchema,
} from './statistics';
import { STATUSES } from './statuses';

describe('statistics days', () => {
  it('are Swedish calendar days, also across midnight and daylight saving', () => {
    expect(dateInZone(new Date('2026-11-22T23:30:00Z'))).toBe('2026-11-23'); // 00:30 CET
    expect(dateInZone(new Date('2026-11-22T22:59:59Z'))).toBe('2026-11-22');
    expect(dateInZone(new Date('2026-06-30T22:30:00Z'))).toBe('2026-07-01'); // 00:30 CEST
    expect(dateInZone(new Date('2026-06-30T21:59:00Z'))).toBe('2026-06-30');
  });

  it('add, count and list days over month, year and leap-day boundaries', () => {
    expect(addDays('2026-12-31', 1)).toBe('2027-01-01');
    expect(addDays('2028-03-01', -1)).toBe('2028-02-29');
    expect(addDays('2026-03-29', 1)).toBe('2026-03-30'); // the night the clocks change
    expect(daysBetween('2026-01-01', '2026-12-31')).toBe(364);
    expect(eachDay('2026-02-27', '2026-03-02')).toEqual([
      '2026-02-27',
      '2026-02-28',
      '2026-03-01',
      '2026-03-02',
    ]);
    expect(lastDays(7, '2026-11-23')).toEqual({ from: '2026-11-17', to: '2026-11-23' });
  });

  it('knows calendar dates from look-alikes', () => {
    expect(isCalendarDate('2028-02-29')).toBe(true);
    expect(isCalendarDate('2026-02-29')).toBe(false);
    expect(isCalendarDate('2026-13-01')).toBe(false);
    expect(isCalendarDate('2026-1-01')).toBe(false);
    expect(isCalendarDate('20261101')).toBe(false);
  });
});

describe('checkRange', () => {
  const today = '2026-11-23';
  it('defaults to the last 30 days, today included', () => {
    expect(checkRange(undefined, undefined, today)).toEqual({
      ok: true,
      range: { from: '2026-10-25', to: '2026-11-23' },
    });
  });

  it('accepts a range of one day and one of the longest length', () => {
    expect(checkRange(today, today, today).ok).toBe(true);
    expect(checkRange(addDays(today, -(MAX_RANGE_DAYS - 1)), today, today).ok).toBe(true);
  });

  it('refuses one end alone, a reversed, future, too early or too long range', () => {
    expect(checkRange('2026-11-01', undefined, today)).toMatchObject({ ok: false, field: 'to' });
    expect(checkRange(undefined, '2026-11-01', today)).toMatchObject({ ok: false, field: 'from' });
    expect(checkRange('2026-11-10', '2026-11-01', today)).toMatchObject({ ok: false, field: 'from' });
    expect(checkRange('2026-11-20', '2026-11-24', today)).toMatchObject({ ok: false, field: 'to' });
    expect(checkRange('1999-12-31', '2000-01-05', today)).toMatchObject({ ok: false, field: 'from' });
    expect(checkRange(addDays(today, -MAX_RANGE_DAYS), today, today)).toMatchObject({
      ok: false,
      field: 'to',
    });
  });
});

describe('sales phases', () => {
  it('puts every status of the catalogue in a phase', () => {
    for (const s of STATUSES)
      expect(['sold', 'reserved', 'available', 'other']).toContain(salesPhase(s.alias));
    expect(salesPhase('sold')).toBe('sold');
    expect(salesPhase('leased')).toBe('sold');
    expect(salesPhase('preorder')).toBe('reserved');
    expect(salesPhase('sale-etapp-2')).toBe('available');
    expect(salesPhase('made-up')).toBe('other');
  });
});

describe('click shading', () => {
  it('gives no clicks level 0 and the most-clicked zone the darkest level', () => {
    expect(clickShadeLevel(0, 10)).toBe(0);
    expect(clickShadeLevel(10, 10)).toBe(5);
    expect(clickShadeLevel(1, 10)).toBe(1);
    expect(clickShadeLevel(3, 10)).toBe(2);
    expect(clickShadeLevel(1, 1)).toBe(5);
  });

  it('describes each colour with the exact counts it stands for', () => {
    expect(clickShadeSteps(10).map((s) => [s.level, s.min, s.max])).toEqual([
      [0, 0, 0],
      [1, 1, 2],
      [2, 3, 4],
      [3, 5, 6],
      [4, 7, 8],
      [5, 9, 10],
    ]);
    expect(clickShadeSteps(2).map((s) => [s.level, s.min, s.max])).toEqual([
      [0, 0, 0],
      [3, 1, 1],
      [5, 2, 2],
    ]);
    // Every count up to the maximum falls in the step of its own level.
    for (const max of [1, 3, 7, 12, 99]) {
      const steps = clickShadeSteps(max);
      for (let c = 0; c <= max; c++) {
        const step = steps.find((s) => c >= s.min && c <= s.max);
        expect(step?.level).toBe(clickShadeLevel(c, max));
      }
    }
  });
});

describe('query schemas', () => {
  it('read a top-apartments limit from the query string within bounds', () => {
    expect(topApartmentsQuerySchema.parse({}).limit).toBe(10);
    expect(topApartmentsQuerySchema.parse({ limit: '25' }).limit).toBe(25);
    expect(topApartmentsQuerySchema.safeParse({ limit: '0' }).success).toBe(false);
    expect(topApartmentsQuerySchema.safeParse({ limit: '101' }).success).toBe(false);
    expect(topApartmentsQuerySchema.safeParse({ from: '2026-02-30' }).success).toBe(false);
  });
});
