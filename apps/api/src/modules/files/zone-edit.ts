import {
  apartmentZone,
  attributeRecord,
  detachedZone,
  freshZoneId,
  linkZone,
  planNameList,
  readZone,
  unlinkedZone,
  type ZoneChanges,
  type ZoneEdit,
  type ZoneEditBody,
  type ZoneEditResult,
} from '@planvy/shared';
import type { Db, DbOrTx } from '../../db/client';
import { conflict, invalid } from '../../lib/http-error';
import { toApartment } from '../apartments/service';
import { buildingNumberInProject } from '../apartments/repository';
import { apartmentIdsOnPlan } from './plan-zones';
import * as repo from './repository';
import { etagOf, fileNotFound, STALE_PLAN, toSummary } from './service';
import { planMarkup } from './markup-cache';
import { NotAZoneError, patchZone, ZoneNotFoundError } from './zone-patch';

/**
 * One zone edit from the popup (attach, link, detach, unlink), applied to the stored plan
 * as a patch of that one element: the editor sends what changed, not the plan, and gets
 * back what changed — the plan's new version, the zone as stored, and the apartments whose
 * file_name moved — in one transaction with the version check of a full save.
 */
export async function editZone(
  db: Db,
  projectId: number,
  fileId: number,
  body: ZoneEditBody,
): Promise<ZoneEditResult> {
  const { edit } = body;
  let stored: { etag: string; svg: string } | undefined;
  const result = await db.transaction(async (tx) => {
    const current = await repo.lockFile(tx, fileId);
    if (!current || current.project_id !== projectId || current.kind !== 'svg') throw fileNotFound();
    if (body.version !== current.version) throw conflict(STALE_PLAN);
    const changesFor = await planChanges(tx, projectId, current.name, edit);

    let patch;
    try {
      patch = patchZone(current.svg, body.zone, changesFor);
    } catch (err) {
      if (err instanceof NotAZoneError) throw invalid('zone', err.message);
      if (err instanceof ZoneNotFoundError) {
        throw conflict(
          'The plan no longer has this zone where your copy has it. Reload the plan, then try again.',
        );
      }
      throw err;
    }
    const etag = etagOf(patch.svg);
    const row = await repo.updateFile(tx, current.id, {
      svg: patch.svg,
      size: Buffer.byteLength(patch.svg),
      etag,
      version: current.version + 1,
    });
    stored = { etag, svg: patch.svg };
    if (!row) throw fileNotFound();

    // Only the apartment the zone showed and the one it shows now can have moved on or off this plan.
    const after = readZone(attributeRecord(patch.attributes)).apartmentId;
    const affected = [...new Set([patch.before.apartmentId, after])].filter(
      (id): id is number => id !== null,
    );
    const onPlan = apartmentIdsOnPlan(patch.scan);
    const rows = await repo.lockApartmentsById(tx, projectId, affected);
    const moves = rows.flatMap((a) => {
      const names = planNameList(a.file_name);
      const has = names.includes(current.name);
      const should = onPlan.has(a.id);
      if (has === should) return [];
      const next = should ? [...names, current.name] : names.filter((n) => n !== current.name);
      return [{ id: a.id, file_name: next.join(',') }];
    });
    await repo.setFileNames(tx, moves);
    const moved =
      moves.length > 0
        ? await repo.lockApartmentsById(
            tx,
            projectId,
            moves.map((m) => m.id),
          )
        : [];
    const buildings = await repo.buildingsOf(tx, [row.id]);

    return {
      file: toSummary(
        row,
        buildings.map((b) => b.building_number_id),
      ),
      zone: { ...body.zone, id: patch.attributes.id ?? null, attributes: patch.attributes },
      apartments: moved.map(toApartment),
    };
  });
  // The next reader of this plan (another admin) finds the new version here.
  if (stored) planMarkup.put(stored.etag, stored.svg);
  return result;
}

/** Checks what the edit refers to and returns how it changes a zone. */
async function planChanges(
  tx: DbOrTx,
  projectId: number,
  planName: string,
  edit: ZoneEdit,
): Promise<(before: ReturnType<typeof readZone>, ids: ReadonlySet<string>) => ZoneChanges> {
  switch (edit.kind) {
    case 'attach': {
      const [apartment] = await repo.lockApartmentsById(tx, projectId, [edit.apartment_id]);
      if (!apartment) throw invalid('edit.apartment_id', 'There is no such apartment in this project');
      return () => apartmentZone(apartment);
    }
    case 'link': {
      const plans = (await repo.listNames(tx, projectId)).filter((f) => f.kind === 'svg');
      if (edit.target === planName || !plans.some((p) => p.name === edit.target)) {
        throw invalid('edit.target', `Choose another plan of this project than ${planName}`);
      }
      const building = edit.building_number_id;
      if (building !== null && !(await buildingNumberInProject(tx, building, projectId))) {
        throw invalid('edit.building_number_id', 'There is no such building number in this project');
      }
      return (before, ids) => linkZone(edit.target, building, before.id ?? freshZoneId(ids));
    }
    case 'detach':
      return () => detachedZone();
    case 'unlink':
      return () => unlinkedZone();
  }
}
