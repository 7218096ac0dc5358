import {
  PROJECT_SETTING_NAMES,
  PROJECT_SETTINGS,
  parseProjectSettingValue,
  type Project,
  type ProjectSettingName,
  type ProjectSettings,
  type ProjectType,
} from '@planvy/shared';
import type { ProjectUpdatePayload } from './api/update-project';
import { isSettingShown } from './settings-groups';

/**
 * The project details form: its values, what is wrong with them and what changed. Kept apart
 * from the component so the rules (what is sent, what is hidden, what counts as a change) are
 * unit-tested on their own.
 */

/** Booleans are switches (true/false); the font size may be a number from NumberInput; the rest text. */
export type SettingFormValue = boolean | string | number;

export interface ProjectDetailsValues {
  name: string;
  type: ProjectType;
  description: string;
  /** Select values are strings; null while nothing is chosen. */
  user_id: string | null;
  broker_id: string | null;
  settings: Record<ProjectSettingName, SettingFormValue>;
}

export function settingFormValue(name: ProjectSettingName, stored: string): SettingFormValue {
  return PROJECT_SETTINGS[name].kind === 'boolean' ? stored === '1' : stored;
}

export function toDetailsValues(project: Project, settings: ProjectSettings): ProjectDetailsValues {
  const values = {} as Record<ProjectSettingName, SettingFormValue>;
  for (const name of PROJECT_SETTING_NAMES) values[name] = settingFormValue(name, settings[name]);
  return {
    name: project.name,
    type: project.type,
    description: project.description,
    user_id: String(project.user_id),
    broker_id: project.broker_id === null ? null : String(project.broker_id),
    settings: values,
  };
}

/** What is wrong with one setting value, for a translated message. */
export type SettingProblem =
  | { kind: 'integer'; min: number; max: number }
  | { kind: 'decimal'; min: number; max: number; decimals: number }
  | { kind: 'text'; max: number }
  | { kind: 'email' }
  | { kind: 'url' }
  | { kind: 'date' }
  | { kind: 'invalid' };

export function settingProblem(name: ProjectSettingName, value: SettingFormValue): SettingProblem | null {
  if (parseProjectSettingValue(name, value).ok) return null;
  const def = PROJECT_SETTINGS[name];
  switch (def.kind) {
    case 'integer':
      return { kind: 'integer', min: def.min, max: def.max };
    case 'decimal':
      return { kind: 'decimal', min: def.min, max: def.max, decimals: def.decimals };
    case 'text':
      return { kind: 'text', max: def.max };
    case 'email':
    case 'url':
    case 'date':
      return { kind: def.kind };
    default:
      return { kind: 'invalid' };
  }
}

function informationOn(values: ProjectDetailsValues): boolean {
  return values.settings.use_apartment_information === true;
}

/** Problems of the settings a person can see; a hidden field is neither checked nor sent. */
export function settingProblems(
  values: ProjectDetailsValues,
): Partial<Record<ProjectSettingName, SettingProblem>> {
  const problems: Partial<Record<ProjectSettingName, SettingProblem>> = {};
  for (const name of PROJECT_SETTING_NAMES) {
    if (!isSettingShown(name, informationOn(values))) continue;
    const problem = settingProblem(name, values.settings[name]);
    if (problem) problems[name] = problem;
  }
  return problems;
}

/**
 * What the widget's card lacks while "Visa projektinformation" is on: the project's link and
 * e-mail left empty, in form order. Without an e-mail the card has no "Kontakta oss".
 */
export function informationGaps(values: ProjectDetailsValues): ('link_to_project' | 'project_email')[] {
  if (!informationOn(values)) return [];
  return (['link_to_project', 'project_email'] as const).filter(
    (name) => String(values.settings[name]).trim() === '',
  );
}

/** The value as the server would store it, or the raw text when it is not valid (still a change). */
function storedForm(name: ProjectSettingName, value: SettingFormValue): string {
  const parsed = parseProjectSettingValue(name, value);
  return parsed.ok ? parsed.value : String(value);
}

export interface SettingChange {
  name: ProjectSettingName;
  value: string;
}

export interface DetailsChanges {
  /** The full update payload when any project field changed, else null. */
  project: ProjectUpdatePayload | null;
  /** Which project fields differ, to count them. */
  projectFields: (keyof ProjectUpdatePayload)[];
  /** Changed, shown settings, as the strings to store. */
  settings: SettingChange[];
}

function toId(value: string | null): number | null {
  if (value === null || value === '') return null;
  const id = Number(value);
  return Number.isSafeInteger(id) && id > 0 ? id : null;
}

/** Compares the form with what is stored. Project text fields are compared trimmed, as the server stores them. */
export function detailsChanges(
  project: Project,
  settings: ProjectSettings,
  values: ProjectDetailsValues,
): DetailsChanges {
  const name = values.name.trim();
  const description = values.description.trim();
  const userId = toId(values.user_id) ?? project.user_id;
  const brokerId = toId(values.broker_id);
  const next: ProjectUpdatePayload = {
    name,
    type: values.type,
    description,
    user_id: userId,
    broker_id: brokerId,
  };
  const projectFields = (Object.keys(next) as (keyof ProjectUpdatePayload)[]).filter(
    (field) => next[field] !== project[field],
  );

  const changed: SettingChange[] = [];
  for (const setting of PROJECT_SETTING_NAMES) {
    if (!isSettingShown(setting, informationOn(values))) continue;
    const value = storedForm(setting, values.settings[setting]);
    if (value !== settings[setting]) changed.push({ name: setting, value });
  }

  return { project: projectFields.length > 0 ? next : null, projectFields, settings: changed };
}

export function changeCount(changes: DetailsChanges): number {
  return changes.projectFields.length + changes.settings.length;
}
