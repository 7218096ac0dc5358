import {
  apartmentFieldsSchema,
  buildingNumberBodySchema,
  CSV_FIELDS,
  excelCsv,
  type ApartmentCsvColumn,
  type ApartmentFieldOfKind,
  type ImportResult,
  type ImportRow,
  type ImportValue,
  isStatusValidFor,
  statusLabel,
  statusOfText,
  type Project,
} from '@planvy/shared';
import type { Db, DbOrTx } from '../../db/client';
import { invalid } from '../../lib/http-error';
import { isStorableText, UNSTORABLE_MESSAGE } from '../../lib/storable-text';
import { assertCan } from '../../plugins/auth';
import * as buildingNumbers from '../building-numbers/repository';
import { notifyApartments, notifyView } from '../live/notify';
import type { Caller } from '../projects/service';
import {
  buildCsv,
  formatNumber,
  readImport,
  type CsvEncoding,
  type CsvLang,
  type CsvRecord,
} from './apartment-csv';
import { emitApartmentChanges } from '../webhooks/webhooks';
import * as repo from './repository';
import { toApartment } from './service';

/** `project` is the one the access hook checked. */
export async function exportApartments(db: DbOrTx, project: Project, lang: CsvLang) {
  const projectId = project.id;
  const [rows, buildings] = await Promise.all([
    repo.listApartments(db, projectId),
    repo.buildingNumbersOf(db, projectId),
  ]);
  const labels = new Map(buildings.map((b) => [b.id, b.label]));
  const cell = (c: ApartmentCsvColumn, a: repo.ApartmentRow): string => {
    switch (c.kind) {
      case 'area':
      case 'money':
        return formatNumber(a[c.field as ApartmentFieldOfKind<'area' | 'money'>], lang);
      case 'status':
        return statusLabel(a.status, project.type, lang);
      case 'boolean':
        return a.inactive ? '1' : '0';
      case 'building':
        return a.building_number_id ? (labels.get(a.building_number_id) ?? '') : '';
      case 'documents':
        return a.info.map((i) => i.url).join('\n');
      default:
        return a[c.field as ApartmentFieldOfKind<'text' | 'link'>];
    }
  };
  const records: CsvRecord[] = rows.map((a) =>
    Object.fromEntries(CSV_FIELDS.map((c) => [c.key, cell(c, a)])),
  );
  const safeName = project.name.replace(/[^\p{L}\p{N}_-]+/gu, '-').replace(/^-+|-+$/g, '') || 'project';
  return { bytes: buildCsv(records, lang), filename: `${safeName}-apartments.csv` };
}

const PRICE_HEADERS: Record<CsvLang, readonly string[]> = {
  sv: ['Bostad', 'Tidpunkt', 'Pris före', 'Pris efter', 'Avgift före', 'Avgift efter', 'Ändrad av'],
  en: ['Apartment', 'Time', 'Price before', 'Price after', 'Fee before', 'Fee after', 'Changed by'],
};

/**
 * A project's price history, oldest first: a formula-safe CSV for Excel (as the apartment
 * export: UTF-16LE, tabs, numbers in the language's form) or JSON.
 */
export async function exportPriceHistory(
  db: DbOrTx,
  project: Project,
  lang: CsvLang,
  format: 'csv' | 'json',
) {
  const rows = await repo.projectPriceHistory(db, project.id);
  const safeName = project.name.replace(/[^\p{L}\p{N}_-]+/gu, '-').replace(/^-+|-+$/g, '') || 'project';
  const by = (r: (typeof rows)[number]) => [r.first_name, r.last_name].filter(Boolean).join(' ');
  if (format === 'json') {
    const body = rows.map((r) => ({
      apartment_id: r.apartment_id,
      bostad: r.bostad,
      changed_at: r.changed_at.toISOString(),
      from_price: r.from_price,
      to_price: r.to_price,
      from_fee: r.from_fee,
      to_fee: r.to_fee,
      changed_by: by(r) || null,
    }));
    return {
      bytes: JSON.stringify({ project_id: project.id, changes: body }, null, 2),
      filename: `${safeName}-prices.json`,
    };
  }
  const table = rows.map((r) => [
    r.bostad,
    r.changed_at.toISOString(),
    formatNumber(r.from_price, lang),
    formatNumber(r.to_price, lang),
    formatNumber(r.from_fee, lang),
    formatNumber(r.to_fee, lang),
    by(r),
  ]);
  return { bytes: excelCsv([PRICE_HEADERS[lang], ...table]), filename: `${safeName}-prices.csv` };
}

/** The columns an import may change, as they are stored now. */
function pickImported(a: repo.ApartmentRow): repo.ImportedColumns {
  return Object.fromEntries(repo.IMPORTED.map((k) => [k, a[k]])) as repo.ImportedColumns;
}

const YES = ['1', 'ja', 'yes', 'true', 'sant', 'x'];
const NO = ['0', 'nej', 'no', 'false', 'falskt', ''];

/** A building number's label as matched: case and surrounding spaces do not matter. */
const labelKey = (label: string) => label.trim().toLowerCase();

/** A stored or parsed value as the preview shows it (ImportValue). */
function previewValue(
  field: string,
  value: unknown,
  labelOf: (id: number) => string | undefined,
): ImportValue {
  if (value === null || value === undefined) return null;
  if (field === 'building_number_id') return labelOf(value as number) ?? null;
  if (field === 'info') return (value as { url: string }[]).map((i) => i.url);
  return typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean' ? value : null;
}

/** A new building number's label: the rule of the building-number routes. */
const buildingLabel = buildingNumberBodySchema.shape.label;

const unknownBuilding = (label: string) => `No building number "${label}" in this project`;

export interface ImportOptions {
  /** Write the new and changed rows; without it nothing is written (the preview). */
  apply: boolean;
  /** Create the building numbers valid rows name that the project lacks (apply), instead of refusing those rows. */
  createBuildingNumbers: boolean;
  /** What the file was read as (for the answer). */
  encoding: CsvEncoding;
}

/**
 * Reads a CSV, matches rows to apartments by bostad and classifies each row. With
 * `apply`, writes the new and changed rows in one transaction; invalid rows are
 * never written. A row naming a building number the project lacks is not invalid for
 * that alone: the preview lists the label, and an applied import creates it (with
 * `createBuildingNumbers`, in the same transaction) or refuses the row.
 */
export async function importApartments(
  db: Db,
  caller: Caller,
  project: Project,
  text: string,
  options: ImportOptions,
): Promise<ImportResult> {
  const projectId = project.id;
  const { apply } = options;
  // Creating building numbers is managing them: the rule of the building-number routes.
  if (options.createBuildingNumbers) assertCan(caller, 'buildingNumbers.manage');
  const createBuildings = apply && options.createBuildingNumbers;
  // A file (csv_base64) is decoded here, after the body's own check: look at its text too.
  if (!isStorableText(text))
    throw invalid('csv', `The file cannot be imported: ${UNSTORABLE_MESSAGE.message}`);
  const { records, unknownColumns, delimiter } = readImport(text);

  return db.transaction(async (tx) => {
    const [existing, buildings] = await Promise.all([
      repo.listApartments(tx, projectId),
      repo.buildingNumbersOf(tx, projectId),
    ]);
    const byBostad = new Map(existing.map((a) => [a.bostad.trim().toLowerCase(), a]));
    const buildingByLabel = new Map(buildings.map((b) => [labelKey(b.label), b.id]));
    const labelById = new Map(buildings.map((b) => [b.id, b.label]));
    const labelOf = (id: number) => labelById.get(id);
    const seen = new Set<string>();
    const rows: ImportRow[] = [];
    const inserts: Parameters<typeof repo.insertMany>[1] = [];
    const updates: (repo.ImportedColumns & { id: number; from: string })[] = [];
    /** Labels valid rows name that the project lacks, by key, as first written. */
    const missing = new Map<string, string>();
    /** The writes that take the id of a building number created below. */
    const awaitingBuilding: { key: string; write: { building_number_id?: number | null } }[] = [];

    for (const { line, record } of records) {
      const bostad = (record.bostad ?? '').trim();
      const errors: Record<string, string[]> = {};
      const add = (field: string, message: string) => (errors[field] ??= []).push(message);
      if (!bostad) add('bostad', 'Bostad is required to match the row');
      const key = bostad.toLowerCase();
      if (bostad && seen.has(key)) add('bostad', 'The same bostad appears twice in the file');
      seen.add(key);

      const raw: Record<string, unknown> = {};
      /** The building number this row names that does not exist (yet). */
      let newBuilding: string | null = null;
      for (const c of CSV_FIELDS) {
        const value = record[c.key];
        if (value === undefined || c.field === 'bostad') continue;
        switch (c.kind) {
          case 'status': {
            if (value === '') break;
            const alias = statusOfText(value);
            if (!alias || !isStatusValidFor(alias, project.type))
              add(c.key, `Unknown status "${value}" for a ${project.type} project`);
            else raw[c.field] = alias;
            break;
          }
          case 'boolean': {
            const v = value.trim().toLowerCase();
            if (YES.includes(v)) raw[c.field] = '1';
            else if (NO.includes(v)) raw[c.field] = '0';
            else add(c.key, 'Must be 1 or 0');
            break;
          }
          case 'building': {
            const label = value.trim();
            const id = buildingByLabel.get(labelKey(label));
            if (label === '') raw[c.field] = null;
            else if (id !== undefined) raw[c.field] = id;
            else {
              const checked = buildingLabel.safeParse(label);
              if (checked.success) newBuilding = checked.data;
              else for (const issue of checked.error.issues) add(c.key, issue.message);
            }
            break;
          }
          case 'documents':
            raw[c.field] = value
              .split(/[\s]+/)
              .filter(Boolean)
              .map((url) => ({ url }));
            break;
          default:
            raw[c.field] = value;
        }
      }
      const parsed = apartmentFieldsSchema.safeParse(raw);
      if (!parsed.success) {
        for (const issue of parsed.error.issues) add(String(issue.path[0] ?? 'row'), issue.message);
      }
      if (newBuilding !== null) {
        const otherwiseValid = Object.keys(errors).length === 0;
        if (otherwiseValid && !missing.has(labelKey(newBuilding)))
          missing.set(labelKey(newBuilding), newBuilding);
        // Applied without leave to create it, a missing building number refuses the row, as it always did.
        if (!otherwiseValid || (apply && !createBuildings))
          add('building_number', unknownBuilding(newBuilding));
      }
      if (Object.keys(errors).length > 0 || !parsed.success) {
        rows.push({
          line,
          bostad,
          kind: 'invalid',
          changes: [],
          values: {},
          before: {},
          missing_building_number: newBuilding,
          errors,
        });
        continue;
      }
      const values: Partial<repo.ApartmentInsert> = { ...parsed.data, inactive: undefined };
      if (parsed.data.inactive !== undefined) values.inactive = parsed.data.inactive === '1';
      for (const k of Object.keys(values) as (keyof typeof values)[])
        if (values[k] === undefined) delete values[k];
      const show = (fields: readonly string[], from: Record<string, unknown>) =>
        Object.fromEntries(fields.map((f) => [f, previewValue(f, from[f], labelOf)]));

      const current = byBostad.get(key);
      if (!current) {
        const shown = show(Object.keys(values), values);
        if (newBuilding !== null) shown.building_number_id = newBuilding;
        rows.push({
          line,
          bostad,
          kind: 'new',
          changes: [],
          values: shown,
          before: {},
          missing_building_number: newBuilding,
          errors: {},
        });
        const insert = { ...values, bostad, project_id: projectId };
        inserts.push(insert);
        if (newBuilding !== null) awaitingBuilding.push({ key: labelKey(newBuilding), write: insert });
        continue;
      }
      const currentDto = toApartment(current);
      const changes = repo.IMPORTED.filter((f) => {
        if (f === 'building_number_id' && newBuilding !== null) return true;
        if (!(f in values)) return false;
        const next = (values as Record<string, unknown>)[f];
        if (f === 'inactive') return next !== current.inactive;
        if (f === 'info') return JSON.stringify(next) !== currentDto.info;
        return (next ?? null) !== ((current as Record<string, unknown>)[f] ?? null);
      });
      const shown = show(changes, values);
      if (newBuilding !== null) shown.building_number_id = newBuilding;
      rows.push({
        line,
        bostad,
        kind: changes.length ? 'changed' : 'unchanged',
        changes,
        values: shown,
        before: show(changes, current),
        missing_building_number: newBuilding,
        errors: {},
      });
      if (changes.length) {
        const { bostad: _bostad, ...imported } = values;
        const update = { ...pickImported(current), ...imported, id: current.id, from: current.status };
        updates.push(update);
        if (newBuilding !== null) awaitingBuilding.push({ key: labelKey(newBuilding), write: update });
      }
    }

    const created: string[] = [];
    if (apply) {
      if (createBuildings && missing.size > 0) {
        for (const b of await buildingNumbers.insertBuildingNumbers(tx, projectId, [...missing.values()])) {
          buildingByLabel.set(labelKey(b.label), b.id);
          created.push(b.label);
        }
        for (const { key, write } of awaitingBuilding) write.building_number_id = buildingByLabel.get(key);
        missing.clear();
      }
      // Batched statements in this one transaction: 20,000 rows are a few round trips, all or nothing.
      const inserted = await repo.insertMany(tx, inserts);
      await repo.updateImported(tx, updates);
      const history = [
        ...inserted.map((a) => ({ apartment_id: a.id, from_status: null, to_status: a.status })),
        ...updates
          .filter((u) => u.status !== u.from)
          .map((u) => ({ apartment_id: u.id, from_status: u.from, to_status: u.status })),
      ];
      await repo.recordStatusChanges(tx, history, caller);
      const before = new Map(existing.map((a) => [a.id, a]));
      await repo.recordPriceChanges(
        tx,
        [
          ...inserted.map((a) => ({ apartment_id: a.id, before: null, after: a })),
          ...updates.map((u) => ({
            apartment_id: u.id,
            before: before.get(u.id) ?? null,
            after: { price: u.price ?? null, fee: u.fee ?? null },
          })),
        ],
        caller,
      );
      // New apartments and building numbers carry more than an event does: open widgets refetch the view.
      if (inserted.length > 0 || created.length > 0) await notifyView(tx, projectId);
      else await notifyApartments(tx, projectId, updates, before);
      await emitApartmentChanges(
        tx,
        projectId,
        updates.flatMap((u) => {
          const was = before.get(u.id);
          return was ? [{ before: was, after: u }] : [];
        }),
      );
    }
    const count = (kind: ImportRow['kind']) => rows.filter((r) => r.kind === kind).length;
    return {
      rows,
      unknown_columns: unknownColumns,
      encoding: options.encoding,
      delimiter,
      missing_building_numbers: [...missing.values()],
      created_building_numbers: created,
      summary: {
        new: count('new'),
        changed: count('changed'),
        unchanged: count('unchanged'),
        invalid: count('invalid'),
      },
      applied: apply,
    };
  });
}
