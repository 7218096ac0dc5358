import { describe, expect, it } from 'vitest';
import { defaultProjectSettings, type Project, type ProjectSettings } from '@planvy/shared';
import {
  changeCount,
  detailsChanges,
  informationGaps,
  settingProblems,
  toDetailsValues,
  type ProjectDetailsValues,
} from './project-details-values';

const project: Project = {
  id: 7,
  name: 'Brf Solgården',
  description: 'Ljusa lägenheter',
  type: 'sale',
  user: { id: 2, first_name: 'Eva', last_name: 'Ek' },
  user_id: 2,
  broker_id: 4,
  broker: { id: 4, first_name: 'Maja', last_name: 'Mäklare' },
  created_at: '2026-01-01T00:00:00.000Z',
  version: 1,
};
const stored: ProjectSettings = { ...defaultProjectSettings(), show_status: '1' };

function edit(change: (v: ProjectDetailsValues) => void): ProjectDetailsValues {
  const values = toDetailsValues(project, stored);
  change(values);
  return values;
}

describe('toDetailsValues', () => {
  it('shows booleans as switches, ids as Select strings and the rest as stored', () => {
    const values = toDetailsValues(project, stored);
    expect(values.settings.show_status).toBe(true);
    expect(values.settings.multi_building).toBe(false);
    expect(values.settings.label_font_size).toBe('45');
    expect(values.user_id).toBe('2');
    expect(values.broker_id).toBe('4');
  });

  it('round-trips: the untouched form has no changes', () => {
    const changes = detailsChanges(project, stored, toDetailsValues(project, stored));
    expect(changes).toEqual({ project: null, projectFields: [], settings: [] });
    expect(changeCount(changes)).toBe(0);
  });
});

describe('detailsChanges', () => {
  it('sends only the settings that changed, as the strings the server stores', () => {
    const values = edit((v) => {
      v.settings.multi_building = true;
      v.settings.show_status = false;
      v.settings.label_font_size = 60;
      v.settings.currency = 'sek';
    });
    const changes = detailsChanges(project, stored, values);
    expect(changes.project).toBeNull();
    expect(changes.settings).toEqual([
      { name: 'show_status', value: '0' },
      { name: 'multi_building', value: '1' },
      { name: 'label_font_size', value: '60' },
      { name: 'currency', value: 'sek' },
    ]);
    expect(changeCount(changes)).toBe(4);
  });

  it('does not count a value that only looks different (a number for its text)', () => {
    const values = edit((v) => {
      v.settings.label_font_size = 45;
    });
    expect(detailsChanges(project, stored, values).settings).toEqual([]);
  });

  it('sends the whole update payload when one project field changed, trimmed', () => {
    const values = edit((v) => {
      v.name = '  Brf Solgården 2 ';
    });
    const changes = detailsChanges(project, stored, values);
    expect(changes.project).toEqual({
      name: 'Brf Solgården 2',
      type: 'sale',
      description: 'Ljusa lägenheter',
      user_id: 2,
      broker_id: 4,
    });
    expect(changes.projectFields).toEqual(['name']);
  });

  it('ignores whitespace the server would trim anyway', () => {
    const values = edit((v) => {
      v.description = 'Ljusa lägenheter  ';
    });
    expect(detailsChanges(project, stored, values).project).toBeNull();
  });

  it('clears the broker with null and changes the owner by id', () => {
    const values = edit((v) => {
      v.broker_id = null;
      v.user_id = '3';
    });
    const changes = detailsChanges(project, stored, values);
    expect(changes.project).toMatchObject({ user_id: 3, broker_id: null });
    expect(changes.projectFields).toEqual(['user_id', 'broker_id']);
  });

  it('neither checks nor sends the link and e-mail while apartment information is off', () => {
    const hidden = edit((v) => {
      v.settings.project_email = 'not-an-email';
    });
    expect(settingProblems(hidden)).toEqual({});
    expect(detailsChanges(project, stored, hidden).settings).toEqual([]);

    const shown = edit((v) => {
      v.settings.use_apartment_information = true;
      v.settings.project_email = 'not-an-email';
      v.settings.link_to_project = 'https://example.com/solgarden';
    });
    expect(settingProblems(shown)).toEqual({ project_email: { kind: 'email' } });
    // An invalid value is still a change: Save stays available and validation explains it.
    expect(detailsChanges(project, stored, shown).settings).toEqual([
      { name: 'use_apartment_information', value: '1' },
      { name: 'link_to_project', value: 'https://example.com/solgarden' },
      { name: 'project_email', value: 'not-an-email' },
    ]);
  });
});

describe('settingProblems', () => {
  it('names the problem of each kind of setting', () => {
    const values = edit((v) => {
      v.settings.label_font_size = '4';
      v.settings.use_apartment_information = true;
      v.settings.link_to_project = 'ftp://example.com';
      v.settings.calculator_rate = '3,456';
      v.settings.calculator_rate_source = 'two\nlines';
      v.settings.calculator_rate_date = '2026-02-30';
    });
    expect(settingProblems(values)).toEqual({
      label_font_size: { kind: 'integer', min: 8, max: 400 },
      link_to_project: { kind: 'url' },
      calculator_rate: { kind: 'decimal', min: 0, max: 20, decimals: 2 },
      calculator_rate_source: { kind: 'text', max: 200 },
      calculator_rate_date: { kind: 'date' },
    });
  });

  it('accepts empty link and e-mail', () => {
    const values = edit((v) => {
      v.settings.use_apartment_information = true;
    });
    expect(settingProblems(values)).toEqual({});
  });
});

describe('informationGaps', () => {
  it('names nothing while project information is off, whatever the fields hold', () => {
    expect(informationGaps(edit(() => undefined))).toEqual([]);
  });

  it('names the empty link and e-mail once project information is on, blanks counting as empty', () => {
    const on = (link: string, email: string) =>
      informationGaps(
        edit((v) => {
          v.settings.use_apartment_information = true;
          v.settings.link_to_project = link;
          v.settings.project_email = email;
        }),
      );
    expect(on('', '')).toEqual(['link_to_project', 'project_email']);
    expect(on('https://linden.example', '  ')).toEqual(['project_email']);
    expect(on('', 'info@linden.example')).toEqual(['link_to_project']);
    expect(on('https://linden.example', 'info@linden.example')).toEqual([]);
  });
});
