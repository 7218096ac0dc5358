import { and, asc, desc, eq, inArray, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { DbOrTx } from '../../db/client';
import { apartmentStatusChanges, apartments, buildingNumbers, users } from '../../db/schema';

export type ApartmentRow = typeof apartments.$inferSelect;
export type ApartmentInsert = typeof apartments.$inferInsert;

export function listApartments(db: DbOrTx, projectId: number): Promise<ApartmentRow[]> {
  return db.select().from(apartments).where(eq(apartments.project_id, projectId)).orderBy(asc(apartments.id));
}

export async function findApartment(db: DbOrTx, id: number): Promise<ApartmentRow | undefined> {
  const [row] = await db.select().from(apartments).where(eq(apartments.id, id));
  return row;
}

/** Locks the row for the rest of the transaction. */
export async function lockApartment(db: DbOrTx, id: number): Promise<ApartmentRow | undefined> {
  const [row] = await db.select().from(apartments).where(eq(apartments.id, id)).for('update');
  return row;
}

export async function insertApartments(db: DbOrTx, values: ApartmentInsert[]): Promise<ApartmentRow[]> {
  if (values.length === 0) return [];
  return db.insert(apartments).values(values).returning();
}

export async function updateApartment(
  db: DbOrTx,
  id: number,
  values: Partial<ApartmentInsert>,
): Promise<ApartmentRow | undefined> {
  const [row] = await db
    .update(apartments)
    .set({ ...values, updated_at: new Date() })
    .where(eq(apartments.id, id))
    .returning();
  return row;
}

export async function deleteApartment(db: DbOrTx, id: number): Promise<void> {
  await db.delete(apartments).where(eq(apartments.id, id));
}

/** The apartments of `projectId` among `ids`, locked, with their current status. */
export function lockApartmentsInProject(db: DbOrTx, projectId: number, ids: number[]) {
  return db
    .select({ id: apartments.id, status: apartments.status })
    .from(apartments)
    .where(and(eq(apartments.project_id, projectId), inArray(apartments.id, ids)))
    .for('update');
}

export async function setStatus(db: DbOrTx, ids: number[], status: string): Promise<void> {
  if (ids.length === 0) return;
  await db.update(apartments).set({ status, updated_at: new Date() }).where(inArray(apartments.id, ids));
}

export async function recordStatusChanges(
  db: DbOrTx,
  changes: { apartment_id: number; from_status: string | null; to_status: string }[],
  by: { id: number; impersonatorId?: number } | null,
): Promise<void> {
  if (changes.length === 0) return;
  await db
    .insert(apartmentStatusChanges)
    .values(
      changes.map((c) => ({ ...c, user_id: by?.id ?? null, impersonator_id: by?.impersonatorId ?? null })),
    );
}

const impersonators = alias(users, 'impersonators');

export function statusHistory(db: DbOrTx, apartmentId: number) {
  return db
    .select({
      id: apartmentStatusChanges.id,
      from_status: apartmentStatusChanges.from_status,
      to_status: apartmentStatusChanges.to_status,
      changed_at: apartmentStatusChanges.changed_at,
      user_id: users.id,
      first_name: users.first_name,
      last_name: users.last_name,
      impersonator_id: impersonators.id,
      impersonator_first_name: impersonators.first_name,
      impersonator_last_name: impersonators.last_name,
    })
    .from(apartmentStatusChanges)
    .leftJoin(users, eq(users.id, apartmentStatusChanges.user_id))
    .leftJoin(impersonators, eq(impersonators.id, apartmentStatusChanges.impersonator_id))
    .where(eq(apartmentStatusChanges.apartment_id, apartmentId))
    .orderBy(desc(apartmentStatusChanges.changed_at), desc(apartmentStatusChanges.id));
}

export async function buildingNumberInProject(db: DbOrTx, id: number, projectId: number): Promise<boolean> {
  const [row] = await db
    .select({ id: buildingNumbers.id })
    .from(buildingNumbers)
    .where(and(eq(buildingNumbers.id, id), eq(buildingNumbers.project_id, projectId)));
  return row !== undefined;
}

export function buildingNumbersOf(db: DbOrTx, projectId: number) {
  return db
    .select({ id: buildingNumbers.id, label: buildingNumbers.label })
    .from(buildingNumbers)
    .where(eq(buildingNumbers.project_id, projectId));
}

export async function countApartments(db: DbOrTx, projectId: number): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(apartments)
    .where(eq(apartments.project_id, projectId));
  return row?.n ?? 0;
}
