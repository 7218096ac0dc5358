import { describe, expect, it } from 'vitest';
import {
  defaultProjectSettings,
  parseProjectSettingValue,
  PROJECT_SETTING_NAMES,
  projectCreateSchema,
  projectUpdateSchema,
  settingsFromRows,
} from './projects';

describe('project settings catalogue', () => {
  it('merges stored rows over the defaults once, with versions, and ignores names it does not know', () => {
    const { settings, versions } = settingsFromRows([
      { name: 'show_status', value: '0', version: 3 },
      { name: 'no_such_setting', value: 'x', version: 9 },
    ]);
    expect(settings).toEqual({ ...defaultProjectSettings(), show_status: '0' });
    expect(versions.show_status).toBe(3);
    expect(versions.multi_building).toBe(0);
    expect('no_such_setting' in settings || 'no_such_setting' in versions).toBe(false);
  });

  it('holds the 15 settings of spec §3 in order, the zone numbers of ADR 025 and interest registration of ADR 036 and the lowered prices of issue 24', () => {
    expect(PROJECT_SETTING_NAMES).toEqual([
      'show_status',
      'multi_building',
      'show_sun_study',
      'label_font_size',
      'show_zone_numbers',
      'bostad_as_integer',
      'default_sort_order',
      'use_apartment_information',
      'link_to_project',
      'project_email',
      'use_garden_size',
      'use_new_design',
      'hide_floor_column',
      'hide_fee_column',
      'show_all_apartments',
      'show_price_drop',
      'currency',
      'interest_enabled',
      'interest_retention_days',
      'cost_calculator',
      'calculator_rate',
      'calculator_rate_source',
      'calculator_rate_date',
      'calculator_operating_cost',
      'calculator_down_payment',
      'calculator_parking',
      'calculator_electricity',
      'calculator_broadband',
      'reservation_days',
    ]);
    expect(defaultProjectSettings()).toMatchObject({
      interest_enabled: '0',
      interest_retention_days: '30',
      label_font_size: '45',
      default_sort_order: 'status',
      currency: 'kr',
    });
  });

  it.each([
    ['show_status', true, '1'],
    ['show_status', 'false', '0'],
    ['label_font_size', ' 030 ', '30'],
    ['link_to_project', ' https://a.se ', 'https://a.se'],
    ['project_email', null, ''],
    ['calculator_rate', ' 3,45 ', '3.45'],
    ['calculator_rate', 4, '4'],
    ['calculator_rate', '', ''],
    ['calculator_rate_source', ' SBAB, 3 mån ', 'SBAB, 3 mån'],
    ['calculator_rate_date', '2026-04-01', '2026-04-01'],
    ['calculator_rate_date', null, ''],
  ] as const)('normalises %s = %j to %j', (name, input, value) => {
    expect(parseProjectSettingValue(name, input)).toEqual({ ok: true, value });
  });

  it.each([
    ['show_status', 'on'],
    ['label_font_size', 7],
    ['currency', 'usd'],
    ['link_to_project', 'javascript:alert(1)'],
    ['project_email', 'nope'],
    ['calculator_rate', '3.456'],
    ['calculator_rate', '21'],
    ['calculator_rate', '-1'],
    ['calculator_rate_source', 'line\nbreak'],
    ['calculator_rate_source', 'x'.repeat(201)],
    ['calculator_rate_date', '2026-02-30'],
    ['calculator_rate_date', '1 april'],
  ] as const)('refuses %s = %j', (name, input) => {
    expect(parseProjectSettingValue(name, input).ok).toBe(false);
  });
});

describe('project schemas', () => {
  it('defaults a new project to type sale with an empty description', () => {
    expect(projectCreateSchema.parse({ name: ' Eken ' })).toEqual({
      name: 'Eken',
      type: 'sale',
      description: '',
    });
  });

  it('reads 0, "0" and "" as "no broker" and leaves absent fields out', () => {
    for (const none of [0, '0', '', null]) {
      expect(projectUpdateSchema.parse({ broker_id: none })).toEqual({ broker_id: null });
    }
    expect(projectUpdateSchema.parse({})).toEqual({});
  });
});
