import { and, eq, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { projectSettings } from '../../db/schema';

export async function readSettings(
  db: DbOrTx,
  projectId: number,
): Promise<{ name: string; value: string; version: number }[]> {
  return db
    .select({ name: projectSettings.name, value: projectSettings.value, version: projectSettings.version })
    .from(projectSettings)
    .where(eq(projectSettings.project_id, projectId));
}

export async function readSetting(
  db: DbOrTx,
  projectId: number,
  name: string,
): Promise<{ value: string; version: number } | undefined> {
  const [row] = await db
    .select({ value: projectSettings.value, version: projectSettings.version })
    .from(projectSettings)
    .where(and(eq(projectSettings.project_id, projectId), eq(projectSettings.name, name)));
  return row;
}

export async function writeSetting(
  db: DbOrTx,
  projectId: number,
  name: string,
  value: string,
): Promise<number> {
  const [row] = await db
    .insert(projectSettings)
    .values({ project_id: projectId, name, value })
    .onConflictDoUpdate({
      target: [projectSettings.project_id, projectSettings.name],
      set: { value, version: sql`${projectSettings.version} + 1` },
    })
    .returning({ version: projectSettings.version });
  return row?.version ?? 1;
}
