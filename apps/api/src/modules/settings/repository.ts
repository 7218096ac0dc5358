import { and, eq } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { projectSettings } from '../../db/schema';

export async function readSettings(
  db: DbOrTx,
  projectId: number,
): Promise<{ name: string; value: string }[]> {
  return db
    .select({ name: projectSettings.name, value: projectSettings.value })
    .from(projectSettings)
    .where(eq(projectSettings.project_id, projectId));
}

export async function readSetting(db: DbOrTx, projectId: number, name: string): Promise<string | undefined> {
  const [row] = await db
    .select({ value: projectSettings.value })
    .from(projectSettings)
    .where(and(eq(projectSettings.project_id, projectId), eq(projectSettings.name, name)));
  return row?.value;
}

export async function writeSetting(
  db: DbOrTx,
  projectId: number,
  name: string,
  value: string,
): Promise<void> {
  await db
    .insert(projectSettings)
    .values({ project_id: projectId, name, value })
    .onConflictDoUpdate({
      target: [projectSettings.project_id, projectSettings.name],
      set: { value },
    });
}
