import { PROJECT_SETTINGS, type ProjectSettingName } from '@planvy/shared';

/**
 * The settings (spec §3 and ADR 025), grouped by what they change in the widget so a person can find them.
 * Every setting is in exactly one group (a unit test checks this against the shared catalogue).
 */
export interface SettingGroup {
  id: 'display' | 'list' | 'information' | 'buildings' | 'interest' | 'calculator';
  settings: readonly ProjectSettingName[];
}

export const SETTING_GROUPS: readonly SettingGroup[] = [
  { id: 'display', settings: ['show_status', 'use_new_design', 'show_all_apartments'] },
  {
    id: 'list',
    settings: [
      'default_sort_order',
      'bostad_as_integer',
      'currency',
      'hide_floor_column',
      'hide_fee_column',
      'use_garden_size',
      'show_price_drop',
    ],
  },
  {
    id: 'information',
    settings: ['use_apartment_information', 'link_to_project', 'project_email', 'reservation_days'],
  },
  { id: 'buildings', settings: ['multi_building', 'label_font_size', 'show_zone_numbers', 'show_sun_study'] },
  { id: 'interest', settings: ['interest_enabled', 'interest_retention_days'] },
  {
    id: 'calculator',
    settings: [
      'cost_calculator',
      'calculator_rate',
      'calculator_rate_source',
      'calculator_rate_date',
      'calculator_operating_cost',
      'calculator_down_payment',
      'calculator_parking',
      'calculator_electricity',
      'calculator_broadband',
    ],
  },
];

/** Spec §6: the link-to-project and project e-mail fields show only when apartment information is on. */
const SHOWN_WITH_INFORMATION: ReadonlySet<ProjectSettingName> = new Set(['link_to_project', 'project_email']);

export function isSettingShown(name: ProjectSettingName, apartmentInformationOn: boolean): boolean {
  return apartmentInformationOn || !SHOWN_WITH_INFORMATION.has(name);
}

export function settingKind(name: ProjectSettingName) {
  return PROJECT_SETTINGS[name].kind;
}
