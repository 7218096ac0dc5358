import type { z } from 'zod';
import {
  ADMIN_ONLY_APARTMENT_FIELDS,
  isStatusValidFor,
  type Apartment,
  type apartmentFieldsSchema,
  type ProjectType,
  type StatusChange,
} from '@planvy/shared';
import type { Db, DbOrTx } from '../../db/client';
import { forbidden, HttpError, invalid, notFound } from '../../lib/http-error';
import { assertProjectVisible, assertVersion, getProject, type Caller } from '../projects/service';
import { notifyApartments, notifyView } from '../live/notify';
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

/** Loads an apartment the caller reaches; the same 404 whether it is missing or someone else's. */
export async function loadVisibleApartment(
  db: DbOrTx,
  caller: Caller,
  id: number,
): Promise<repo.ApartmentRow> {
  const row = await repo.findApartment(db, id);
  if (!row) throw apartmentNotFound();
  try {
    await assertProjectVisible(db, caller, row.project_id);
  } catch {
    throw apartmentNotFound();
  }
  return row;
}

function assertStatusFor(type: ProjectType, status: string | undefined) {
  if (status !== undefined && !isStatusValidFor(status, type)) {
    throw invalid('status', `The status "${status}" does not apply to ${type} projects`);
  }
}

async function assertBuildingNumber(db: DbOrTx, projectId: number, id: number | null | undefined) {
  if (id && !(await repo.buildingNumberInProject(db, id, projectId))) {
    throw invalid('building_number_id', 'The building number does not belong to this project');
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

export async function listApartments(db: DbOrTx, caller: Caller, projectId: number): Promise<Apartment[]> {
  await assertProjectVisible(db, caller, projectId);
  return (await repo.listApartments(db, projectId)).map(toApartment);
}

export async function getApartment(db: DbOrTx, caller: Caller, id: number): Promise<Apartment> {
  return toApartment(await loadVisibleApartment(db, caller, id));
}

export async function createApartment(
  db: Db,
  caller: Caller,
  projectId: number,
  input: ApartmentInput,
): Promise<Apartment> {
  const project = await getProject(db, caller, projectId);
  if (caller.role !== 'admin') throw forbidden('Only admins add apartments');
  assertStatusFor(project.type, input.status);
  return db.transaction(async (tx) => {
    await assertBuildingNumber(tx, projectId, input.building_number_id);
    const row = await repo.insertApartment(tx, { ...columns(input), project_id: projectId });
    await repo.recordStatusChanges(
      tx,
      [{ apartment_id: row.id, from_status: null, to_status: row.status }],
      caller,
    );
    await notifyView(tx, projectId);
    return toApartment(row);
  });
}

const staleApartment = (bostad: string) =>
  `Someone else changed apartment ${bostad} after you opened it. Reload to see their changes, then make yours again.`;

export async function updateApartment(
  db: Db,
  caller: Caller,
  id: number,
  { version, ...input }: ApartmentInput & { version?: number },
): Promise<Apartment> {
  return db.transaction(async (tx) => {
    await loadVisibleApartment(tx, caller, id);
    const current = await repo.lockApartment(tx, id);
    if (!current) throw apartmentNotFound();
    assertVersion(version, current.version, staleApartment(current.bostad));
    if (caller.role !== 'admin') {
      // Spec §6: building numbers and zone links are the admin's (the field catalogue's adminOnly).
      for (const field of ADMIN_ONLY_APARTMENT_FIELDS) {
        if (input[field] !== undefined && input[field] !== current[field]) {
          throw forbidden(`Only admins change ${field === 'file_name' ? 'zone links' : 'building numbers'}`);
        }
      }
    }
    const project = await getProject(tx, caller, current.project_id);
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
    await notifyApartments(tx, row.project_id, [row], new Map([[id, current]]));
    return toApartment(row);
  });
}

export async function deleteApartment(db: Db, caller: Caller, id: number): Promise<void> {
  const row = await loadVisibleApartment(db, caller, id);
  if (caller.role !== 'admin') throw forbidden('Only admins delete apartments');
  await db.transaction(async (tx) => {
    await repo.deleteApartment(tx, id);
    await notifyView(tx, row.project_id);
  });
}

/** Changes the status of several apartments of one project: all of them or none. */
export async function updateStatuses(
  db: Db,
  caller: Caller,
  input: { apartments: number[]; status: string; projectId: number; versions?: Record<string, number> },
): Promise<Apartment[]> {
  const project = await getProject(db, caller, input.projectId);
  assertStatusFor(project.type, input.status);
  const ids = [...new Set(input.apartments)];
  return db.transaction(async (tx) => {
    const found = await repo.lockApartmentsInProject(tx, input.projectId, ids);
    if (found.length !== ids.length) {
      const known = new Set(found.map((a) => a.id));
      const missing = ids.filter((id) => !known.has(id));
      throw new HttpError(422, 'Some apartments do not belong to this project', {
        apartments: [
          `Not in this project: ${missing.slice(0, 20).join(', ')}${missing.length > 20 ? '…' : ''}`,
        ],
      });
    }
    const stale = found.filter((a) => {
      const sent = input.versions?.[String(a.id)];
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
    const rows = await repo.listApartments(tx, input.projectId);
    const wanted = new Set(ids);
    const updated = rows.filter((r) => wanted.has(r.id));
    const changedIds = new Set(changed.map((a) => a.id));
    await notifyApartments(
      tx,
      input.projectId,
      updated.filter((r) => changedIds.has(r.id)),
    );
    return updated.map(toApartment);
  });
}

export async function history(db: DbOrTx, caller: Caller, id: number): Promise<StatusChange[]> {
  await loadVisibleApartment(db, caller, id);
  const rows = await repo.statusHistory(db, id);
  return rows.map((r) => ({
    id: r.id,
    from_status: r.from_status,
    to_status: r.to_status,
    changed_at: r.changed_at.toISOString(),
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
  }));
}
