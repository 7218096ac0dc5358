import { and, asc, eq } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { buildingNumbers } from '../../db/schema';

export type BuildingNumberRow = typeof buildingNumbers.$inferSelect;

export function listBuildingNumbers(db: DbOrTx, projectId: number): Promise<BuildingNumberRow[]> {
  return db
    .select()
    .from(buildingNumbers)
    .where(eq(buildingNumbers.project_id, projectId))
    .orderBy(asc(buildingNumbers.label), asc(buildingNumbers.id));
}

export async function insertBuildingNumber(db: DbOrTx, projectId: number, label: string) {
  const [row] = await db.insert(buildingNumbers).values({ project_id: projectId, label }).returning();
  return row!;
}

/** Several building numbers in one statement (a CSV import that names new ones), in the order given. */
export function insertBuildingNumbers(
  db: DbOrTx,
  projectId: number,
  labels: string[],
): Promise<BuildingNumberRow[]> {
  if (labels.length === 0) return Promise.resolve([]);
  return db
    .insert(buildingNumbers)
    .values(labels.map((label) => ({ project_id: projectId, label })))
    .returning();
}

export async function updateBuildingNumber(
  db: DbOrTx,
  projectId: number,
  id: number,
  values: { label: string; label_svg?: string },
): Promise<BuildingNumberRow | undefined> {
  const [row] = await db
    .update(buildingNumbers)
    .set({ ...values, updated_at: new Date() })
    .where(and(eq(buildingNumbers.id, id), eq(buildingNumbers.project_id, projectId)))
    .returning();
  return row;
}

export async function deleteBuildingNumber(db: DbOrTx, projectId: number, id: number): Promise<boolean> {
  const rows = await db
    .delete(buildingNumbers)
    .where(and(eq(buildingNumbers.id, id), eq(buildingNumbers.project_id, projectId)))
    .returning({ id: buildingNumbers.id });
  return rows.length > 0;
}
