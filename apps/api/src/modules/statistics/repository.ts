import { and, asc, between, desc, eq, gte, inArray, sql, type SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import { STATISTICS_TIME_ZONE, type DateRange, type IsoDate } from '@planvy/shared';
import type { DbOrTx } from '../../db/client';
import { apartments, apartmentStatusChanges, clickDaily, projects } from '../../db/schema';
import { inScope, type ProjectScope } from '../projects/repository';

/**
 * Every statistics read is one statement over indexed tables: apartments by project,
 * click_daily by (project, day) or day, status changes by time. No loop per apartment.
 */

/** Which projects a statistic covers: one the caller was checked to reach, or all they reach. */
export type ProjectFilter = { projectId: number } | { scope: ProjectScope };

function projectCondition(column: AnyPgColumn, db: DbOrTx, filter: ProjectFilter): SQL | undefined {
  if ('projectId' in filter) return eq(column, filter.projectId);
  const scoped = inScope(filter.scope);
  if (!scoped) return undefined;
  return inArray(column, db.select({ id: projects.id }).from(projects).where(scoped));
}

// The zone is a constant of the code, never input, so it is written into the statement.
const zone = sql.raw(`'${STATISTICS_TIME_ZONE}'`);

/** Apartments per project and status, with every reachable project (a project without apartments has one row, status null). */
export function statusCountsByProject(db: DbOrTx, filter: ProjectFilter) {
  return db
    .select({
      project_id: projects.id,
      name: projects.name,
      type: projects.type,
      status: apartments.status,
      count: sql<number>`count(${apartments.id})::int`,
    })
    .from(projects)
    .leftJoin(apartments, eq(apartments.project_id, projects.id))
    .where('projectId' in filter ? eq(projects.id, filter.projectId) : inScope(filter.scope))
    .groupBy(projects.id, apartments.status)
    .orderBy(asc(sql`lower(${projects.name})`), asc(projects.id));
}

/**
 * The most-clicked apartments in the range: most clicks first, then the one clicked on
 * the latest day, then the lowest id (so ties always come out in the same order).
 */
export function topClicked(db: DbOrTx, filter: ProjectFilter, range: DateRange, limit: number) {
  const clicks = sql<number>`sum(${clickDaily.clicks})::int`.as('clicks');
  const lastDay = sql<string>`max(${clickDaily.day})`.as('last_day');
  const ranked = db.$with('ranked').as(
    db
      .select({ apartment_id: clickDaily.apartment_id, clicks, last_day: lastDay })
      .from(clickDaily)
      .where(
        and(
          between(clickDaily.day, range.from, range.to),
          projectCondition(clickDaily.project_id, db, filter),
        ),
      )
      .groupBy(clickDaily.apartment_id)
      .orderBy(desc(sql`clicks`), desc(sql`last_day`), asc(clickDaily.apartment_id))
      .limit(limit),
  );
  return db
    .with(ranked)
    .select({
      apartment_id: ranked.apartment_id,
      clicks: ranked.clicks,
      bostad: apartments.bostad,
      status: apartments.status,
      price: apartments.price,
      inactive: apartments.inactive,
      project_id: projects.id,
      project_name: projects.name,
      project_type: projects.type,
    })
    .from(ranked)
    .innerJoin(apartments, eq(apartments.id, ranked.apartment_id))
    .innerJoin(projects, eq(projects.id, apartments.project_id))
    .orderBy(desc(ranked.clicks), desc(ranked.last_day), asc(ranked.apartment_id));
}

/** Clicks per day in the range (days without clicks are absent). */
export function clicksPerDay(db: DbOrTx, filter: ProjectFilter, range: DateRange, apartmentId?: number) {
  return db
    .select({ date: clickDaily.day, clicks: sql<number>`sum(${clickDaily.clicks})::int` })
    .from(clickDaily)
    .where(
      and(
        between(clickDaily.day, range.from, range.to),
        projectCondition(clickDaily.project_id, db, filter),
        apartmentId === undefined ? undefined : eq(clickDaily.apartment_id, apartmentId),
      ),
    )
    .groupBy(clickDaily.day)
    .orderBy(asc(clickDaily.day));
}

/** Clicks per apartment of one project in the range (apartments without clicks are absent). */
export function clicksPerApartment(db: DbOrTx, projectId: number, range: DateRange) {
  return db
    .select({ apartment_id: clickDaily.apartment_id, clicks: sql<number>`sum(${clickDaily.clicks})::int` })
    .from(clickDaily)
    .where(and(eq(clickDaily.project_id, projectId), between(clickDaily.day, range.from, range.to)))
    .groupBy(clickDaily.apartment_id);
}

/** Status changes made on `since` or later, counted per project, day and from → to. */
export function statusChangesSince(db: DbOrTx, filter: ProjectFilter, since: IsoDate) {
  const c = apartmentStatusChanges;
  return db
    .select({
      project_id: apartments.project_id,
      day: sql<string>`((${c.changed_at} at time zone ${zone})::date)::text`,
      from_status: c.from_status,
      to_status: c.to_status,
      count: sql<number>`count(*)::int`,
    })
    .from(c)
    .innerJoin(apartments, eq(apartments.id, c.apartment_id))
    .where(
      and(
        gte(c.changed_at, sql`(${since}::date)::timestamp at time zone ${zone}`),
        projectCondition(apartments.project_id, db, filter),
      ),
    )
    .groupBy(sql`1`, sql`2`, sql`3`, sql`4`);
}

/** The project of an apartment, when there is one. */
export async function apartmentProject(db: DbOrTx, apartmentId: number): Promise<number | undefined> {
  const [row] = await db
    .select({ project_id: apartments.project_id })
    .from(apartments)
    .where(eq(apartments.id, apartmentId));
  return row?.project_id;
}
