import path from 'node:path';
import {
  cleanPlanTitle,
  fileKindFor,
  fileNames,
  parseId,
  projectFileUrl,
  type Apartment,
  type PlanFile,
  type PlanReport,
  type PlanSummary,
  serverMessage,
} from '@planvy/shared';
import type { Db, DbOrTx } from '../../db/client';
import { digestOf, type FileStore } from '../../lib/file-store';
import { conflict, invalid, notFound } from '../../lib/http-error';
import { checkInlineImages, uprightCopy } from '../../lib/uploaded-image';
import { toApartment } from '../apartments/service';
import { listBuildingNumbers } from '../building-numbers/repository';
import { lockProject } from '../projects/service';
import { planMarkup, type MarkupCache, type MarkupEncoding } from './markup-cache';
import { storeBlob } from './blobs';
import { apartmentIdsOnPlan, planReport, scanPlan } from './plan-zones';
import { freeTitle, takenTitles, titleKey } from './plan-titles';
import * as repo from './repository';
import { sanitizeSvg, SvgSanitizeError } from './svg-sanitize';

export const fileNotFound = () => notFound('File');
export const STALE_PLAN = serverMessage('stalePlan');
const etagOfDigest = (digest: Buffer) => `"${digest.toString('base64url').slice(0, 27)}"`;
export const etagOf = (bytes: Buffer | string) => etagOfDigest(digestOf(bytes));

/** Puts bytes in the file store (ADR 022): their key for the row, and their ETag, from one hash. */
export async function storeWithEtag(db: Db, store: FileStore, bytes: Buffer) {
  const digest = digestOf(bytes);
  return { key: await storeBlob(db, store, bytes, digest), etag: etagOfDigest(digest) };
}

export function toSummary(row: repo.FileSummaryRow, buildings: number[] = []): PlanSummary {
  return {
    id: row.id,
    project_id: row.project_id,
    name: row.name,
    title: row.title,
    kind: row.kind,
    created_at: row.created_at.toISOString(),
    sort_index: row.sort_index,
    data: row.data,
    buildings: buildings.join(','),
    version: row.version,
    size: row.size,
    url: projectFileUrl(row.project_id, row.name),
  };
}

export function toFile(row: repo.FileRow, buildings: number[] = []): PlanFile {
  return { ...toSummary(row, buildings), svg: row.svg };
}

async function buildingIdsOf(db: DbOrTx, rows: readonly { id: number }[]): Promise<Map<number, number[]>> {
  const links = await repo.buildingsOf(
    db,
    rows.map((r) => r.id),
  );
  const byFile = new Map<number, number[]>();
  for (const l of links) byFile.set(l.file_id, [...(byFile.get(l.file_id) ?? []), l.building_number_id]);
  return byFile;
}

/** A plan without its markup. */
function summaryOf({ svg: _svg, ...summary }: PlanFile): PlanSummary {
  return summary;
}

async function withBuildings(db: DbOrTx, rows: repo.FileRow[]): Promise<PlanFile[]> {
  const byFile = await buildingIdsOf(db, rows);
  return rows.map((r) => toFile(r, byFile.get(r.id)));
}

async function summaryWithBuildings(db: DbOrTx, row: repo.FileSummaryRow): Promise<PlanSummary> {
  return toSummary(row, (await buildingIdsOf(db, [row])).get(row.id));
}

/** The project's plans (or files of `kinds`) without their markup, by sort_index. */
export async function listPlanSummaries(
  db: DbOrTx,
  projectId: number,
  kinds?: readonly repo.FileRow['kind'][],
): Promise<PlanSummary[]> {
  const rows = await repo.listPlanSummaries(db, projectId, kinds);
  const byFile = await buildingIdsOf(db, rows);
  return rows.map((r) => toSummary(r, byFile.get(r.id)));
}

/**
 * One plan's markup in `encoding` with its ETag, or only the ETag (body null) when the
 * caller's copy (`ifNoneMatch`) is current; 404 for a plan not in the project. The
 * markup itself comes from `cache` when this instance has this version: only the ETag is
 * read from the database then.
 */
export async function readPlanMarkup(
  db: DbOrTx,
  projectId: number,
  fileId: number,
  cache: MarkupCache,
  request: { ifNoneMatch?: string; encoding: MarkupEncoding },
): Promise<{ etag: string; body: Buffer | null }> {
  const tag = await repo.readMarkupTag(db, projectId, fileId);
  if (!tag) throw fileNotFound();
  if (request.ifNoneMatch === tag.etag) return { etag: tag.etag, body: null };
  const markup = await cache.get(tag.etag, request.encoding, () => repo.readMarkup(db, projectId, fileId));
  if (!markup) throw fileNotFound();
  return markup;
}

export async function listPlans(db: DbOrTx, projectId: number): Promise<PlanFile[]> {
  return withBuildings(db, await repo.listFiles(db, projectId, 'svg'));
}

export async function listImages(db: DbOrTx, projectId: number): Promise<PlanFile[]> {
  return (await repo.listFiles(db, projectId, 'image')).map((r) => toFile(r));
}

export async function getFile(db: DbOrTx, row: repo.FileRow): Promise<PlanFile> {
  return (await withBuildings(db, [row]))[0]!;
}

const PNG = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
const JPEG = Buffer.from([0xff, 0xd8, 0xff]);

/** A safe file name: no folders, no control or odd characters, extension lower-cased. */
export function cleanFileName(raw: string): string {
  const base = path.posix.basename(raw.replace(/\\/g, '/')).normalize('NFC');
  const ext = path.extname(base).toLowerCase();
  const stem = base
    .slice(0, base.length - ext.length)
    .replace(/[^\p{L}\p{N} ._()-]+/gu, '-')
    .replace(/^[-. ]+|[-. ]+$/g, '')
    .slice(0, 120);
  return `${stem || 'file'}${ext}`;
}

export async function uniqueName(db: DbOrTx, projectId: number, name: string): Promise<string> {
  const taken = new Set((await repo.listNames(db, projectId)).map((f) => f.name));
  if (!taken.has(name)) return name;
  const ext = path.extname(name);
  const stem = name.slice(0, name.length - ext.length);
  for (let i = 2; ; i++) {
    const candidate = `${stem} (${i})${ext}`;
    if (!taken.has(candidate)) return candidate;
  }
}

/**
 * The markup as stored, or a 422 on `field`: unsafe parts removed, no image inside over the pixel
 * limit; and the text of its `<title>`, if any.
 */
async function sanitizeOrRefuse(
  markup: string,
  field: string,
): Promise<{ svg: string; title: string | null }> {
  let result: { svg: string; title: string | null };
  try {
    result = sanitizeSvg(markup);
  } catch (err) {
    if (err instanceof SvgSanitizeError) throw invalid(field, err.message);
    throw err;
  }
  await checkInlineImages(result.svg, field);
  return result;
}

/**
 * Stores an upload: .svg becomes a plan (sanitised first), .png/.jpg/.jpeg a background
 * image, stored as an upright copy without metadata (no camera, no GPS position). The bytes
 * must be what the extension says, and an image at most MAX_PIXELS (read from its header).
 */
export async function uploadFile(
  db: Db,
  store: FileStore,
  projectId: number,
  upload: { filename: string; bytes: Buffer },
): Promise<{ file: PlanFile; report?: PlanReport }> {
  const name = cleanFileName(upload.filename);
  const kind = fileKindFor(name);
  if (!kind) throw invalid('file', serverMessage('fileTypes'));
  if (upload.bytes.length === 0) throw invalid('file', serverMessage('fileEmpty'));

  let content: Buffer | null = null;
  let svg = '';
  let planTitle = '';
  let contentType: string;
  if (kind === 'svg') {
    const text = upload.bytes.toString('utf8');
    if (text.includes('\ufffd') || !/<svg[\s>]/i.test(text)) {
      throw invalid('file', serverMessage('notSvg'));
    }
    const sanitized = await sanitizeOrRefuse(text, 'file');
    svg = sanitized.svg;
    planTitle = cleanPlanTitle(sanitized.title ?? '');
    contentType = 'image/svg+xml';
  } else if (upload.bytes.subarray(0, 8).equals(PNG)) {
    if (!name.endsWith('.png')) throw invalid('file', serverMessage('pngNamedOther'));
    content = (await uprightCopy(upload.bytes, 'image/png')).bytes;
    contentType = 'image/png';
  } else if (upload.bytes.subarray(0, 3).equals(JPEG)) {
    if (name.endsWith('.png')) throw invalid('file', serverMessage('jpegNamedPng'));
    content = (await uprightCopy(upload.bytes, 'image/jpeg')).bytes;
    contentType = 'image/jpeg';
  } else {
    throw invalid('file', serverMessage('notImage'));
  }

  // An image's bytes go to the file store; a plan's markup stays in its row (ADR 022).
  const image = content ? await storeWithEtag(db, store, content) : undefined;
  const etag = image?.etag ?? etagOf(svg);
  const stored = await db.transaction(async (tx) => {
    if (kind === 'svg') await lockProject(tx, projectId);
    const plans = kind === 'svg' ? await repo.listPlanTitles(tx, projectId) : [];
    const title = kind === 'svg' ? freeTitle(takenTitles(plans), planTitle, plans.length + 1) : '';
    const row = await repo.insertFile(tx, {
      project_id: projectId,
      name: await uniqueName(tx, projectId, name),
      title,
      kind,
      content_type: contentType,
      blob_key: image?.key ?? null,
      svg,
      size: content ? content.length : Buffer.byteLength(svg),
      etag,
      sort_index: await repo.nextSortIndex(tx, projectId),
    });
    if (kind !== 'svg') return { file: toFile(row) };
    const { report } = await syncPlan(tx, projectId, row.name, svg);
    return { file: toFile(row), report };
  });
  if (kind === 'svg') planMarkup.put(etag, svg);
  return stored;
}

/**
 * Brings every apartment's file_name in line with the zones that exist on `planName`,
 * and reports what does not add up. Runs inside the caller's transaction.
 */
async function syncPlan(
  tx: DbOrTx,
  projectId: number,
  planName: string,
  svg: string,
): Promise<{ report: PlanReport; moved: number[] }> {
  const scan = scanPlan(svg);
  const onPlan = apartmentIdsOnPlan(scan);
  const rows = await repo.projectApartments(tx, projectId);
  const changes: { id: number; file_name: string }[] = [];
  for (const a of rows) {
    const names = fileNames(a.file_name);
    const has = names.includes(planName);
    const should = onPlan.has(a.id);
    if (has === should) continue;
    const next = should ? [...names, planName] : names.filter((n) => n !== planName);
    changes.push({ id: a.id, file_name: next.join(',') });
    a.file_name = next.join(',');
  }
  await repo.setFileNames(tx, changes);
  const plans = (await repo.listNames(tx, projectId)).filter((f) => f.kind === 'svg').map((f) => f.name);
  return { report: planReport(scan, rows, plans), moved: changes.map((c) => c.id) };
}

/**
 * Saves edited plan markup: sanitised, version-checked and synced with apartments in one
 * transaction. Answers with the plan (without its markup when `summary`: the editor has it),
 * the check report, and the apartments whose file_name moved.
 */
export async function savePlan(
  db: Db,
  projectId: number,
  input: { name: string; svg: string; version?: number; buildings?: string; sort_index?: number },
  summary = false,
): Promise<{ file: PlanFile | PlanSummary; report: PlanReport; apartments: Apartment[] }> {
  const markup = (await sanitizeOrRefuse(input.svg, 'svg')).svg;
  const etag = etagOf(markup);
  const saved = await db.transaction(async (tx) => {
    const existing = await repo.findByName(tx, projectId, input.name);
    if (!existing || existing.kind !== 'svg')
      throw invalid('name', serverMessage('noPlan', { name: input.name }));
    const current = await repo.lockFile(tx, existing.id);
    if (!current) throw fileNotFound();
    if (input.version !== undefined && input.version !== current.version) {
      throw conflict(STALE_PLAN);
    }
    const row = await repo.updateFile(tx, current.id, {
      svg: markup,
      size: Buffer.byteLength(markup),
      etag,
      version: current.version + 1,
      ...(input.sort_index !== undefined ? { sort_index: input.sort_index } : {}),
    });
    if (!row) throw fileNotFound();
    if (input.buildings !== undefined) await attachBuildingIds(tx, row, input.buildings);
    const { report, moved } = await syncPlan(tx, projectId, row.name, markup);
    const file = (await withBuildings(tx, [{ ...row, svg: markup }]))[0]!;
    return {
      file: summary ? summaryOf(file) : file,
      report,
      apartments: (await repo.lockApartmentsById(tx, projectId, moved)).map(toApartment),
    };
  });
  planMarkup.put(etag, markup);
  return saved;
}

async function attachBuildingIds(
  tx: DbOrTx,
  file: { id: number; project_id: number },
  buildings: string | number[],
) {
  // Empty entries (a trailing comma, "" for none) are skipped; anything else must be an id.
  const entries = Array.isArray(buildings)
    ? buildings
    : buildings
        .split(',')
        .map((v) => v.trim())
        .filter(Boolean);
  const valid = new Set((await listBuildingNumbers(tx, file.project_id)).map((b) => b.id));
  const idOf = (v: string | number) => (typeof v === 'number' ? v : parseId(v));
  const wrong = entries.filter((v) => !valid.has(idOf(v) ?? NaN));
  if (wrong.length) throw invalid('buildings', `Not building numbers of this project: ${wrong.join(', ')}`);
  await repo.setBuildings(tx, file.id, [...new Set(entries.map((v) => idOf(v)!))]);
}

export async function attachBuildings(
  db: Db,
  file: repo.FileRow,
  buildings: string | number[],
): Promise<PlanSummary> {
  if (file.kind !== 'svg') throw invalid('fileId', 'Building numbers attach to plans only');
  return db.transaction(async (tx) => {
    await attachBuildingIds(tx, file, buildings);
    return summaryOf((await withBuildings(tx, [file]))[0]!);
  });
}

export async function setBackground(
  db: Db,
  projectId: number,
  input: { fileName: string; svgName: string },
): Promise<PlanSummary> {
  const plan = await repo.findByName(db, projectId, input.svgName);
  if (!plan || plan.kind !== 'svg')
    throw invalid('svgName', serverMessage('noPlan', { name: input.svgName }));
  if (input.fileName) {
    const image = await repo.findByName(db, projectId, input.fileName);
    if (!image || image.kind !== 'image')
      throw invalid('fileName', serverMessage('noImage', { name: input.fileName }));
  }
  const row = await repo.updateFile(db, plan.id, { data: input.fileName });
  return summaryWithBuildings(db, row!);
}

export async function updateFile(
  db: Db,
  file: repo.FileRow,
  input: { sort_index?: number; data?: string; name?: string; title?: string },
): Promise<PlanSummary> {
  const { id } = file;
  if (input.name !== undefined && input.name !== file.name) {
    throw invalid('name', serverMessage('noRename'));
  }
  if (input.title !== undefined && file.kind !== 'svg')
    throw invalid('title', serverMessage('planTitleImage'));
  if (input.data !== undefined && input.data !== '') {
    const image = await repo.findByName(db, file.project_id, input.data);
    if (!image || image.kind !== 'image')
      throw invalid('data', serverMessage('noImage', { name: input.data }));
  }
  const row = await db.transaction(async (tx) => {
    if (input.title !== undefined) {
      await lockProject(tx, file.project_id);
      if (takenTitles(await repo.listPlanTitles(tx, file.project_id), file.id).has(titleKey(input.title)))
        throw invalid('title', serverMessage('planTitleTaken', { name: input.title }));
    }
    return repo.updateFile(tx, id, {
      ...(input.sort_index !== undefined ? { sort_index: input.sort_index } : {}),
      ...(input.data !== undefined ? { data: input.data } : {}),
      ...(input.title !== undefined ? { title: input.title } : {}),
    });
  });
  return summaryWithBuildings(db, row!);
}

/** Deletes a file; a plan's name leaves every apartment's file_name, an image leaves every plan. */
export async function deleteFile(db: Db, file: repo.FileRow): Promise<void> {
  const { id } = file;
  await db.transaction(async (tx) => {
    if (file.kind === 'svg') {
      const rows = await repo.projectApartments(tx, file.project_id);
      await repo.setFileNames(
        tx,
        rows
          .filter((a) => fileNames(a.file_name).includes(file.name))
          .map((a) => ({
            id: a.id,
            file_name: fileNames(a.file_name)
              .filter((n) => n !== file.name)
              .join(','),
          })),
      );
    } else {
      await repo.clearBackground(tx, file.project_id, file.name);
    }
    await repo.deleteFile(tx, id);
  });
}

/**
 * For the public file URL: a plan's markup, or where an image's bytes are in the file store,
 * with type, size, ETag and time; undefined when there is no such file.
 */
export async function readPublicFile(db: DbOrTx, projectId: number, name: string) {
  const row = await repo.readFileBody(db, projectId, name);
  if (!row) return undefined;
  const head = { contentType: row.content_type, etag: row.etag, lastModified: row.updated_at };
  if (row.kind === 'svg') return { ...head, kind: row.kind, bytes: Buffer.from(row.svg, 'utf8') };
  if (!row.blob_key) return undefined;
  return { ...head, kind: row.kind, blobKey: row.blob_key, size: row.size };
}
