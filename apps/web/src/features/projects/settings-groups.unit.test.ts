import { describe, expect, it } from 'vitest';
import { PROJECT_SETTING_NAMES } from '@planvy/shared';
import { isSettingShown, SETTING_GROUPS } from './settings-groups';

describe('SETTING_GROUPS', () => {
  it('holds every setting of the shared catalogue exactly once', () => {
    const grouped = SETTING_GROUPS.flatMap((group) => group.settings);
    expect([...grouped].sort()).toEqual([...PROJECT_SETTING_NAMES].sort());
    expect(new Set(grouped).size).toBe(grouped.length);
  });

  it('puts the apartment-information fields in the same group as their switch', () => {
    const information = SETTING_GROUPS.find((g) => g.settings.includes('use_apartment_information'));
    expect(information?.settings).toEqual(
      expect.arrayContaining(['use_apartment_information', 'link_to_project', 'project_email']),
    );
  });
});

describe('isSettingShown', () => {
  it('shows the link and e-mail only while apartment information is on', () => {
    expect(isSettingShown('link_to_project', false)).toBe(false);
    expect(isSettingShown('project_email', false)).toBe(false);
    expect(isSettingShown('link_to_project', true)).toBe(true);
    expect(isSettingShown('project_email', true)).toBe(true);
    expect(isSettingShown('use_apartment_information', false)).toBe(true);
    expect(isSettingShown('currency', false)).toBe(true);
  });
});
