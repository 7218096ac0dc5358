import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import {
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

export function apartmentsOf(db: DbOrTx, projectId: number) {
  return db
    .select({
      id: apartments.id,
      bostad: apartments.bostad,
      rooms: apartments.rooms,
      floor: apartments.floor,
      square: apartments.square,
      price: apartments.price,
      fee: apartments.fee,
      garden_size: apartments.garden_size,
      status: apartments.status,
      inactive: apartments.inactive,
      link: apartments.link,
      description: apartments.description,
      info: apartments.info,
      file_name: apartments.file_name,
      building: buildingNumbers.label,
    })
    .from(apartments)
    .leftJoin(buildingNumbers, eq(buildingNumbers.id, apartments.building_number_id))
    .where(eq(apartments.project_id, projectId))
    .orderBy(asc(apartments.id));
}

export function stylesOf(db: DbOrTx, projectId: number) {
  return db
    .select({ key: projectStyles.key, attr: projectStyles.attr, value: projectStyles.value })
    .from(projectStyles)
    .where(eq(projectStyles.project_id, projectId));
}

/** The apartment ids among `ids` that belong to `projectId`. */
export async function apartmentsInProject(
  db: DbOrTx,
  projectId: number,
  ids: number[],
): Promise<Set<number>> {
  if (ids.length === 0) return new Set();
  const rows = await db
    .select({ id: apartments.id })
    .from(apartments)
    .where(and(eq(apartments.project_id, projectId), inArray(apartments.id, ids)));
  return new Set(rows.map((r) => r.id));
}

/** Writes a batch of clicks and bumps each apartment's statistic_count, in one transaction. */
export async function recordClicks(
  db: DbOrTx,
  clicks: { project_id: number; apartment_id: number; clicked_at: Date }[],
): Promise<void> {
  if (clicks.length === 0) return;
  await db.insert(clickEvents).values(clicks);
  const counts = new Map<number, number>();
  for (const c of clicks) counts.set(c.apartment_id, (counts.get(c.apartment_id) ?? 0) + 1);
  const values = [...counts].map(([id, n]) => sql`(${id}::int, ${n}::int)`);
  await db.execute(sql`
    update ${apartments} as a set statistic_count = a.statistic_count + v.n
    from (values ${sql.join(values, sql`, `)}) as v(id, n)
    where a.id = v.id`);
}
