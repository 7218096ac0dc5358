import { and, asc, eq, getTableColumns, inArray, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { apartments, fileBuildings, files } from '../../db/schema';

export type FileInsert = typeof files.$inferInsert;

/** Every column but the old bytes column, which only the start-up move reads (ADR 022). */
const { content: _content, ...fileColumns } = getTableColumns(files);
export type FileRow = Omit<typeof files.$inferSelect, 'content'>;

/** Every column but the bytes and the markup: what lists of plans need. */
const { svg: _svg, ...summaryColumns } = fileColumns;
export type FileSummaryRow = Omit<FileRow, 'svg'>;

/** The project's files of `kinds` (plans unless told) without their markup, by sort_index. */
export function listPlanSummaries(
  db: DbOrTx,
  projectId: number,
  kinds: readonly FileRow['kind'][] = ['svg'],
): Promise<FileSummaryRow[]> {
  return db
    .select(summaryColumns)
    .from(files)
    .where(and(eq(files.project_id, projectId), inArray(files.kind, [...kinds])))
    .orderBy(asc(files.sort_index), asc(files.id));
}

/** A plan's ETag without its markup. */
export async function readMarkupTag(db: DbOrTx, projectId: number, fileId: number) {
  const [row] = await db
    .select({ etag: files.etag })
    .from(files)
    .where(and(eq(files.id, fileId), eq(files.project_id, projectId), eq(files.kind, 'svg')));
  return row;
}

/** A plan's ETag by its name, without its markup (the widget's page). */
export async function readMarkupTagByName(db: DbOrTx, projectId: number, name: string) {
  const [row] = await db
    .select({ etag: files.etag })
    .from(files)
    .where(and(eq(files.project_id, projectId), eq(files.name, name), eq(files.kind, 'svg')));
  return row;
}

/** A plan's markup and ETag (for the editor, which fetches it once per version). */
export async function readMarkup(db: DbOrTx, projectId: number, fileId: number) {
  const [row] = await db
    .select({ svg: files.svg, etag: files.etag, version: files.version })
    .from(files)
    .where(and(eq(files.id, fileId), eq(files.project_id, projectId), eq(files.kind, 'svg')));
  return row;
}

export function listFiles(db: DbOrTx, projectId: number, kind?: FileRow['kind']): Promise<FileRow[]> {
  const where = kind
    ? and(eq(files.project_id, projectId), eq(files.kind, kind))
    : eq(files.project_id, projectId);
  return db.select(fileColumns).from(files).where(where).orderBy(asc(files.sort_index), asc(files.id));
}

/** The project's plans' names (ADR 025), in display order. */
export function listPlanTitles(db: DbOrTx, projectId: number) {
  return db
    .select({ id: files.id, title: files.title })
    .from(files)
    .where(and(eq(files.project_id, projectId), eq(files.kind, 'svg')))
    .orderBy(asc(files.sort_index), asc(files.id));
}

/** Projects with a plan stored without a name (before ADR 025). */
export async function projectsWithUntitledPlans(db: DbOrTx): Promise<number[]> {
  const rows = await db
    .selectDistinct({ id: files.project_id })
    .from(files)
    .where(and(eq(files.kind, 'svg'), eq(files.title, '')));
  return rows.map((r) => r.id);
}

/** Names only, without the bytes. */
export function listNames(db: DbOrTx, projectId: number) {
  return db
    .select({ id: files.id, name: files.name, kind: files.kind })
    .from(files)
    .where(eq(files.project_id, projectId));
}

export async function findFile(db: DbOrTx, id: number): Promise<FileRow | undefined> {
  const [row] = await db.select(fileColumns).from(files).where(eq(files.id, id));
  return row;
}

export async function lockFile(db: DbOrTx, id: number): Promise<FileRow | undefined> {
  const [row] = await db.select(fileColumns).from(files).where(eq(files.id, id)).for('update');
  return row;
}

export async function findByName(db: DbOrTx, projectId: number, name: string): Promise<FileRow | undefined> {
  const [row] = await db
    .select(fileColumns)
    .from(files)
    .where(and(eq(files.project_id, projectId), eq(files.name, name)));
  return row;
}

/** What the public file URL sends: a plan's markup, or where an image's bytes are stored. */
export async function readFileBody(db: DbOrTx, projectId: number, name: string) {
  const [row] = await db
    .select({
      kind: files.kind,
      content_type: files.content_type,
      etag: files.etag,
      svg: files.svg,
      blob_key: files.blob_key,
      size: files.size,
      updated_at: files.updated_at,
    })
    .from(files)
    .where(and(eq(files.project_id, projectId), eq(files.name, name)));
  return row;
}

export async function nextSortIndex(db: DbOrTx, projectId: number): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`coalesce(max(${files.sort_index}) + 1, 0)::int` })
    .from(files)
    .where(eq(files.project_id, projectId));
  return row?.n ?? 0;
}

export async function insertFile(db: DbOrTx, values: FileInsert): Promise<FileRow> {
  const [row] = await db.insert(files).values(values).returning(fileColumns);
  if (!row) throw new Error('insert returned no row');
  return row;
}

/** Answers without the markup: the caller has what it wrote (a plan is megabytes). */
export async function updateFile(
  db: DbOrTx,
  id: number,
  values: Partial<FileInsert>,
): Promise<FileSummaryRow | undefined> {
  const [row] = await db
    .update(files)
    .set({ ...values, updated_at: new Date() })
    .where(eq(files.id, id))
    .returning(summaryColumns);
  return row;
}

export async function deleteFile(db: DbOrTx, id: number): Promise<void> {
  await db.delete(files).where(eq(files.id, id));
}

/** Clears a background image from every plan that used it. */
export async function clearBackground(db: DbOrTx, projectId: number, imageName: string): Promise<void> {
  await db
    .update(files)
    .set({ data: '' })
    .where(and(eq(files.project_id, projectId), eq(files.data, imageName)));
}

export function buildingsOf(db: DbOrTx, fileIds: number[]) {
  if (fileIds.length === 0) return Promise.resolve([]);
  return db.select().from(fileBuildings).where(inArray(fileBuildings.file_id, fileIds));
}

export async function setBuildings(db: DbOrTx, fileId: number, buildingIds: number[]): Promise<void> {
  await db.delete(fileBuildings).where(eq(fileBuildings.file_id, fileId));
  if (buildingIds.length > 0) {
    await db
      .insert(fileBuildings)
      .values(buildingIds.map((id) => ({ file_id: fileId, building_number_id: id })));
  }
}

export function projectApartments(db: DbOrTx, projectId: number) {
  return db
    .select({ id: apartments.id, bostad: apartments.bostad, file_name: apartments.file_name })
    .from(apartments)
    .where(eq(apartments.project_id, projectId))
    .for('update');
}

/** Apartments of the project among `ids`, locked for the rest of the transaction. */
export function lockApartmentsById(db: DbOrTx, projectId: number, ids: number[]) {
  if (ids.length === 0) return Promise.resolve([]);
  return db
    .select()
    .from(apartments)
    .where(and(eq(apartments.project_id, projectId), inArray(apartments.id, ids)))
    .for('update');
}

/**
 * One statement per 2,000 rows: a 5,000-zone plan saves in a few round trips. A changed
 * zone link is a change of the apartment, so its version moves on too.
 */
export async function setFileNames(db: DbOrTx, changes: { id: number; file_name: string }[]): Promise<void> {
  for (let i = 0; i < changes.length; i += 2000) {
    const values = changes.slice(i, i + 2000).map((c) => sql`(${c.id}::int, ${c.file_name}::text)`);
    await db.execute(sql`
      update ${apartments} as a set file_name = v.file_name, version = a.version + 1, updated_at = now()
      from (values ${sql.join(values, sql`, `)}) as v(id, file_name)
      where a.id = v.id`);
  }
}
