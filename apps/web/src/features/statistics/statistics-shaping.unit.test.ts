import { describe, expect, it } from 'vitest';
import type { ProjectStatusSum, StatusSum } from '@planvy/shared';
import { filtersToParams, parseFilters, rangeOf } from './dashboard-filters';
import {
  busiestDay,
  formatDay,
  formatPercent,
  percentValue,
  phaseCounts,
  progressDays,
  projectBars,
  projectProgress,
  showsSegmentNumber,
  statusSlices,
} from './statistics-shaping';

const label = (sv: string, en: string) => ({ sv, en });

describe('percentages', () => {
  it('have two decimals in the language’s own form', () => {
    expect(formatPercent(1 / 3, 'sv')).toBe('33,33\u00a0%');
    expect(formatPercent(1 / 3, 'en')).toBe('33.33%');
    expect(formatPercent(0.5, 'sv')).toBe('50,00\u00a0%');
    expect(percentValue(2 / 3)).toBe(66.67);
  });

  it('put a number in a bar segment only from 3 % of the bar', () => {
    expect(showsSegmentNumber(3, 100)).toBe(true);
    expect(showsSegmentNumber(29, 1000)).toBe(false);
    expect(showsSegmentNumber(1, 33)).toBe(true); // 3.03 %
    expect(showsSegmentNumber(0, 0)).toBe(false);
  });
});

describe('statusSlices', () => {
  const sum: StatusSum = {
    total: 4,
    projectType: 'rental',
    list: [
      { status: 'sale', label: label('Ledig', 'Available'), count: 3 },
      { status: 'leased', label: label('Uthyrd', 'Leased'), count: 1 },
    ],
  };

  it('labels each status in the current language with its catalogue colour and share', () => {
    expect(statusSlices(sum, 'en')).toEqual([
      { status: 'sale', label: 'Available', count: 3, share: 0.75, color: '#10b74d' },
      { status: 'leased', label: 'Leased', count: 1, share: 0.25, color: '#d95f02' },
    ]);
    expect(statusSlices(sum, 'sv')[0]!.label).toBe('Ledig');
  });

  it('is empty without apartments', () => {
    expect(statusSlices({ total: 0, list: [] }, 'sv')).toEqual([]);
  });
});

describe('projectBars', () => {
  const project = (
    id: number,
    name: string,
    type: ProjectStatusSum['projectType'],
    list: [string, number][],
  ) => ({
    id,
    name,
    projectType: type,
    total: list.reduce((s, [, n]) => s + n, 0),
    list: list.map(([status, count]) => ({ status, label: label(status, status), count })),
  });

  it('leaves out projects with zero total or no list, and orders statuses as the catalogue does', () => {
    const bars = projectBars(
      [
        project(1, 'Alfa', 'sale', [
          ['sold', 2],
          ['sale', 5],
        ]),
        project(2, 'Tom', 'sale', []),
        { ...project(3, 'Noll', 'sale', []), total: 0 },
        project(4, 'Beta', 'sale', [['reserved', 1]]),
      ],
      'sv',
    );
    expect(bars.rows.map((r) => r.project)).toEqual(['Alfa', 'Beta']);
    expect(bars.rows[0]).toEqual({ id: 1, project: 'Alfa', total: 7, counts: { sold: 2, sale: 5 } });
    expect(bars.series).toEqual([
      { name: 'sale', label: 'Till salu', color: '#10b74d' },
      { name: 'reserved', label: 'Bokad', color: '#aa4e4e' },
      { name: 'sold', label: 'Såld', color: '#803c3c' },
    ]);
  });

  it('names a status by what it means in the projects drawn', () => {
    const rentalOnly = projectBars([project(1, 'Hyra', 'rental', [['sale', 1]])], 'en');
    expect(rentalOnly.series[0]!.label).toBe('Available');
    const mixed = projectBars(
      [project(1, 'Hyra', 'rental', [['sale', 1]]), project(2, 'Köp', 'sale', [['sale', 1]])],
      'sv',
    );
    expect(mixed.series[0]!.label).toBe('Till salu / Ledig');
  });
});

describe('sales progress', () => {
  it('groups statuses into sold, reserved, available and other', () => {
    expect(
      phaseCounts({ sold: 2, leased: 1, reserved: 1, preorder: 2, sale: 3, 'sale-etapp-1': 1, upcoming: 4 }),
    ).toEqual({
      sold: 3,
      reserved: 3,
      available: 4,
      other: 4,
    });
  });

  it('gives each day its phases and each project its start and end, most sold first', () => {
    expect(
      progressDays({ days: [{ date: '2026-11-01', counts: { sold: 1, sale: 1 }, changes: 2 }] }),
    ).toEqual([{ date: '2026-11-01', changes: 2, sold: 1, reserved: 0, available: 1, other: 0 }]);
    const rows = projectProgress({
      projects: [
        { id: 1, name: 'Alfa', type: 'sale', start: { sale: 4 }, end: { sale: 3, sold: 1 } },
        { id: 2, name: 'Beta', type: 'sale', start: { sale: 2 }, end: { sold: 2 } },
        { id: 3, name: 'Tom', type: 'sale', start: {}, end: {} },
      ],
    });
    expect(rows.map((r) => r.name)).toEqual(['Beta', 'Alfa']);
    expect(rows[1]).toMatchObject({
      start: { available: 4, sold: 0 },
      end: { available: 3, sold: 1 },
      total: 4,
    });
  });
});

describe('clicks', () => {
  it('finds the busiest day, or none', () => {
    expect(
      busiestDay({
        days: [
          { date: 'a', clicks: 1 },
          { date: 'b', clicks: 4 },
          { date: 'c', clicks: 4 },
        ],
      }),
    ).toEqual({ date: 'b', clicks: 4 });
    expect(busiestDay({ days: [{ date: 'a', clicks: 0 }] })).toBeNull();
  });

  it('writes days as short axis labels in each language', () => {
    expect(formatDay('2026-11-23', 'sv')).toMatch(/^23 nov/);
    expect(formatDay('2026-11-23', 'en')).toMatch(/^23 Nov/);
  });
});

describe('dashboard filters in the URL', () => {
  const today = '2026-11-23';
  it('reads presets, a custom range and a project, and writes them back', () => {
    const params = new URLSearchParams('project=12&from=2026-10-01&to=2026-10-31');
    const filters = parseFilters(params, today);
    expect(filters).toEqual({ project: 12, range: { kind: 'custom', from: '2026-10-01', to: '2026-10-31' } });
    expect(filtersToParams(filters).toString()).toBe('project=12&from=2026-10-01&to=2026-10-31');
    expect(parseFilters(new URLSearchParams('days=7'), today).range).toEqual({ kind: 'preset', days: 7 });
    expect(rangeOf({ kind: 'preset', days: 7 }, today)).toEqual({ from: '2026-11-17', to: today });
  });

  it('falls back to the last 30 days over every project for what the URL cannot mean', () => {
    for (const query of [
      'days=14',
      'from=2026-11-10&to=2026-11-01',
      'from=2026-11-01',
      'project=abc',
      'to=2027-01-01&from=2026-12-01',
    ]) {
      const filters = parseFilters(new URLSearchParams(query), today);
      expect(filters, query).toEqual({ project: null, range: { kind: 'preset', days: 30 } });
    }
    expect(filtersToParams({ project: null, range: { kind: 'preset', days: 30 } }).toString()).toBe('');
  });
});
