import { describe, expect, it } from 'vitest';
import { i18n } from '../../lib/i18n';
import { dashboardCsvRows } from './dashboard-csv';

const label = (sv: string, en: string) => ({ sv, en });

describe('dashboardCsvRows', () => {
  const input = {
    range: { from: '2026-11-17', to: '2026-11-23' },
    projectName: 'Alla projekt',
    createdAt: '2026-11-23 10:00',
    allSum: {
      total: 3,
      projectType: 'sale' as const,
      list: [
        { status: 'sale', label: label('Till salu', 'For sale'), count: 2 },
        { status: 'sold', label: label('Såld', 'Sold'), count: 1 },
      ],
    },
    mostClicked: {
      name: 'Kv. Eken',
      bostad: '1001',
      project_id: 1,
      apartment_id: 5,
      clicks: 4,
      from: '2026-11-17',
      to: '2026-11-23',
    },
    top: {
      from: '2026-11-17',
      to: '2026-11-23',
      apartments: [
        {
          apartment_id: 5,
          bostad: '1001',
          status: 'sale',
          price: 2450000.5,
          inactive: false,
          project_id: 1,
          project_name: 'Kv. Eken',
          project_type: 'sale' as const,
          clicks: 4,
        },
      ],
    },
  };

  it('writes the sections shown, with the period, shares to two decimals and Swedish decimals', () => {
    const rows = dashboardCsvRows(input, i18n.getFixedT('sv'), 'sv');
    expect(rows.slice(0, 4)).toEqual([
      ['Statistik'],
      ['Period', '2026-11-17', '2026-11-23'],
      ['Projekt', 'Alla projekt'],
      ['Skapad', '2026-11-23 10:00'],
    ]);
    const text = rows.map((r) => r.join('|'));
    expect(text).toContain('Alla lägenheter efter status');
    expect(text).toContain('Till salu|2|66,67');
    expect(text).toContain('Såld|1|33,33');
    expect(text).toContain('Totalt|3|100');
    expect(text).toContain('Kv. Eken|1001|4|2026-11-17 – 2026-11-23');
    expect(text).toContain('1|1001|Kv. Eken|Till salu|2450000,5|4');
    // Sections without data are left out.
    expect(text).not.toContain('Klick per dag');
  });

  it('writes English headings and decimals in English', () => {
    const text = dashboardCsvRows(input, i18n.getFixedT('en'), 'en').map((r) => r.join('|'));
    expect(text).toContain('For sale|2|66.67');
    expect(text).toContain('Most clicked apartments');
  });
});
