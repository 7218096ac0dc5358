import { serverMessage } from '@planvy/shared';
import { DEFAULT_STYLES, type StyleTriple, type Theme, type ThemeEntry } from '@planvy/shared';
import type { Db, DbOrTx } from '../../db/client';
import { isUniqueViolation } from '../../db/database-errors';
import { invalid, notFound } from '../../lib/http-error';
import { lockProject } from '../projects/service';
import * as repo from './repository';
const NAME_TAKEN = serverMessage('themeTaken');

/** The defaults every project starts from (GET /admin/scss/default). */
export function defaultStyles(): StyleTriple[] {
  return DEFAULT_STYLES;
}

/** The project's own values over the defaults. */
export function getProjectStyles(db: DbOrTx, projectId: number): Promise<StyleTriple[]> {
  return repo.readProjectStyles(db, projectId);
}

/** Replaces the project's set with already validated triples, in one transaction (`styles.update`). */
export async function saveProjectStyles(
  db: Db,
  projectId: number,
  triples: StyleTriple[],
): Promise<StyleTriple[]> {
  return db.transaction(async (tx) => {
    // The lock keeps the project from being deleted under the write.
    await lockProject(tx, projectId);
    await repo.replaceProjectStyles(tx, projectId, triples);
    return repo.readProjectStyles(tx, projectId);
  });
}

function toTheme(row: repo.ThemeRow): Theme {
  return {
    id: row.id,
    name: row.name,
    data: row.data,
    created_at: row.created_at.toISOString(),
    updated_at: row.updated_at.toISOString(),
  };
}

/** Two admins saving the same name at once: the unique index decides, the loser gets the same 422. */
async function nameless<T>(write: () => Promise<T>): Promise<T> {
  try {
    return await write();
  } catch (error) {
    if (isUniqueViolation(error)) throw invalid('name', NAME_TAKEN);
    throw error;
  }
}

export async function listThemes(db: DbOrTx): Promise<Theme[]> {
  return (await repo.listThemes(db)).map(toTheme);
}

export async function createTheme(db: DbOrTx, input: { name: string; data: ThemeEntry[] }): Promise<Theme> {
  if (await repo.findThemeByName(db, input.name)) throw invalid('name', NAME_TAKEN);
  return toTheme(await nameless(() => repo.insertTheme(db, input.name, input.data)));
}

export async function updateTheme(
  db: DbOrTx,
  id: number,
  input: { name: string; data: ThemeEntry[] },
): Promise<Theme> {
  if (!(await repo.themeExists(db, id))) throw notFound('Theme');
  if (await repo.findThemeByName(db, input.name, id)) throw invalid('name', NAME_TAKEN);
  const row = await nameless(() => repo.updateTheme(db, id, input.name, input.data));
  if (!row) throw notFound('Theme');
  return toTheme(row);
}

export async function deleteTheme(db: DbOrTx, id: number): Promise<void> {
  if (!(await repo.deleteTheme(db, id))) throw notFound('Theme');
}
