import { and, asc, between, desc, eq, inArray, sql, type SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import { STATISTICS_TIME_ZONE, type DateRange, type IsoDate } from '@planvy/shared';
import type { DbOrTx } from '../../db/client';
import {
  apartments,
  apartmentStatusChanges,
  apartmentStatusCounts,
  clickDaily,
  clickDailyProjects,
  clickWindows,
  clickYearly,
  projects,
} from '../../db/schema';
import { inScope, type ProjectScope } from '../projects/repository';

/**
 * Every statistics read is one statement over indexed tables: apartment_status_counts,
 * the click roll-ups (click_windows for the last 7/30/90 days, click_daily and
 * click_daily_projects for other ranges), status changes by time. No loop per apartment.
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

/** Apartments per project and status, with every reachable project (one without apartments has one row, status null). */
export function statusCountsByProject(db: DbOrTx, filter: ProjectFilter) {
  const c = apartmentStatusCounts;
  return db
    .select({
      project_id: projects.id,
      name: projects.name,
      type: projects.type,
      status: c.status,
      count: c.count,
    })
    .from(projects)
    .leftJoin(c, eq(c.project_id, projects.id))
    .where('projectId' in filter ? eq(projects.id, filter.projectId) : inScope(filter.scope))
    .orderBy(asc(sql`lower(${projects.name})`), asc(projects.id));
}

export type ClickWindow = 'd7' | 'd30' | 'd90';

/** Moves click_windows on to end on `today`; false when they cannot (they already end later). */
export async function rollWindows(db: DbOrTx, today: IsoDate): Promise<boolean> {
  const { rows } = await db.execute<{ ok: boolean }>(sql`select click_windows_roll_to(${today}::date) as ok`);
  return rows[0]?.ok === true;
}

/** Where a ranking reads its clicks: a window ending today, or click_daily over any range. */
export type ClickSource = { window: ClickWindow } | { range: DateRange };

function rankedClicks(db: DbOrTx, filter: ProjectFilter, source: ClickSource, limit: number) {
  if ('window' in source) {
    const column = clickWindows[source.window];
    return db.$with('ranked').as(
      db
        .select({
          apartment_id: sql<number>`${clickWindows.apartment_id}`.as('apartment_id'),
          clicks: sql<number>`${column}`.as('clicks'),
        })
        .from(clickWindows)
        .where(and(sql`${column} > 0`, projectCondition(clickWindows.project_id, db, filter)))
        .orderBy(desc(column), asc(clickWindows.apartment_id))
        .limit(limit),
    );
  }
  if ('scope' in filter) return rankedInRange(db, filter, source.range, limit);
  // One project: its apartments' days in the range are few enough to sum them all.
  const clicks = sql<number>`sum(${clickDaily.clicks})::int`;
  return db.$with('ranked').as(
    db
      .select({
        apartment_id: sql<number>`${clickDaily.apartment_id}`.as('apartment_id'),
        clicks: clicks.as('clicks'),
      })
      .from(clickDaily)
      .where(
        and(
          between(clickDaily.day, source.range.from, source.range.to),
          eq(clickDaily.project_id, filter.projectId),
        ),
      )
      .groupBy(clickDaily.apartment_id)
      .orderBy(desc(clicks), asc(clickDaily.apartment_id))
      .limit(limit),
  );
}

/** How many apartments per year a range ranking sums exactly to find its threshold. */
const PROBE_PER_LIMIT = 2;

/**
 * The top `limit` apartments by clicks in any range over many projects, exactly, without
 * summing click_daily for every apartment clicked in it (1.9 million apartment-days in a
 * year of 2 million clicks). An apartment's clicks in the calendar years the range touches
 * (click_yearly, at most two years) bound its clicks in the range. 1. Sum the range
 * exactly for the apartments most clicked in those years; the `limit`-th best sum is a
 * threshold t (1 when fewer were clicked). 2. An apartment whose years add up to less
 * than t cannot beat the `limit` apartments already at t or above, and one whose years add
 * up to t or more has a year with at least ⌈t / years⌉: sum the range exactly for those
 * (an index range of click_yearly per year) and rank them. Decision record 013.
 */
function rankedInRange(db: DbOrTx, filter: { scope: ProjectScope }, range: DateRange, limit: number) {
  const firstYear = Number(range.from.slice(0, 4));
  const lastYear = Number(range.to.slice(0, 4));
  const years = lastYear - firstYear + 1;
  const y = clickYearly;
  const d = clickDaily;
  // The scope as a list of project ids computed once, so it filters click_yearly's rows as
  // its index yields them in order of clicks (a join with projects would read the whole year).
  const scoped = inScope(filter.scope);
  const projectIds = scoped && sql`array(${db.select({ id: projects.id }).from(projects).where(scoped)})`;
  const inScopeY = projectIds ? sql`${y.project_id} = any(${projectIds})` : sql`true`;
  const inScopeD = projectIds ? sql`${d.project_id} = any(${projectIds})` : sql`true`;
  // One apartment's clicks in the range, read through click_daily's key: per apartment, so
  // the planner cannot turn it into a scan of every apartment-day in the range.
  const clicksInRange = (apartmentId: SQL) => sql`
    select sum(${d.clicks})::int as clicks from ${d}
    where ${d.apartment_id} = ${apartmentId} and ${d.day} between ${range.from} and ${range.to} and ${inScopeD}`;
  return db.$with('ranked', {
    apartment_id: sql<number>`apartment_id`.as('apartment_id'),
    clicks: sql<number>`clicks`.as('clicks'),
  }).as(sql`
    with years as (select generate_series(${firstYear}::int, ${lastYear}::int) as year),
    probe as (
      select distinct p.apartment_id
      from years cross join lateral (
        select ${y.apartment_id} as apartment_id from ${y}
        where ${y.year} = years.year and ${inScopeY}
        order by ${y.clicks} desc limit ${limit * PROBE_PER_LIMIT}
      ) p
    ),
    probed as (
      select s.clicks from probe cross join lateral (${clicksInRange(sql`probe.apartment_id`)}) s
      where s.clicks is not null
    ),
    threshold as (
      select ceil(coalesce((select clicks from probed order by clicks desc offset ${limit - 1} limit 1), 1)
                  / ${years}::numeric)::int as per_year
    ),
    candidates as (
      select distinct c.apartment_id
      from years cross join threshold cross join lateral (
        select ${y.apartment_id} as apartment_id from ${y}
        where ${y.year} = years.year and ${y.clicks} >= threshold.per_year and ${inScopeY}
      ) c
    )
    select c.apartment_id, s.clicks
    from candidates c cross join lateral (${clicksInRange(sql`c.apartment_id`)}) s
    where s.clicks is not null
    order by s.clicks desc, c.apartment_id
    limit ${limit}`);
}

/** The most-clicked apartments: most clicks first, ties to the lowest id (the same order from either source). */
export function topClicked(db: DbOrTx, filter: ProjectFilter, source: ClickSource, limit: number) {
  const ranked = rankedClicks(db, filter, source, limit);
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
    .orderBy(desc(ranked.clicks), asc(ranked.apartment_id));
}

/** Clicks per day in the range (days without clicks are absent), over projects or one apartment. */
export function clicksPerDay(db: DbOrTx, filter: ProjectFilter, range: DateRange, apartmentId?: number) {
  if (apartmentId !== undefined) {
    return db
      .select({ date: clickDaily.day, clicks: clickDaily.clicks })
      .from(clickDaily)
      .where(and(eq(clickDaily.apartment_id, apartmentId), between(clickDaily.day, range.from, range.to)))
      .orderBy(asc(clickDaily.day));
  }
  return db
    .select({ date: clickDailyProjects.day, clicks: sql<number>`sum(${clickDailyProjects.clicks})::int` })
    .from(clickDailyProjects)
    .where(
      and(
        between(clickDailyProjects.day, range.from, range.to),
        projectCondition(clickDailyProjects.project_id, db, filter),
      ),
    )
    .groupBy(clickDailyProjects.day)
    .orderBy(asc(clickDailyProjects.day));
}

/** Clicks per apartment of one project (apartments without clicks are absent). */
export function clicksPerApartment(db: DbOrTx, projectId: number, source: ClickSource) {
  if ('window' in source) {
    const column = clickWindows[source.window];
    return db
      .select({ apartment_id: clickWindows.apartment_id, clicks: sql<number>`${column}` })
      .from(clickWindows)
      .where(and(eq(clickWindows.project_id, projectId), sql`${column} > 0`));
  }
  return db
    .select({ apartment_id: clickDaily.apartment_id, clicks: sql<number>`sum(${clickDaily.clicks})::int` })
    .from(clickDaily)
    .where(
      and(eq(clickDaily.project_id, projectId), between(clickDaily.day, source.range.from, source.range.to)),
    )
    .groupBy(clickDaily.apartment_id);
}

export type StatusChangeCount = {
  /** A day of the range (YYYY-MM-DD), or null for a per-project row or a day after the range. */
  day: string | null;
  /** Set on per-project rows; null on per-day rows. */
  project_id: number | null;
  /** Made after the range's last day (to be undone to get back to it). */
  after: boolean;
  from_status: string | null;
  to_status: string;
  count: number;
};

/**
 * Status changes made from the range's first day on, counted twice in one pass: per day
 * of the range (days after it as one group) over all the projects asked for, and per
 * project (within the range, and after it). A few thousand rows at most, however many
 * changes there were: returning a row costs more than counting it.
 */
export async function statusChangeCounts(
  db: DbOrTx,
  filter: ProjectFilter,
  range: DateRange,
): Promise<StatusChangeCount[]> {
  const c = apartmentStatusChanges;
  const { rows } = await db.execute<StatusChangeCount & { by_day: number }>(sql`
    select grouping(x.project_id) as by_day, x.day, x.project_id, x.after, x.from_status, x.to_status,
           count(*)::int as count
    from (
      select ${apartments.project_id} as project_id, ${c.from_status} as from_status, ${c.to_status} as to_status,
             click_day(${c.changed_at}) > ${range.to}::date as after,
             case when click_day(${c.changed_at}) > ${range.to}::date then null
                  else click_day(${c.changed_at})::text end as day
      from ${c}
      join ${apartments} on ${apartments.id} = ${c.apartment_id}
      where ${c.changed_at} >= (${range.from}::date)::timestamp at time zone ${zone}
        and ${projectCondition(apartments.project_id, db, filter) ?? sql`true`}
    ) x
    group by grouping sets ((x.day, x.after, x.from_status, x.to_status),
                            (x.project_id, x.after, x.from_status, x.to_status))`);
  return rows.map((r) => ({ ...r, project_id: Number(r.by_day) === 1 ? null : r.project_id }));
}

/** The project of an apartment, when there is one. */
export async function apartmentProject(db: DbOrTx, apartmentId: number): Promise<number | undefined> {
  const [row] = await db
    .select({ project_id: apartments.project_id })
    .from(apartments)
    .where(eq(apartments.id, apartmentId));
  return row?.project_id;
}
