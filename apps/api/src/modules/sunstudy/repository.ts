import { and, asc, eq, inArray, isNull, lt, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { files, fileVariants, sunStudyFiles } from '../../db/schema';

export type SunStudyRow = typeof sunStudyFiles.$inferSelect;

/** An entry with what the lists show of its file and copies (never the bytes). */
export interface SunStudyEntry extends SunStudyRow {
  content_type: string;
  size: number;
  etag: string;
  variants: { width: number; height: number; content_type: string }[];
}

export async function listEntries(db: DbOrTx, projectId: number): Promise<SunStudyEntry[]> {
  const rows = await db
    .select({
      entry: sunStudyFiles,
      content_type: files.content_type,
      size: files.size,
      etag: files.etag,
    })
    .from(sunStudyFiles)
    .innerJoin(files, eq(files.id, sunStudyFiles.file_id))
    .where(eq(sunStudyFiles.project_id, projectId))
    .orderBy(asc(sunStudyFiles.sort_index), asc(sunStudyFiles.id));
  const variants = await variantsOf(
    db,
    rows.map((r) => r.entry.file_id),
  );
  return rows.map((r) => ({
    ...r.entry,
    content_type: r.content_type,
    size: r.size,
    etag: r.etag,
    variants: variants.filter((v) => v.file_id === r.entry.file_id),
  }));
}

function variantsOf(db: DbOrTx, fileIds: number[]) {
  if (fileIds.length === 0) return Promise.resolve([]);
  return db
    .select({
      file_id: fileVariants.file_id,
      width: fileVariants.width,
      height: fileVariants.height,
      content_type: fileVariants.content_type,
    })
    .from(fileVariants)
    .where(inArray(fileVariants.file_id, fileIds))
    .orderBy(asc(fileVariants.width));
}

export async function findEntry(db: DbOrTx, id: number): Promise<SunStudyRow | undefined> {
  const [row] = await db.select().from(sunStudyFiles).where(eq(sunStudyFiles.id, id));
  return row;
}

/** Locks the project's entries so concurrent moves and inserts renumber one after another. */
export async function lockEntries(db: DbOrTx, projectId: number): Promise<SunStudyRow[]> {
  return db
    .select()
    .from(sunStudyFiles)
    .where(eq(sunStudyFiles.project_id, projectId))
    .orderBy(asc(sunStudyFiles.sort_index), asc(sunStudyFiles.id))
    .for('update');
}

export async function insertEntry(
  db: DbOrTx,
  values: typeof sunStudyFiles.$inferInsert,
): Promise<SunStudyRow> {
  const [row] = await db.insert(sunStudyFiles).values(values).returning();
  if (!row) throw new Error('insert returned no row');
  return row;
}

export async function setLabel(db: DbOrTx, id: number, label: string): Promise<void> {
  await db.update(sunStudyFiles).set({ label, updated_at: new Date() }).where(eq(sunStudyFiles.id, id));
}

/** Writes each id's position as its sort_index, in one statement, touching only rows that differ. */
export async function setPositions(db: DbOrTx, orderedIds: number[]): Promise<void> {
  if (orderedIds.length === 0) return;
  const values = orderedIds.map((id, i) => sql`(${id}::int, ${i}::int)`);
  await db.execute(sql`
    update ${sunStudyFiles} as s set sort_index = v.position, updated_at = now()
    from (values ${sql.join(values, sql`, `)}) as v(id, position)
    where s.id = v.id and s.sort_index <> v.position`);
}

/** The sun-study upload stored under `name` in the project, without its bytes. */
export async function findUpload(db: DbOrTx, projectId: number, name: string) {
  const [row] = await db
    .select({ id: files.id, name: files.name, etag: files.etag, content_type: files.content_type })
    .from(files)
    .where(and(eq(files.project_id, projectId), eq(files.name, name), eq(files.kind, 'sunstudy')));
  return row;
}

export async function insertVariants(
  db: DbOrTx,
  fileId: number,
  variants: {
    width: number;
    height: number;
    content_type: string;
    blob_key: string;
    size: number;
    etag: string;
  }[],
): Promise<void> {
  if (variants.length) await db.insert(fileVariants).values(variants.map((v) => ({ ...v, file_id: fileId })));
}

export async function deleteFile(db: DbOrTx, fileId: number): Promise<void> {
  await db.delete(files).where(eq(files.id, fileId));
}

/** Uploads never added to the sun study (the second step failed or never came), older than `before`. */
export async function deleteOrphanUploads(db: DbOrTx, projectId: number, before: Date): Promise<void> {
  const orphans = db
    .select({ id: files.id })
    .from(files)
    .leftJoin(sunStudyFiles, eq(sunStudyFiles.file_id, files.id))
    .where(
      and(
        eq(files.project_id, projectId),
        eq(files.kind, 'sunstudy'),
        lt(files.created_at, before),
        isNull(sunStudyFiles.id),
      ),
    );
  await db.delete(files).where(inArray(files.id, orphans));
}

/** What the public URL needs to decide on an answer before reading any bytes. */
export async function findPublicFile(db: DbOrTx, projectId: number, fileId: number) {
  const [row] = await db
    .select({
      name: files.name,
      content_type: files.content_type,
      size: files.size,
      etag: files.etag,
      blob_key: files.blob_key,
      updated_at: files.updated_at,
    })
    .from(files)
    .where(and(eq(files.id, fileId), eq(files.project_id, projectId), eq(files.kind, 'sunstudy')));
  return row;
}

export async function findVariant(db: DbOrTx, fileId: number, width: number, contentType: string) {
  const [row] = await db
    .select({
      size: fileVariants.size,
      etag: fileVariants.etag,
      content_type: fileVariants.content_type,
      blob_key: fileVariants.blob_key,
    })
    .from(fileVariants)
    .where(
      and(
        eq(fileVariants.file_id, fileId),
        eq(fileVariants.width, width),
        eq(fileVariants.content_type, contentType),
      ),
    );
  return row;
}
