import { and, asc, desc, eq, getTableColumns, inArray, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { CSV_FIELDS, type ApartmentCsvField } from '@planvy/shared';
import type { DbOrTx } from '../../db/client';
import { unnestRows } from '../../db/bulk';
import {
  apartmentPriceChanges,
  apartmentStatusChanges,
  apartments,
  buildingNumbers,
  users,
} from '../../db/schema';
import { shownStatus } from '../holds/repository';

export type ApartmentRow = typeof apartments.$inferSelect;
export type ApartmentInsert = typeof apartments.$inferInsert;

/** Apartments as they are shown: an overdue hold's status already restored (ADR 035). */
const shown = { ...getTableColumns(apartments), status: shownStatus };

export function listApartments(db: DbOrTx, projectId: number): Promise<ApartmentRow[]> {
  return db
    .select(shown)
    .from(apartments)
    .where(eq(apartments.project_id, projectId))
    .orderBy(asc(apartments.id));
}

export async function findApartment(db: DbOrTx, id: number): Promise<ApartmentRow | undefined> {
  const [row] = await db.select(shown).from(apartments).where(eq(apartments.id, id));
  return row;
}

/** Locks the row for the rest of the transaction. */
export async function lockApartment(db: DbOrTx, id: number): Promise<ApartmentRow | undefined> {
  const [row] = await db.select().from(apartments).where(eq(apartments.id, id)).for('update');
  return row;
}

export async function insertApartment(db: DbOrTx, values: ApartmentInsert): Promise<ApartmentRow> {
  const [row] = await db.insert(apartments).values(values).returning();
  if (!row) throw new Error('insert returned no row');
  return row;
}

/**
 * The columns an import writes (and compares to tell a changed row from an unchanged one):
 * every CSV field of the catalogue but bostad, which matches the row.
 */
export const IMPORTED = CSV_FIELDS.flatMap((c) =>
  c.field === 'bostad' ? [] : [c.field],
) as readonly Exclude<ApartmentCsvField, 'bostad'>[];
export type ImportedColumns = Pick<ApartmentRow, (typeof IMPORTED)[number]>;

/** Inserts any number of apartments in one statement; their ids and statuses, in order. */
export async function insertMany(
  db: DbOrTx,
  rows: (Partial<ImportedColumns> & { project_id: number; bostad: string })[],
): Promise<{ id: number; status: string; price: number | null; fee: number | null }[]> {
  if (rows.length === 0) return [];
  const keys = ['project_id', 'bostad', ...IMPORTED] as const;
  const names = sql.join(
    keys.map((k) => sql.identifier(k)),
    sql`, `,
  );
  const { rows: created } = await db.execute<{
    id: number;
    status: string;
    price: number | null;
    fee: number | null;
  }>(sql`
    insert into ${apartments} (${names})
    select ${names} from ${unnestRows(apartments, keys, rows)} as r
    returning id, status, price, fee`);
  return created;
}

/** Every edit moves the version on, so a writer holding an older one can be told (409). */
const nextVersion = sql`${apartments.version} + 1`;

export async function updateApartment(
  db: DbOrTx,
  id: number,
  values: Partial<ApartmentInsert>,
): Promise<ApartmentRow | undefined> {
  const [row] = await db
    .update(apartments)
    .set({ ...values, version: nextVersion, updated_at: new Date() })
    .where(eq(apartments.id, id))
    .returning();
  return row;
}

/** Writes many apartments' imported columns (all of them, for every row) in one statement. */
export async function updateImported(db: DbOrTx, rows: (ImportedColumns & { id: number })[]): Promise<void> {
  if (rows.length === 0) return;
  const set = sql.join(
    IMPORTED.map((k) => sql`${sql.identifier(k)} = r.${sql.identifier(k)}`),
    sql`, `,
  );
  await db.execute(sql`
    update ${apartments} as a set ${set}, version = a.version + 1, updated_at = now()
    from ${unnestRows(apartments, ['id', ...IMPORTED], rows)} as r
    where a.id = r.id`);
}

export async function deleteApartment(db: DbOrTx, id: number): Promise<void> {
  await db.delete(apartments).where(eq(apartments.id, id));
}

/** The apartments of `projectId` among `ids`, locked, with their current status, building number and version. */
export function lockApartmentsInProject(db: DbOrTx, projectId: number, ids: number[]) {
  return db
    .select({
      id: apartments.id,
      bostad: apartments.bostad,
      status: apartments.status,
      inactive: apartments.inactive,
      price: apartments.price,
      fee: apartments.fee,
      building_number_id: apartments.building_number_id,
      version: apartments.version,
    })
    .from(apartments)
    .where(and(eq(apartments.project_id, projectId), inArray(apartments.id, ids)))
    .for('update');
}

export async function setStatus(db: DbOrTx, ids: number[], status: string): Promise<void> {
  if (ids.length === 0) return;
  await db
    .update(apartments)
    .set({ status, version: nextVersion, updated_at: new Date() })
    .where(inArray(apartments.id, ids));
}

/** Sets each apartment's price (or fee) to its own value, in one statement. */
export async function setPrices(
  db: DbOrTx,
  field: 'price' | 'fee',
  values: readonly { id: number; after: number | null }[],
): Promise<void> {
  if (values.length === 0) return;
  await db.execute(sql`
    update ${apartments} as a
       set ${sql.identifier(field)} = v.value, version = a.version + 1, updated_at = now()
      from unnest(${sql.param(values.map((v) => v.id))}::int[], ${sql.param(values.map((v) => v.after))}::float8[]) as v(id, value)
     where a.id = v.id`);
}

export async function setBuildingNumber(db: DbOrTx, ids: number[], buildingNumberId: number | null) {
  if (ids.length === 0) return;
  await db
    .update(apartments)
    .set({ building_number_id: buildingNumberId, version: nextVersion, updated_at: new Date() })
    .where(inArray(apartments.id, ids));
}

export async function recordStatusChanges(
  db: DbOrTx,
  changes: { apartment_id: number; from_status: string | null; to_status: string }[],
  by: { id: number; impersonatorId?: number } | null,
): Promise<void> {
  if (changes.length === 0) return;
  const rows = changes.map((c) => ({
    ...c,
    user_id: by?.id ?? null,
    impersonator_id: by?.impersonatorId ?? null,
  }));
  const keys = ['apartment_id', 'user_id', 'impersonator_id', 'from_status', 'to_status'] as const;
  await db.execute(sql`
    insert into ${apartmentStatusChanges} (apartment_id, user_id, impersonator_id, from_status, to_status)
    select apartment_id, user_id, impersonator_id, from_status, to_status
    from ${unnestRows(apartmentStatusChanges, keys, rows)} as r`);
}

/** Price and fee of an apartment before and after a write (null: none; before is null for a new one). */
export interface PriceWrite {
  apartment_id: number;
  before: { price: number | null; fee: number | null } | null;
  after: { price: number | null; fee: number | null };
}

/**
 * Appends a row to the price history for each write that changed the price or the fee (a new
 * apartment with either set counts as a change from none); writes that changed neither leave
 * no row. Call it in the transaction of the write.
 */
export async function recordPriceChanges(
  db: DbOrTx,
  writes: readonly PriceWrite[],
  by: { id: number; impersonatorId?: number } | null,
): Promise<void> {
  const rows = writes
    .filter(({ before, after }) =>
      before === null
        ? after.price !== null || after.fee !== null
        : before.price !== after.price || before.fee !== after.fee,
    )
    .map(({ apartment_id, before, after }) => ({
      apartment_id,
      user_id: by?.id ?? null,
      impersonator_id: by?.impersonatorId ?? null,
      from_price: before?.price ?? null,
      to_price: after.price,
      from_fee: before?.fee ?? null,
      to_fee: after.fee,
    }));
  if (rows.length === 0) return;
  const keys = [
    'apartment_id',
    'user_id',
    'impersonator_id',
    'from_price',
    'to_price',
    'from_fee',
    'to_fee',
  ] as const;
  await db.execute(sql`
    insert into ${apartmentPriceChanges} (apartment_id, user_id, impersonator_id, from_price, to_price, from_fee, to_fee)
    select apartment_id, user_id, impersonator_id, from_price, to_price, from_fee, to_fee
    from ${unnestRows(apartmentPriceChanges, keys, rows)} as r`);
}

const impersonators = alias(users, 'impersonators');
/** Who made a change, and the admin acting as them if so (joined as users and impersonators). */
const madeBy = {
  user_id: users.id,
  first_name: users.first_name,
  last_name: users.last_name,
  impersonator_id: impersonators.id,
  impersonator_first_name: impersonators.first_name,
  impersonator_last_name: impersonators.last_name,
};

/** An apartment's price history, newest first, with who made each change. */
export function priceHistory(db: DbOrTx, apartmentId: number) {
  return db
    .select({
      id: apartmentPriceChanges.id,
      from_price: apartmentPriceChanges.from_price,
      to_price: apartmentPriceChanges.to_price,
      from_fee: apartmentPriceChanges.from_fee,
      to_fee: apartmentPriceChanges.to_fee,
      changed_at: apartmentPriceChanges.changed_at,
      ...madeBy,
    })
    .from(apartmentPriceChanges)
    .leftJoin(users, eq(users.id, apartmentPriceChanges.user_id))
    .leftJoin(impersonators, eq(impersonators.id, apartmentPriceChanges.impersonator_id))
    .where(eq(apartmentPriceChanges.apartment_id, apartmentId))
    .orderBy(desc(apartmentPriceChanges.changed_at), desc(apartmentPriceChanges.id));
}

/** Every price change of a project's apartments, oldest first (the export). */
export function projectPriceHistory(db: DbOrTx, projectId: number) {
  return db
    .select({
      apartment_id: apartmentPriceChanges.apartment_id,
      bostad: apartments.bostad,
      from_price: apartmentPriceChanges.from_price,
      to_price: apartmentPriceChanges.to_price,
      from_fee: apartmentPriceChanges.from_fee,
      to_fee: apartmentPriceChanges.to_fee,
      changed_at: apartmentPriceChanges.changed_at,
      first_name: users.first_name,
      last_name: users.last_name,
    })
    .from(apartmentPriceChanges)
    .innerJoin(apartments, eq(apartments.id, apartmentPriceChanges.apartment_id))
    .leftJoin(users, eq(users.id, apartmentPriceChanges.user_id))
    .where(eq(apartments.project_id, projectId))
    .orderBy(apartmentPriceChanges.changed_at, apartmentPriceChanges.id);
}

export function statusHistory(db: DbOrTx, apartmentId: number) {
  return db
    .select({
      id: apartmentStatusChanges.id,
      from_status: apartmentStatusChanges.from_status,
      to_status: apartmentStatusChanges.to_status,
      changed_at: apartmentStatusChanges.changed_at,
      ...madeBy,
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
