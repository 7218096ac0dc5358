import { and, asc, eq, inArray, isNotNull, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { fileBlobs, files, fileVariants } from '../../db/schema';

/**
 * Announces that `key` is being stored (or stored again) now, before its bytes are written:
 * the sweep leaves a blob touched within its grace period alone, and waits for this row's
 * lock when it is deciding on the same blob.
 */
export async function touchBlob(db: DbOrTx, key: string, size: number): Promise<void> {
  await db
    .insert(fileBlobs)
    .values({ key, size })
    .onConflictDoUpdate({ target: fileBlobs.key, set: { touched_at: sql`now()` } });
}

/** Any fixed number: the sweep takes it alone, a running backup shares it (it must find every file). */
export const SWEEP_LOCK = 7_352_022;

export async function trySweepLock(tx: DbOrTx): Promise<boolean> {
  const { rows } = await tx.execute<{ ok: boolean }>(
    sql`select pg_try_advisory_xact_lock(${SWEEP_LOCK}) as ok`,
  );
  return rows[0]?.ok === true;
}

/**
 * Up to `limit` blobs that no file or copy refers to and nobody touched in the last
 * `graceMs`, locked for the rest of the transaction (rows another transaction holds are skipped).
 */
export async function lockUnreferenced(tx: DbOrTx, graceMs: number, limit: number): Promise<string[]> {
  const { rows } = await tx.execute<{ key: string }>(sql`
    select b.key from ${fileBlobs} b
     where b.touched_at <= now() - ${graceMs}::int * interval '1 millisecond'
       and not exists (select 1 from ${files} f where f.blob_key = b.key)
       and not exists (select 1 from ${fileVariants} v where v.blob_key = b.key)
     order by b.key
     limit ${limit}
     for update skip locked`);
  return rows.map((r) => r.key);
}

export async function deleteBlobs(tx: DbOrTx, keys: string[]): Promise<void> {
  if (keys.length > 0) await tx.delete(fileBlobs).where(inArray(fileBlobs.key, keys));
}

/** Every blob a file or copy refers to, with its size (what a backup must hold). */
export async function referencedBlobs(db: DbOrTx): Promise<{ key: string; size: number }[]> {
  const { rows } = await db.execute<{ key: string; size: number }>(sql`
    select b.key, b.size from ${fileBlobs} b
     where exists (select 1 from ${files} f where f.blob_key = b.key)
        or exists (select 1 from ${fileVariants} v where v.blob_key = b.key)
     order by b.key`);
  return rows;
}

// ---------------------------------------------------------------------------------------
// Rows written before ADR 022 keep their bytes in `content`; the start-up step moves them.
// ---------------------------------------------------------------------------------------

/** Any fixed number: one instance at a time moves a batch of old rows. */
export const MOVE_LOCK = 7_352_023;

export async function takeMoveLock(tx: DbOrTx): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(${MOVE_LOCK})`);
}

export interface OldRow {
  table: 'files' | 'file_variants';
  /** files.id, or the copy's file_id/width/content_type */
  where: { id: number } | { file_id: number; width: number; content_type: string };
  length: number;
}

/** The next old rows whose bytes are still in the database, with their lengths (not their bytes). */
export async function nextOldRows(tx: DbOrTx, limit: number): Promise<OldRow[]> {
  const fileRows = await tx
    .select({ id: files.id, length: sql<number>`octet_length(${files.content})::int` })
    .from(files)
    .where(isNotNull(files.content))
    .orderBy(asc(files.id))
    .limit(limit);
  if (fileRows.length > 0) {
    return fileRows.map((r) => ({ table: 'files', where: { id: r.id }, length: r.length }));
  }
  const variantRows = await tx
    .select({
      file_id: fileVariants.file_id,
      width: fileVariants.width,
      content_type: fileVariants.content_type,
      length: sql<number>`octet_length(${fileVariants.content})::int`,
    })
    .from(fileVariants)
    .where(isNotNull(fileVariants.content))
    .orderBy(asc(fileVariants.file_id), asc(fileVariants.width), asc(fileVariants.content_type))
    .limit(limit);
  return variantRows.map(({ length, ...where }) => ({ table: 'file_variants', where, length }));
}

function whereOf(row: OldRow) {
  if ('id' in row.where) return eq(files.id, row.where.id);
  return and(
    eq(fileVariants.file_id, row.where.file_id),
    eq(fileVariants.width, row.where.width),
    eq(fileVariants.content_type, row.where.content_type),
  );
}

/** One old row's bytes, read as base64 (see schema.ts: PGlite decodes binary slowly). */
export async function readOldBytes(tx: DbOrTx, row: OldRow): Promise<Buffer> {
  const column = row.table === 'files' ? files.content : fileVariants.content;
  const table = row.table === 'files' ? files : fileVariants;
  const [found] = await tx
    .select({ base64: sql<string>`encode(${column}, 'base64')` })
    .from(table)
    .where(whereOf(row));
  return Buffer.from(found?.base64 ?? '', 'base64');
}

/** The row now refers to the stored blob; its bytes leave the database. */
export async function pointAtBlob(tx: DbOrTx, row: OldRow, key: string): Promise<void> {
  if (row.table === 'files') {
    await tx.update(files).set({ blob_key: key, content: null }).where(whereOf(row));
  } else {
    await tx.update(fileVariants).set({ blob_key: key, content: null }).where(whereOf(row));
  }
}

/** Rewrites the file tables without the space their old bytes took (outside any transaction). */
export async function compactFileTables(db: DbOrTx): Promise<void> {
  await db.execute(sql`vacuum full ${files}, ${fileVariants}`);
}
