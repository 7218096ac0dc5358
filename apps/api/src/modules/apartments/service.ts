import type { z } from 'zod';
import {
  APARTMENT_FIELD_ACTIONS,
  isStatusValidFor,
  type Apartment,
  type apartmentFieldsSchema,
  type Project,
  type ProjectType,
  type PriceAdjustment,
  type PriceChange,
  previewPriceChange,
  type StatusChange,
  serverMessage,
} from '@planvy/shared';
import type { Db, DbOrTx } from '../../db/client';
import { HttpError, invalid, notFound } from '../../lib/http-error';
import { assertCan } from '../../plugins/auth';
import { assertVersion, type Caller } from '../projects/service';
import { notifyApartments, notifyView } from '../live/notify';
import { emitApartmentChanges } from '../webhooks/webhooks';
import * as repo from './repository';

export type ApartmentInput = z.output<typeof apartmentFieldsSchema>;

export function toApartment(row: repo.ApartmentRow): Apartment {
  return {
    id: row.id,
    project_id: row.project_id,
    building_number_id: row.building_number_id,
    bostad: row.bostad,
    rooms: row.rooms,
    floor: row.floor,
    square: row.square,
    price: row.price,
    fee: row.fee,
    garden_size: row.garden_size,
    status: row.status,
    inactive: row.inactive ? '1' : '0',
    link: row.link,
    file_name: row.file_name,
    description: row.description,
    info: JSON.stringify(row.info),
    statistic_count: row.statistic_count,
    updated_at: row.updated_at.toISOString(),
    version: row.version,
  };
}

export const apartmentNotFound = () => notFound('Apartment');

function assertStatusFor(type: ProjectType, status: string | undefined) {
  if (status !== undefined && !isStatusValidFor(status, type)) {
    throw invalid('status', serverMessage('statusType', { status, type }));
  }
}

async function assertBuildingNumber(db: DbOrTx, projectId: number, id: number | null | undefined) {
  if (id && !(await repo.buildingNumberInProject(db, id, projectId))) {
    throw invalid('building_number_id', serverMessage('foreignBuilding'));
  }
}

/** Turns validated input into column values; `undefined` leaves a column alone. */
function columns(input: ApartmentInput): Partial<repo.ApartmentInsert> {
  const { inactive, info, ...rest } = input;
  const out: Partial<repo.ApartmentInsert> = { ...rest };
  if (inactive !== undefined) out.inactive = inactive === '1';
  if (info !== undefined) out.info = info;
  return out;
}

export async function listApartments(db: DbOrTx, projectId: number): Promise<Apartment[]> {
  return (await repo.listApartments(db, projectId)).map(toApartment);
}

/** A new apartment in `project`, the one the access hook checked. */
export async function createApartment(
  db: Db,
  caller: Caller,
  project: Project,
  input: ApartmentInput,
): Promise<Apartment> {
  assertStatusFor(project.type, input.status);
  const projectId = project.id;
  return db.transaction(async (tx) => {
    await assertBuildingNumber(tx, projectId, input.building_number_id);
    const row = await repo.insertApartment(tx, { ...columns(input), project_id: projectId });
    await repo.recordStatusChanges(
      tx,
      [{ apartment_id: row.id, from_status: null, to_status: row.status }],
      caller,
    );
    await repo.recordPriceChanges(tx, [{ apartment_id: row.id, before: null, after: row }], caller);
    await notifyView(tx, projectId);
    return toApartment(row);
  });
}

const staleApartment = (bostad: string) =>
  `Someone else changed apartment ${bostad} after you opened it. Reload to see their changes, then make yours again.`;

/** Changes apartment `id` of `project` (both checked by the access hook); fields with a rule of their own are checked against it. */
export async function updateApartment(
  db: Db,
  caller: Caller,
  project: Project,
  id: number,
  { version, ...input }: ApartmentInput & { version?: number },
): Promise<Apartment> {
  return db.transaction(async (tx) => {
    const current = await repo.lockApartment(tx, id);
    if (!current) throw apartmentNotFound();
    assertVersion(version, current.version, staleApartment(current.bostad));
    for (const [field, action] of Object.entries(APARTMENT_FIELD_ACTIONS)) {
      const key = field as keyof typeof APARTMENT_FIELD_ACTIONS;
      if (input[key] !== undefined && input[key] !== current[key]) assertCan(caller, action);
    }
    assertStatusFor(project.type, input.status);
    await assertBuildingNumber(tx, current.project_id, input.building_number_id);
    const row = await repo.updateApartment(tx, id, columns(input));
    if (!row) throw apartmentNotFound();
    if (row.status !== current.status) {
      await repo.recordStatusChanges(
        tx,
        [{ apartment_id: id, from_status: current.status, to_status: row.status }],
        caller,
      );
    }
    await repo.recordPriceChanges(tx, [{ apartment_id: id, before: current, after: row }], caller);
    await notifyApartments(tx, row.project_id, [row], new Map([[id, current]]));
    await emitApartmentChanges(tx, row.project_id, [{ before: current, after: row }]);
    return toApartment(row);
  });
}

export async function deleteApartment(db: Db, row: repo.ApartmentRow): Promise<void> {
  const id = row.id;
  await db.transaction(async (tx) => {
    await repo.deleteApartment(tx, id);
    await notifyView(tx, row.project_id);
  });
}

/**
 * Locks the apartments a mass action names: every one must be of the project (else 422) and
 * none may have changed since the table showed it (else 409), so the action is all or nothing.
 */
async function lockForMassAction(
  tx: DbOrTx,
  projectId: number,
  ids: number[],
  versions: Record<string, number> | undefined,
) {
  const found = await repo.lockApartmentsInProject(tx, projectId, ids);
  if (found.length !== ids.length) {
    const known = new Set(found.map((a) => a.id));
    const missing = ids.filter((id) => !known.has(id));
    throw new HttpError(422, serverMessage('foreignApartments'), {
      apartments: [
        `Not in this project: ${missing.slice(0, 20).join(', ')}${missing.length > 20 ? '…' : ''}`,
      ],
    });
  }
  const stale = found.filter((a) => {
    const sent = versions?.[String(a.id)];
    return sent !== undefined && sent !== a.version;
  });
  if (stale.length > 0) {
    const names = stale.map((a) => a.bostad || `#${a.id}`);
    const message =
      stale.length === 1
        ? staleApartment(names[0]!)
        : `Someone else changed ${stale.length} of these apartments (${names.slice(0, 10).join(', ')}${stale.length > 10 ? '…' : ''}) after you loaded them. Reload to see their changes, then make yours again.`;
    throw new HttpError(409, message, { version: [message] });
  }
  return found;
}

/** The named apartments of the project as they are now, in the list's order. */
async function reread(tx: DbOrTx, projectId: number, ids: number[]) {
  const wanted = new Set(ids);
  return (await repo.listApartments(tx, projectId)).filter((r) => wanted.has(r.id));
}

/** Changes the status of several apartments of one project: all of them or none. */
export async function updateStatuses(
  db: Db,
  caller: Caller,
  project: Project,
  input: { apartments: number[]; status: string; versions?: Record<string, number> },
): Promise<Apartment[]> {
  const projectId = project.id;
  assertStatusFor(project.type, input.status);
  const ids = [...new Set(input.apartments)];
  return db.transaction(async (tx) => {
    const found = await lockForMassAction(tx, projectId, ids, input.versions);
    const changed = found.filter((a) => a.status !== input.status);
    await repo.setStatus(
      tx,
      changed.map((a) => a.id),
      input.status,
    );
    await repo.recordStatusChanges(
      tx,
      changed.map((a) => ({ apartment_id: a.id, from_status: a.status, to_status: input.status })),
      caller,
    );
    const updated = await reread(tx, projectId, ids);
    const changedIds = new Set(changed.map((a) => a.id));
    await notifyApartments(
      tx,
      projectId,
      updated.filter((r) => changedIds.has(r.id)),
    );
    await emitApartmentChanges(
      tx,
      projectId,
      updated.flatMap((r) => {
        const before = changed.find((a) => a.id === r.id);
        return before ? [{ before, after: r }] : [];
      }),
    );
    return updated.map(toApartment);
  });
}

/**
 * One price rule for several apartments of one project, all or nothing: the values the
 * back-office previewed with the same function, the history, live updates and webhooks.
 */
export async function updatePrices(
  db: Db,
  caller: Caller,
  project: Project,
  input: { apartments: number[]; adjustment: PriceAdjustment; versions?: Record<string, number> },
): Promise<Apartment[]> {
  const projectId = project.id;
  const ids = [...new Set(input.apartments)];
  const { field } = input.adjustment;
  return db.transaction(async (tx) => {
    const found = await lockForMassAction(tx, projectId, ids, input.versions);
    const { changed } = previewPriceChange(found, input.adjustment);
    await repo.setPrices(tx, field, changed);
    const updated = await reread(tx, projectId, ids);
    const before = new Map(found.map((a) => [a.id, a]));
    const changedIds = new Set(changed.map((c) => c.id));
    const writes = updated.filter((r) => changedIds.has(r.id));
    await repo.recordPriceChanges(
      tx,
      writes.map((r) => ({ apartment_id: r.id, before: before.get(r.id) ?? null, after: r })),
      caller,
    );
    await notifyApartments(tx, projectId, writes, before);
    await emitApartmentChanges(
      tx,
      projectId,
      writes.flatMap((r) => {
        const was = before.get(r.id);
        return was ? [{ before: was, after: r }] : [];
      }),
    );
    return updated.map(toApartment);
  });
}

/** Gives several apartments of one project one building number (or none): all of them or none. */
export async function updateBuildingNumbers(
  db: Db,
  project: Project,
  input: { apartments: number[]; building_number_id: number | null; versions?: Record<string, number> },
): Promise<Apartment[]> {
  const projectId = project.id;
  const ids = [...new Set(input.apartments)];
  return db.transaction(async (tx) => {
    await assertBuildingNumber(tx, projectId, input.building_number_id);
    const found = await lockForMassAction(tx, projectId, ids, input.versions);
    const changed = found.filter((a) => a.building_number_id !== input.building_number_id);
    await repo.setBuildingNumber(
      tx,
      changed.map((a) => a.id),
      input.building_number_id,
    );
    // The building is not in the live payload (status and prices): open widgets refetch the view.
    if (changed.length > 0) await notifyView(tx, projectId);
    return (await reread(tx, projectId, ids)).map(toApartment);
  });
}

type PersonColumns = {
  user_id: number | null;
  first_name: string | null;
  last_name: string | null;
  impersonator_id: number | null;
  impersonator_first_name: string | null;
  impersonator_last_name: string | null;
};

/** Who made a change, and the admin acting as them if so. */
function madeBy(r: PersonColumns) {
  return {
    user:
      r.user_id === null
        ? null
        : { id: r.user_id, first_name: r.first_name ?? '', last_name: r.last_name ?? '' },
    impersonator:
      r.impersonator_id === null
        ? null
        : {
            id: r.impersonator_id,
            first_name: r.impersonator_first_name ?? '',
            last_name: r.impersonator_last_name ?? '',
          },
  };
}

/** An apartment's status changes and price changes, each newest first. */
export async function history(
  db: DbOrTx,
  id: number,
): Promise<{ history: StatusChange[]; prices: PriceChange[] }> {
  const [statuses, prices] = await Promise.all([repo.statusHistory(db, id), repo.priceHistory(db, id)]);
  return {
    history: statuses.map((r) => ({
      id: r.id,
      from_status: r.from_status,
      to_status: r.to_status,
      changed_at: r.changed_at.toISOString(),
      ...madeBy(r),
    })),
    prices: prices.map((r) => ({
      id: r.id,
      from_price: r.from_price,
      to_price: r.to_price,
      from_fee: r.from_fee,
      to_fee: r.to_fee,
      changed_at: r.changed_at.toISOString(),
      ...madeBy(r),
    })),
  };
}
