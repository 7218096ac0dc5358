import { z } from 'zod';
import { expectedVersionField } from './concurrency';
import { idField } from './ids';
import { LIMITS } from './users';
import { isWebUrl } from './web-links';

/** Project types (spec §3); the type decides which apartment status list applies. */
export const PROJECT_TYPES = ['rental', 'sale', 'tomter'] as const;
export type ProjectType = (typeof PROJECT_TYPES)[number];
export const DEFAULT_PROJECT_TYPE: ProjectType = 'sale';

export const PROJECT_LIMITS = { name: 150, description: 5000, url: 2000 } as const;

// ---------------------------------------------------------------------------
// Settings catalogue (spec §3 "Project settings"). Every value is stored as a
// string; booleans as "1"/"0". A setting never written reads as its default.
// ---------------------------------------------------------------------------

export type ProjectSettingDef =
  | { kind: 'boolean'; default: '0' | '1' }
  | { kind: 'integer'; default: string; min: number; max: number }
  | { kind: 'enum'; default: string; values: readonly [string, ...string[]] }
  /** An e-mail address, or empty. */
  | { kind: 'email'; default: '' }
  /** An http(s) URL, or empty. */
  | { kind: 'url'; default: '' }
  /** A number with up to `decimals` decimals (a comma is read as the point), or empty. */
  | { kind: 'decimal'; default: ''; min: number; max: number; decimals: number }
  /** One line of plain text, or empty. */
  | { kind: 'text'; default: ''; max: number }
  /** A day, YYYY-MM-DD, or empty. */
  | { kind: 'date'; default: '' };

const bool = { kind: 'boolean', default: '0' } as const;

export const PROJECT_SETTINGS = {
  show_status: bool,
  multi_building: bool,
  show_sun_study: bool,
  /** The font size of building labels on a plan 1,000 units wide; other plans in proportion (ADR 025). */
  label_font_size: { kind: 'integer', default: '45', min: 8, max: 400 },
  /** Each apartment's number (bostad) drawn on its zone in the widget (ADR 025). */
  show_zone_numbers: bool,
  bostad_as_integer: bool,
  default_sort_order: { kind: 'enum', default: 'status', values: ['status', 'bostad'] },
  use_apartment_information: bool,
  link_to_project: { kind: 'url', default: '' },
  project_email: { kind: 'email', default: '' },
  use_garden_size: bool,
  use_new_design: bool,
  hide_floor_column: bool,
  hide_fee_column: bool,
  show_all_apartments: bool,
  /** "Sänkt från …" on an apartment whose latest price change lowered it (issue 24). */
  show_price_drop: bool,
  currency: { kind: 'enum', default: 'kr', values: ['kr', 'sek'] },
  /** "Anmäl intresse" in the widget (ADR 036). */
  interest_enabled: bool,
  /** Days a withdrawn or lapsed interest entry is kept before its personal data is erased (ADR 036). */
  interest_retention_days: { kind: 'integer', default: '30', min: 1, max: 3650 },
  /** The monthly cost line and "Räkna själv" on available apartments (ADR 037). */
  cost_calculator: { kind: 'boolean', default: '1' },
  /** Yearly interest rate in percent; empty: no loan costs are shown (ADR 037). */
  calculator_rate: { kind: 'decimal', default: '', min: 0, max: 20, decimals: 2 },
  /** Where the rate comes from ("SBAB 3 mån, listränta"), shown beside it. */
  calculator_rate_source: { kind: 'text', default: '', max: 200 },
  /** The day the rate was read. */
  calculator_rate_date: { kind: 'date', default: '' },
  /** Driftkostnad per month (bostadsrätt). */
  calculator_operating_cost: { kind: 'integer', default: '0', min: 0, max: 100000 },
  /** Default kontantinsats in percent; below the bolånetak's minimum it is raised to it. */
  calculator_down_payment: { kind: 'integer', default: '0', min: 0, max: 100 },
  /** Hyresrätt extras per month; 0 means not offered. */
  calculator_parking: { kind: 'integer', default: '0', min: 0, max: 100000 },
  calculator_electricity: { kind: 'integer', default: '0', min: 0, max: 100000 },
  calculator_broadband: { kind: 'integer', default: '0', min: 0, max: 100000 },
  /** How many days a reservation lasts unless the broker says otherwise (ADR 035). */
  reservation_days: { kind: 'integer', default: '7', min: 1, max: 28 },
} as const satisfies Record<string, ProjectSettingDef>;

export type ProjectSettingName = keyof typeof PROJECT_SETTINGS;
export const PROJECT_SETTING_NAMES = Object.keys(PROJECT_SETTINGS) as [
  ProjectSettingName,
  ...ProjectSettingName[],
];
export type ProjectSettings = Record<ProjectSettingName, string>;

export function isProjectSettingName(name: string): name is ProjectSettingName {
  return Object.prototype.hasOwnProperty.call(PROJECT_SETTINGS, name);
}

/** Every setting at its default. */
export function defaultProjectSettings(): ProjectSettings {
  const out = {} as ProjectSettings;
  for (const name of PROJECT_SETTING_NAMES) out[name] = PROJECT_SETTINGS[name].default;
  return out;
}

/**
 * A project's settings as stored rows over the catalogue's defaults, with each one's version
 * (0: never written). The one place defaults are merged; rows outside the catalogue are ignored.
 */
export function settingsFromRows(rows: Iterable<{ name: string; value: string; version: number }>): {
  settings: ProjectSettings;
  versions: ProjectSettingVersions;
} {
  const settings = defaultProjectSettings();
  const versions = Object.fromEntries(PROJECT_SETTING_NAMES.map((n) => [n, 0])) as ProjectSettingVersions;
  for (const row of rows) {
    if (!isProjectSettingName(row.name)) continue;
    settings[row.name] = row.value;
    versions[row.name] = row.version;
  }
  return { settings, versions };
}

/** What a caller may send as a setting value; `null` means empty (e-mail and URL only). */
export type ProjectSettingInput = string | number | boolean | null;

export type SettingParseResult = { ok: true; value: string } | { ok: false; message: string };

const emailCheck = z.email();

/** "2026-04-01" yes; "2026-02-30" (which Date would roll into March) no. */
function isCalendarDay(text: string): boolean {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(text)) return false;
  const day = new Date(`${text}T00:00:00Z`);
  return !Number.isNaN(day.getTime()) && day.toISOString().slice(0, 10) === text;
}

/**
 * Checks one value against its setting and returns the string to store.
 * Booleans accept 1/0, "1"/"0", true/false and "true"/"false" and are stored as "1"/"0".
 */
export function parseProjectSettingValue(name: ProjectSettingName, input: unknown): SettingParseResult {
  const def: ProjectSettingDef = PROJECT_SETTINGS[name];
  switch (def.kind) {
    case 'boolean': {
      if (input === true || input === 1 || input === '1' || input === 'true') return { ok: true, value: '1' };
      if (input === false || input === 0 || input === '0' || input === 'false')
        return { ok: true, value: '0' };
      return { ok: false, message: `The ${name} value must be 1 or 0` };
    }
    case 'integer': {
      const text = typeof input === 'number' ? String(input) : typeof input === 'string' ? input.trim() : '';
      const n = /^\d{1,6}$/.test(text) ? Number(text) : NaN;
      if (!Number.isInteger(n) || n < def.min || n > def.max) {
        return {
          ok: false,
          message: `The ${name} value must be a whole number from ${def.min} to ${def.max}`,
        };
      }
      return { ok: true, value: String(n) };
    }
    case 'enum': {
      if (typeof input === 'string' && def.values.includes(input)) return { ok: true, value: input };
      return { ok: false, message: `The ${name} value must be one of: ${def.values.join(', ')}` };
    }
    case 'decimal': {
      if (input === null) return { ok: true, value: '' };
      const text =
        typeof input === 'number' ? String(input) : typeof input === 'string' ? input.trim() : null;
      if (text === '') return { ok: true, value: '' };
      const normal = text?.replace(',', '.') ?? '';
      const n = new RegExp(`^\\d{1,6}(\\.\\d{1,${def.decimals}})?$`).test(normal) ? Number(normal) : NaN;
      if (!Number.isFinite(n) || n < def.min || n > def.max) {
        return {
          ok: false,
          message: `The ${name} value must be a number from ${def.min} to ${def.max} with at most ${def.decimals} decimals`,
        };
      }
      return { ok: true, value: String(n) };
    }
    case 'text': {
      if (input === null) return { ok: true, value: '' };
      // One line of plain text: control characters (line breaks too) are refused, not stripped.
      // eslint-disable-next-line no-control-regex
      if (typeof input !== 'string' || /[\u0000-\u001f\u007f]/.test(input) || input.trim().length > def.max) {
        return { ok: false, message: `The ${name} value must be one line of at most ${def.max} characters` };
      }
      return { ok: true, value: input.trim() };
    }
    case 'date': {
      if (input === null) return { ok: true, value: '' };
      const text = typeof input === 'string' ? input.trim() : null;
      if (text === '') return { ok: true, value: '' };
      return text !== null && isCalendarDay(text)
        ? { ok: true, value: text }
        : { ok: false, message: `The ${name} value must be a date, YYYY-MM-DD` };
    }
    case 'email':
    case 'url': {
      if (input === null) return { ok: true, value: '' };
      if (typeof input !== 'string') return { ok: false, message: `The ${name} value must be text` };
      const text = input.trim();
      if (text === '') return { ok: true, value: '' };
      if (def.kind === 'email') {
        return text.length <= LIMITS.email && emailCheck.safeParse(text).success
          ? { ok: true, value: text }
          : { ok: false, message: `The ${name} value must be a valid e-mail address` };
      }
      return text.length <= PROJECT_LIMITS.url && isWebUrl(text)
        ? { ok: true, value: text }
        : { ok: false, message: `The ${name} value must be a valid http(s) URL` };
    }
  }
}

const settingNameField = z.enum(PROJECT_SETTING_NAMES, { error: 'Unknown setting name' });

/** POST /{role}/settings/{projectId}: `{ name, value }`, the value checked and normalised per setting. */
export const projectSettingBodySchema = z
  .object({
    name: settingNameField,
    value: z.union([z.string().max(PROJECT_LIMITS.url), z.number(), z.boolean(), z.null()]),
    /** The setting's version as loaded (0 for one never written); a stale one is a 409. */
    version: expectedVersionField,
  })
  .transform((body, ctx) => {
    const parsed = parseProjectSettingValue(body.name, body.value);
    if (!parsed.ok) {
      ctx.addIssue({ code: 'custom', path: ['value'], message: parsed.message });
      return z.NEVER;
    }
    return { name: body.name, value: parsed.value, version: body.version };
  });
export type ProjectSettingBody = z.input<typeof projectSettingBodySchema>;

export const projectSettingQuerySchema = z.object({ name: settingNameField.optional() });

export const projectSettingSchema = z.object({
  name: z.enum(PROJECT_SETTING_NAMES),
  value: z.string(),
  /** 0 for a setting never written (it reads as its default). */
  version: z.number().int(),
});
export type ProjectSetting = z.infer<typeof projectSettingSchema>;
export const projectSettingsSchema = z.record(z.enum(PROJECT_SETTING_NAMES), z.string());
export const projectSettingVersionsSchema = z.record(z.enum(PROJECT_SETTING_NAMES), z.number().int());
/** GET /{role}/settings/{projectId} without a name: every setting and its version. */
export const projectSettingsResponseSchema = z.object({
  settings: projectSettingsSchema,
  versions: projectSettingVersionsSchema,
});
export type ProjectSettingVersions = Record<ProjectSettingName, number>;

// ---------------------------------------------------------------------------
// Projects
// ---------------------------------------------------------------------------

/** An id, or `null`; 0, "0" and "" also mean none. */
const optionalIdField = z.preprocess(
  (v) => (v === '' || v === 0 || v === '0' ? null : v),
  idField.nullable(),
);

const nameField = z
  .string({ error: 'The name field is required' })
  .trim()
  .min(1, 'The name field is required')
  .max(PROJECT_LIMITS.name, `The name may not be longer than ${PROJECT_LIMITS.name} characters`);
const descriptionField = z
  .string()
  .trim()
  .max(
    PROJECT_LIMITS.description,
    `The description may not be longer than ${PROJECT_LIMITS.description} characters`,
  );
const typeField = z.enum(PROJECT_TYPES, { error: 'The type must be rental, sale or tomter' });

/**
 * POST /admin/project/{user_id}. The owner comes from the path; a body user_id, when
 * given, must match it. A missing or empty type means sale (spec §5).
 */
export const projectCreateSchema = z.object({
  name: nameField,
  type: z.preprocess(
    (v) => (v === undefined || v === null || v === '' ? DEFAULT_PROJECT_TYPE : v),
    typeField,
  ),
  description: z.preprocess((v) => v ?? '', descriptionField),
  user_id: z.preprocess((v) => (v === '' || v === null ? undefined : v), idField.optional()),
});
export type ProjectCreate = z.input<typeof projectCreateSchema>;

/**
 * PUT /{role}/project/{id}. Absent fields stay as they are; broker_id null clears the broker.
 * Only admins may change these fields; a non-admin sending a different value gets 403.
 */
export const projectUpdateSchema = z.object({
  name: nameField.optional(),
  type: typeField.optional(),
  description: descriptionField.nullish().transform((v) => (v === null ? '' : v)),
  user_id: idField.optional(),
  broker_id: optionalIdField.optional(),
  /** The version the form loaded; a stale one is refused with 409. */
  version: expectedVersionField,
});
export type ProjectUpdate = z.input<typeof projectUpdateSchema>;

/** v2 POST /users/brokers: sets (or, with null/0, clears) a project's broker. */
export const brokerAssignBodySchema = z.object({
  userId: optionalIdField,
  projectId: idField,
});
export type BrokerAssignBody = z.input<typeof brokerAssignBodySchema>;

export const projectPersonSchema = z.object({
  id: z.number().int(),
  first_name: z.string(),
  last_name: z.string(),
});
export type ProjectPerson = z.infer<typeof projectPersonSchema>;

export const projectSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  description: z.string(),
  type: z.enum(PROJECT_TYPES),
  user: projectPersonSchema,
  user_id: z.number().int(),
  broker_id: z.number().int().nullable(),
  broker: projectPersonSchema.nullable(),
  created_at: z.string(),
  /** Moves on with every change of the fields above. */
  version: z.number().int(),
});
export type Project = z.infer<typeof projectSchema>;

/** GET /{role}/project/code/{id}: the script snippet and the plain iframe. */
export const projectCodeSchema = z.object({ full: z.string(), iframe: z.string() });
export type ProjectCode = z.infer<typeof projectCodeSchema>;

/** Answers of the project routes (convention 2): the routes declare them, the web app reads them. */
export const projectResponseSchema = z.object({ project: projectSchema });
export const projectsResponseSchema = z.object({ projects: z.array(projectSchema) });
export const projectCodeResponseSchema = z.object({ code: projectCodeSchema });
