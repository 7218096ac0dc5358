import { serverMessage } from '@planvy/shared';
import path from 'node:path';
import type { PublicSunStudy, SunStudyFile, SunStudyUpload } from '@planvy/shared';
import type { Db, DbOrTx } from '../../db/client';
import { invalid, notFound } from '../../lib/http-error';
import type { FileStore } from '../../lib/file-store';
import { cleanFileName, storeWithEtag, uniqueName } from '../files/service';
import { insertFile } from '../files/repository';
import { lockProject } from '../projects/service';
import { readMedia, type Media } from './media';
import * as repo from './repository';

/** An upload that was never added to the sun study is removed after this long. */
const ORPHAN_AGE_MS = 24 * 60 * 60 * 1000;

const entryNotFound = () => notFound('Sun study file');

// ---------------------------------------------------------------------------
// Public URLs. Each names the file's id and a prefix of its content hash, so a URL
// never points at other bytes (names are reused after a delete) and can be cached
// for a year. Copies sit one level deeper, under their width.
// ---------------------------------------------------------------------------

export const hashOf = (etag: string) => etag.replace(/"/g, '').slice(0, 12);
const EXT: Record<string, string> = { 'image/webp': '.webp', 'image/jpeg': '.jpg', 'image/png': '.png' };

function base(projectId: number, fileId: number, etag: string) {
  return `/projects/${projectId}/sunstudy/${fileId}/${hashOf(etag)}`;
}

export function originalPath(projectId: number, fileId: number, etag: string, name: string): string {
  return `${base(projectId, fileId, etag)}/${encodeURIComponent(name)}`;
}

/** The file name of a copy: the upload's name with the copy's extension. */
export function variantName(name: string, contentType: string): string {
  return `${name.slice(0, name.length - path.extname(name).length)}${EXT[contentType] ?? ''}`;
}

export function variantPath(
  projectId: number,
  fileId: number,
  etag: string,
  name: string,
  v: { width: number; content_type: string },
): string {
  return `${base(projectId, fileId, etag)}/${v.width}/${encodeURIComponent(variantName(name, v.content_type))}`;
}

function toFile(e: repo.SunStudyEntry): SunStudyFile {
  const largest = e.variants[e.variants.length - 1];
  const thumb = e.variants.find((v) => v.content_type === 'image/webp');
  return {
    id: e.id,
    projectId: e.project_id,
    label: e.label,
    filePath: e.file_path,
    fileName: e.file_name,
    sortIndex: e.sort_index,
    kind: e.content_type.startsWith('video/') ? 'video' : 'image',
    contentType: e.content_type,
    size: e.size,
    width: largest?.width ?? null,
    height: largest?.height ?? null,
    thumbnailPath: thumb ? variantPath(e.project_id, e.file_id, e.etag, e.file_name, thumb) : null,
  };
}

export function toPublic(e: repo.SunStudyEntry): PublicSunStudy {
  const file = toFile(e);
  return {
    id: e.id,
    label: e.label,
    kind: file.kind,
    url: e.file_path,
    type: e.content_type,
    width: file.width,
    height: file.height,
    sources: e.variants.map((v) => ({
      url: variantPath(e.project_id, e.file_id, e.etag, e.file_name, v),
      width: v.width,
      type: v.content_type,
    })),
  };
}

async function list(db: DbOrTx, projectId: number): Promise<SunStudyFile[]> {
  return (await repo.listEntries(db, projectId)).map(toFile);
}

export function listSunStudy(db: DbOrTx, projectId: number): Promise<SunStudyFile[]> {
  return list(db, projectId);
}

/** For the public view: the entries in order (the caller decides whether the setting allows it). */
export async function publicSunStudy(db: DbOrTx, projectId: number): Promise<PublicSunStudy[]> {
  return (await repo.listEntries(db, projectId)).map(toPublic);
}

/**
 * Stores an upload (checked and resized by `readMedia`) as a file of kind 'sunstudy';
 * POST /sunstudy/file then adds it to the list. Uploads left unadded for a day go.
 */
export async function uploadSunStudyFile(
  db: Db,
  store: FileStore,
  projectId: number,
  upload: { filename: string; bytes: Buffer },
): Promise<SunStudyUpload> {
  const name = cleanFileName(upload.filename);
  const media: Media = await readMedia(name, upload.bytes);
  // The bytes go to the file store first; the rows that refer to them follow in one transaction.
  const put = (bytes: Buffer) => storeWithEtag(db, store, bytes);
  const [original, variants] = await Promise.all([
    put(media.bytes),
    Promise.all(media.variants.map(async (v) => ({ ...v, ...(await put(v.bytes)) }))),
  ]);
  return db.transaction(async (tx) => {
    await lockProject(tx, projectId);
    await repo.deleteOrphanUploads(tx, projectId, new Date(Date.now() - ORPHAN_AGE_MS));
    const row = await insertFile(tx, {
      project_id: projectId,
      name: await uniqueName(tx, projectId, name),
      kind: 'sunstudy',
      content_type: media.contentType,
      blob_key: original.key,
      size: media.bytes.length,
      etag: original.etag,
    });
    await repo.insertVariants(
      tx,
      row.id,
      variants.map((v) => ({
        width: v.width,
        height: v.height,
        content_type: v.contentType,
        blob_key: v.key,
        size: v.bytes.length,
        etag: v.etag,
      })),
    );
    return { fileName: row.name, filePath: originalPath(projectId, row.id, original.etag, row.name) };
  });
}

/** `ids` with `id` moved to `position` (clamped), or appended when it was not there. */
export function placeAt(ids: readonly number[], id: number, position: number | undefined): number[] {
  const rest = ids.filter((x) => x !== id);
  const at = position === undefined ? rest.length : Math.max(0, Math.min(rest.length, position));
  return [...rest.slice(0, at), id, ...rest.slice(at)];
}

export async function addSunStudyFile(
  db: Db,
  input: { projectId: number; label: string; filePath: string; fileName: string; sortIndex?: number },
): Promise<{ file: SunStudyFile; files: SunStudyFile[] }> {
  return db.transaction(async (tx) => {
    const entries = await repo.lockEntries(tx, input.projectId);
    const upload = await repo.findUpload(tx, input.projectId, input.fileName);
    if (!upload) {
      throw invalid(
        'fileName',
        `There is no uploaded sun-study file named ${input.fileName}; upload it again`,
      );
    }
    const filePath = originalPath(input.projectId, upload.id, upload.etag, upload.name);
    if (input.filePath !== filePath) {
      throw invalid('filePath', 'filePath is not the path the upload answered for this file');
    }
    if (entries.some((e) => e.file_id === upload.id)) {
      throw invalid('fileName', serverMessage('inSunStudy', { name: upload.name }));
    }
    const row = await repo.insertEntry(tx, {
      project_id: input.projectId,
      file_id: upload.id,
      label: input.label,
      file_path: filePath,
      file_name: upload.name,
      sort_index: entries.length,
    });
    await repo.setPositions(
      tx,
      placeAt(
        entries.map((e) => e.id),
        row.id,
        input.sortIndex,
      ),
    );
    const files = await list(tx, input.projectId);
    return { file: files.find((f) => f.id === row.id)!, files };
  });
}

export async function updateSunStudyFile(
  db: Db,
  entry: repo.SunStudyRow,
  input: { label?: string; sortIndex?: number },
): Promise<{ file: SunStudyFile; files: SunStudyFile[] }> {
  const { id } = entry;
  return db.transaction(async (tx) => {
    const entries = await repo.lockEntries(tx, entry.project_id);
    if (!entries.some((e) => e.id === id)) throw entryNotFound();
    if (input.label !== undefined) await repo.setLabel(tx, id, input.label);
    const ids = entries.map((e) => e.id);
    await repo.setPositions(tx, input.sortIndex === undefined ? ids : placeAt(ids, id, input.sortIndex));
    const files = await list(tx, entry.project_id);
    return { file: files.find((f) => f.id === id)!, files };
  });
}

/** Removes the entry and its stored bytes (and copies); the others close up. */
export async function deleteSunStudyFile(
  db: Db,
  entry: repo.SunStudyRow,
): Promise<{ projectId: number; files: SunStudyFile[] }> {
  const { id } = entry;
  return db.transaction(async (tx) => {
    const entries = await repo.lockEntries(tx, entry.project_id);
    const current = entries.find((e) => e.id === id);
    if (!current) throw entryNotFound();
    await repo.deleteFile(tx, current.file_id);
    await repo.setPositions(
      tx,
      entries.filter((e) => e.id !== id).map((e) => e.id),
    );
    return { projectId: entry.project_id, files: await list(tx, entry.project_id) };
  });
}

/** What the public URL answers with, decided before any bytes are read; undefined for 404. */
export async function findPublicMedia(
  db: DbOrTx,
  p: { projectId: number; fileId: number; hash: string; name: string; width?: number },
) {
  const file = await repo.findPublicFile(db, p.projectId, p.fileId);
  if (!file?.blob_key || hashOf(file.etag) !== p.hash) return undefined;
  // Neither the upload nor its copies change under a URL: the upload's time stands for both.
  const lastModified = file.updated_at;
  if (p.width === undefined) {
    if (p.name !== file.name) return undefined;
    return { ...file, blobKey: file.blob_key, contentType: file.content_type, lastModified };
  }
  const type = Object.keys(EXT).find((t) => variantName(file.name, t) === p.name);
  const variant = type ? await repo.findVariant(db, p.fileId, p.width, type) : undefined;
  if (!variant?.blob_key) return undefined;
  return {
    ...variant,
    name: p.name,
    blobKey: variant.blob_key,
    contentType: variant.content_type,
    lastModified,
  };
}
