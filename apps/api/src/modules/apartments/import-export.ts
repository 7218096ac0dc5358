import {
  apartmentFieldsSchema,
  CSV_FIELDS,
  type ApartmentCsvColumn,
  type ApartmentFieldOfKind,
  type ImportResult,
  type ImportRow,
  isStatusValidFor,
  STATUSES,
  statusLabel,
  type Project,
  type ProjectType,
} from '@planvy/shared';
import type { Db, DbOrTx } from '../../db/client';
import { invalid } from '../../lib/http-error';
import { isStorableText, UNSTORABLE_MESSAGE } from '../../lib/storable-text';
import { notifyApartments, notifyView } from '../live/notify';
import type { Caller } from '../projects/service';
import { buildCsv, formatNumber, readImport, type CsvLang, type CsvRecord } from './apartment-csv';
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

function statusFromCell(cell: string, type: ProjectType): string | undefined {
  const wanted = cell.trim().toLowerCase();
  for (const s of STATUSES) {
    const names = [s.alias, statusLabel(s.alias, type, 'sv'), statusLabel(s.alias, type, 'en')];
    if (names.some((n) => n.toLowerCase() === wanted)) return s.alias;
  }
  return undefined;
}

/** The columns an import may change, as they are stored now. */
function pickImported(a: repo.ApartmentRow): repo.ImportedColumns {
  return Object.fromEntries(repo.IMPORTED.map((k) => [k, a[k]])) as repo.ImportedColumns;
}

const YES = ['1', 'ja', 'yes', 'true', 'x'];
const NO = ['0', 'nej', 'no', 'false', ''];

/**
 * Reads a CSV, matches rows to apartments by bostad and classifies each row. With
 * `apply`, writes the new and changed rows in one transaction; invalid rows are
 * never written.
 */
export async function importApartments(
  db: Db,
  caller: Caller,
  project: Project,
  text: string,
  apply: boolean,
): Promise<ImportResult> {
  const projectId = project.id;
  // A file (csv_base64) is decoded here, after the body's own check: look at its text too.
  if (!isStorableText(text))
    throw invalid('csv', `The file cannot be imported: ${UNSTORABLE_MESSAGE.message}`);
  const { records, unknownColumns } = readImport(text);

  return db.transaction(async (tx) => {
    const [existing, buildings] = await Promise.all([
      repo.listApartments(tx, projectId),
      repo.buildingNumbersOf(tx, projectId),
    ]);
    const byBostad = new Map(existing.map((a) => [a.bostad.trim().toLowerCase(), a]));
    const buildingByLabel = new Map(buildings.map((b) => [b.label.trim().toLowerCase(), b.id]));
    const seen = new Set<string>();
    const rows: ImportRow[] = [];
    const inserts: Parameters<typeof repo.insertMany>[1] = [];
    const updates: (repo.ImportedColumns & { id: number; from: string })[] = [];

    for (const { line, record } of records) {
      const bostad = (record.bostad ?? '').trim();
      const errors: Record<string, string[]> = {};
      const add = (field: string, message: string) => (errors[field] ??= []).push(message);
      if (!bostad) add('bostad', 'Bostad is required to match the row');
      const key = bostad.toLowerCase();
      if (bostad && seen.has(key)) add('bostad', 'The same bostad appears twice in the file');
      seen.add(key);

      const raw: Record<string, unknown> = {};
      for (const c of CSV_FIELDS) {
        const value = record[c.key];
        if (value === undefined || c.field === 'bostad') continue;
        switch (c.kind) {
          case 'status': {
            if (value === '') break;
            const alias = statusFromCell(value, project.type);
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
            const label = value.trim().toLowerCase();
            if (label === '') raw[c.field] = null;
            else if (buildingByLabel.has(label)) raw[c.field] = buildingByLabel.get(label);
            else add(c.key, `No building number "${value}" in this project`);
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
      if (Object.keys(errors).length > 0 || !parsed.success) {
        rows.push({ line, bostad, kind: 'invalid', changes: [], errors });
        continue;
      }
      const values: Partial<repo.ApartmentInsert> = { ...parsed.data, inactive: undefined };
      if (parsed.data.inactive !== undefined) values.inactive = parsed.data.inactive === '1';
      for (const k of Object.keys(values) as (keyof typeof values)[])
        if (values[k] === undefined) delete values[k];

      const current = byBostad.get(key);
      if (!current) {
        rows.push({ line, bostad, kind: 'new', changes: [], errors: {} });
        inserts.push({ ...values, bostad, project_id: projectId });
        continue;
      }
      const currentDto = toApartment(current);
      const changes = repo.IMPORTED.filter((f) => {
        if (!(f in values)) return false;
        const next = (values as Record<string, unknown>)[f];
        if (f === 'inactive') return next !== current.inactive;
        if (f === 'info') return JSON.stringify(next) !== currentDto.info;
        return (next ?? null) !== ((current as Record<string, unknown>)[f] ?? null);
      });
      rows.push({ line, bostad, kind: changes.length ? 'changed' : 'unchanged', changes, errors: {} });
      if (changes.length) {
        const { bostad: _bostad, ...imported } = values;
        updates.push({ ...pickImported(current), ...imported, id: current.id, from: current.status });
      }
    }

    if (apply) {
      // Batched statements in this one transaction: 20,000 rows are a few round trips, all or nothing.
      const created = await repo.insertMany(tx, inserts);
      await repo.updateImported(tx, updates);
      const history = [
        ...created.map((a) => ({ apartment_id: a.id, from_status: null, to_status: a.status })),
        ...updates
          .filter((u) => u.status !== u.from)
          .map((u) => ({ apartment_id: u.id, from_status: u.from, to_status: u.status })),
      ];
      await repo.recordStatusChanges(tx, history, caller);
      // New apartments carry more than an event does: open widgets refetch the view.
      if (created.length > 0) await notifyView(tx, projectId);
      else await notifyApartments(tx, projectId, updates, new Map(existing.map((a) => [a.id, a])));
    }
    const count = (kind: ImportRow['kind']) => rows.filter((r) => r.kind === kind).length;
    return {
      rows,
      unknown_columns: unknownColumns,
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
