import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import { PUBLIC_FIELDS, type PublicApartmentField } from '@planvy/shared';
import { unnestRows } from '../../db/bulk';
import type { DbOrTx } from '../../db/client';
import { shownStatus } from '../holds/repository';
import {
  apartmentPriceChanges,
  apartments,
  buildingNumbers,
  clickEvents,
  fileBuildings,
  files,
  projects,
  projectStyles,
} from '../../db/schema';

export async function findProject(db: DbOrTx, id: number) {
  const [row] = await db
    .select({ id: projects.id, name: projects.name, type: projects.type })
    .from(projects)
    .where(eq(projects.id, id));
  return row;
}

/** Plan metadata without the markup. */
export function plansOf(db: DbOrTx, projectId: number) {
  return db
    .select({
      id: files.id,
      name: files.name,
      title: files.title,
      data: files.data,
      version: files.version,
      sort_index: files.sort_index,
    })
    .from(files)
    .where(and(eq(files.project_id, projectId), eq(files.kind, 'svg')))
    .orderBy(asc(files.sort_index), asc(files.id));
}

export function planBuildings(db: DbOrTx, fileIds: number[]) {
  if (fileIds.length === 0) return Promise.resolve([]);
  return db
    .select({
      file_id: fileBuildings.file_id,
      id: buildingNumbers.id,
      label: buildingNumbers.label,
      label_svg: buildingNumbers.label_svg,
    })
    .from(fileBuildings)
    .innerJoin(buildingNumbers, eq(buildingNumbers.id, fileBuildings.building_number_id))
    .where(inArray(fileBuildings.file_id, fileIds));
}

/** The catalogue's public fields that are columns as they are (the building is its label, joined). */
const PUBLIC_COLUMNS = PUBLIC_FIELDS.flatMap(({ field }) =>
  field === 'building_number_id' ? [] : [field],
) as readonly Exclude<PublicApartmentField, 'building_number_id'>[];
const publicColumns = Object.fromEntries(PUBLIC_COLUMNS.map((key) => [key, apartments[key]])) as {
  [K in (typeof PUBLIC_COLUMNS)[number]]: (typeof apartments)[K];
};

export function apartmentsOf(db: DbOrTx, projectId: number) {
  return db
    .select({ id: apartments.id, ...publicColumns, status: shownStatus, building: buildingNumbers.label })
    .from(apartments)
    .leftJoin(buildingNumbers, eq(buildingNumbers.id, apartments.building_number_id))
    .where(eq(apartments.project_id, projectId))
    .orderBy(asc(apartments.id));
}

/**
 * Per apartment of the project, its latest change of price (fee-only changes skipped): the
 * price before and after it.
 */
export async function latestPriceMoves(
  db: DbOrTx,
  projectId: number,
): Promise<Map<number, { from: number | null; to: number | null }>> {
  const { rows } = await db.execute<{
    apartment_id: number;
    from_price: number | null;
    to_price: number | null;
  }>(sql`
    select distinct on (c.apartment_id) c.apartment_id, c.from_price, c.to_price
      from ${apartmentPriceChanges} c
      join ${apartments} a on a.id = c.apartment_id
     where a.project_id = ${projectId} and c.from_price is distinct from c.to_price
     order by c.apartment_id, c.changed_at desc, c.id desc`);
  return new Map(rows.map((r) => [Number(r.apartment_id), { from: r.from_price, to: r.to_price }]));
}

export function stylesOf(db: DbOrTx, projectId: number) {
  return db
    .select({ key: projectStyles.key, attr: projectStyles.attr, value: projectStyles.value })
    .from(projectStyles)
    .where(eq(projectStyles.project_id, projectId));
}

/**
 * Writes a batch of clicks and bumps each apartment's statistic_count, in one transaction
 * (the caller's). A click on an apartment deleted since it was counted is dropped.
 */
export async function recordClicks(
  db: DbOrTx,
  clicks: { project_id: number; apartment_id: number; clicked_at: Date }[],
): Promise<void> {
  if (clicks.length === 0) return;
  const rows = unnestRows(
    clickEvents,
    ['project_id', 'apartment_id', 'clicked_at'],
    clicks.map((c) => ({ ...c, clicked_at: c.clicked_at.toISOString() })),
  );
  await db.execute(sql`
    insert into ${clickEvents} (project_id, apartment_id, clicked_at)
    select c.project_id, c.apartment_id, c.clicked_at from ${rows} as c
    join ${apartments} as a on a.id = c.apartment_id and a.project_id = c.project_id`);
  await db.execute(sql`
    update ${apartments} as a set statistic_count = a.statistic_count + c.n
    from (select apartment_id, project_id, count(*)::int as n from ${rows} as r group by 1, 2) as c
    where a.id = c.apartment_id and a.project_id = c.project_id`);
}
