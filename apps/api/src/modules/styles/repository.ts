import { and, asc, eq, ne, sql } from 'drizzle-orm';
import type { StyleTriple, ThemeEntry } from '@planvy/shared';
import type { DbOrTx } from '../../db/client';
import { projectStyles, themes } from '../../db/schema';

/** A project's own style values, in catalogue-independent but stable order. */
export async function readProjectStyles(db: DbOrTx, projectId: number): Promise<StyleTriple[]> {
  const rows = await db
    .select({ key: projectStyles.key, attr: projectStyles.attr, value: projectStyles.value })
    .from(projectStyles)
    .where(eq(projectStyles.project_id, projectId))
    .orderBy(asc(projectStyles.key), asc(projectStyles.attr));
  return rows.map((r) => [r.key, r.attr, r.value]);
}

/** Replaces the project's whole set; run inside a transaction. */
export async function replaceProjectStyles(
  db: DbOrTx,
  projectId: number,
  triples: StyleTriple[],
): Promise<void> {
  await db.delete(projectStyles).where(eq(projectStyles.project_id, projectId));
  if (triples.length === 0) return;
  await db
    .insert(projectStyles)
    .values(triples.map(([key, attr, value]) => ({ project_id: projectId, key, attr, value })));
}

const themeColumns = {
  id: themes.id,
  name: themes.name,
  data: themes.data,
  created_at: themes.created_at,
  updated_at: themes.updated_at,
};
export type ThemeRow = { id: number; name: string; data: ThemeEntry[]; created_at: Date; updated_at: Date };

export function listThemes(db: DbOrTx): Promise<ThemeRow[]> {
  return db
    .select(themeColumns)
    .from(themes)
    .orderBy(sql`lower(${themes.name})`, asc(themes.id));
}

/** The theme with this name ignoring case, other than `exceptId`. */
export async function findThemeByName(
  db: DbOrTx,
  name: string,
  exceptId?: number,
): Promise<ThemeRow | undefined> {
  const same = sql`lower(${themes.name}) = lower(${name})`;
  const [row] = await db
    .select(themeColumns)
    .from(themes)
    .where(exceptId === undefined ? same : and(same, ne(themes.id, exceptId)));
  return row;
}

export async function themeExists(db: DbOrTx, id: number): Promise<boolean> {
  const [row] = await db.select({ id: themes.id }).from(themes).where(eq(themes.id, id));
  return row !== undefined;
}

export async function insertTheme(db: DbOrTx, name: string, data: ThemeEntry[]): Promise<ThemeRow> {
  const [row] = await db.insert(themes).values({ name, data }).returning(themeColumns);
  return row!;
}

export async function updateTheme(
  db: DbOrTx,
  id: number,
  name: string,
  data: ThemeEntry[],
): Promise<ThemeRow | undefined> {
  const [row] = await db
    .update(themes)
    .set({ name, data, updated_at: sql`now()` })
    .where(eq(themes.id, id))
    .returning(themeColumns);
  return row;
}

export async function deleteTheme(db: DbOrTx, id: number): Promise<boolean> {
  const rows = await db.delete(themes).where(eq(themes.id, id)).returning({ id: themes.id });
  return rows.length > 0;
}
