import {
  addDays,
  checkRange,
  dateInZone,
  daysBetween,
  eachDay,
  isStatusValidFor,
  MOST_CLICKED_DAYS,
  lastDays,
  STATISTICS_DEFAULT_PROJECT_TYPE,
  STATUSES,
  statusLabel,
  type ApartmentClicks,
  type DailyClicks,
  type DateRange,
  type IsoDate,
  type MostClicked,
  type ProjectStatusSum,
  type ProjectType,
  type StatusCount,
  type StatusHistory,
  type StatusSum,
  type TopApartments,
} from '@planvy/shared';
import type { DbOrTx } from '../../db/client';
import { invalid, notFound } from '../../lib/http-error';
import { assertProjectVisible, scopeFor, type Caller } from '../projects/service';
import * as repo from './repository';

/** The projects a statistic covers: one named project (404 unless the caller reaches it), or all they reach. */
async function projectFilter(db: DbOrTx, caller: Caller, projectId?: number): Promise<repo.ProjectFilter> {
  if (projectId === undefined) return { scope: scopeFor(caller) };
  await assertProjectVisible(db, caller, projectId);
  return { projectId };
}

const WINDOWS: Record<number, repo.ClickWindow> = { 7: 'd7', 30: 'd30', 90: 'd90' };

/**
 * Where clicks over `range` are read: the last 7, 30 or 90 days ending today from
 * click_windows (one row per clicked apartment), any other range from click_daily.
 */
async function clickSource(db: DbOrTx, range: DateRange, today: IsoDate): Promise<repo.ClickSource> {
  const window = range.to === today ? WINDOWS[daysBetween(range.from, range.to) + 1] : undefined;
  if (window && (await repo.rollWindows(db, today))) return { window };
  return { range };
}

/** The range asked for, or a 422 naming the field. */
export function resolveRange(query: { from?: IsoDate; to?: IsoDate }, now: Date): DateRange {
  const checked = checkRange(query.from, query.to, dateInZone(now));
  if (!checked.ok) throw invalid(checked.field, checked.message);
  return checked.range;
}

// ---------------------------------------------------------------------------
// Apartments by status (spec: all-sum, per-project)
// ---------------------------------------------------------------------------

const CATALOGUE_ORDER = new Map<string, number>(STATUSES.map((s, i) => [s.alias, i]));

/** Counts keyed by status, in catalogue order (the project type's own statuses first), with both labels. */
function statusList(counts: Map<string, number>, type: ProjectType): StatusCount[] {
  const rank = (alias: string) =>
    (isStatusValidFor(alias, type) ? 0 : 1000) + (CATALOGUE_ORDER.get(alias) ?? 999);
  return [...counts]
    .filter(([, n]) => n > 0)
    .sort(([a], [b]) => rank(a) - rank(b) || a.localeCompare(b))
    .map(([status, count]) => ({
      status,
      label: { sv: statusLabel(status, type, 'sv'), en: statusLabel(status, type, 'en') },
      count,
    }));
}

function sumOf(counts: Map<string, number>): number {
  let total = 0;
  for (const n of counts.values()) total += n;
  return total;
}

type StatusRows = Awaited<ReturnType<typeof repo.statusCountsByProject>>;

interface ProjectCounts {
  id: number;
  name: string;
  type: ProjectType;
  counts: Map<string, number>;
}

function byProject(rows: StatusRows): ProjectCounts[] {
  const projects = new Map<number, ProjectCounts>();
  for (const row of rows) {
    let p = projects.get(row.project_id);
    if (!p) {
      p = { id: row.project_id, name: row.name, type: row.type, counts: new Map() };
      projects.set(row.project_id, p);
    }
    if (row.status !== null && row.count !== null)
      p.counts.set(row.status, (p.counts.get(row.status) ?? 0) + row.count);
  }
  return [...projects.values()];
}

/**
 * GET /statistic/projects/all-sum: apartments by status over the caller's projects (or
 * one, or those of one type). projectType is the type those projects share; with
 * several types, or none, the spec's default (rental).
 */
export async function allSum(
  db: DbOrTx,
  caller: Caller,
  query: { project_id?: number; project_type?: ProjectType },
): Promise<StatusSum> {
  const filter = await projectFilter(db, caller, query.project_id);
  const projects = byProject(await repo.statusCountsByProject(db, filter)).filter(
    (p) => query.project_type === undefined || p.type === query.project_type,
  );
  const counts = new Map<string, number>();
  for (const p of projects)
    for (const [status, n] of p.counts) counts.set(status, (counts.get(status) ?? 0) + n);
  const types = new Set(projects.filter((p) => sumOf(p.counts) > 0).map((p) => p.type));
  const projectType =
    query.project_type ?? (types.size === 1 ? [...types][0]! : STATISTICS_DEFAULT_PROJECT_TYPE);
  return { total: sumOf(counts), list: statusList(counts, projectType), projectType };
}

/** GET /statistic/projects/per-project: one entry per project the caller reaches, by name. */
export async function perProject(
  db: DbOrTx,
  caller: Caller,
  query: { project_id?: number },
): Promise<ProjectStatusSum[]> {
  const filter = await projectFilter(db, caller, query.project_id);
  return byProject(await repo.statusCountsByProject(db, filter)).map((p) => ({
    id: p.id,
    name: p.name,
    total: sumOf(p.counts),
    list: statusList(p.counts, p.type),
    projectType: p.type,
  }));
}

// ---------------------------------------------------------------------------
// Clicks
// ---------------------------------------------------------------------------

/** GET /statistic/projects/most-clicked: the apartment with most clicks in the rolling week, or {}. */
export async function mostClicked(
  db: DbOrTx,
  caller: Caller,
  query: { project_id?: number },
  now: Date,
): Promise<MostClicked> {
  const filter = await projectFilter(db, caller, query.project_id);
  const today = dateInZone(now);
  const week = lastDays(MOST_CLICKED_DAYS, today);
  const [top] = await repo.topClicked(db, filter, await clickSource(db, week, today), 1);
  if (!top) return {};
  return {
    name: top.project_name,
    bostad: top.bostad,
    project_id: top.project_id,
    apartment_id: top.apartment_id,
    clicks: top.clicks,
    ...week,
  };
}

export async function topApartments(
  db: DbOrTx,
  caller: Caller,
  query: { from?: IsoDate; to?: IsoDate; project_id?: number; limit: number },
  now: Date,
): Promise<TopApartments> {
  const range = resolveRange(query, now);
  const filter = await projectFilter(db, caller, query.project_id);
  const source = await clickSource(db, range, dateInZone(now));
  return { ...range, apartments: await repo.topClicked(db, filter, source, query.limit) };
}

/** Clicks per day, every day of the range (0 when none), over projects, one project or one apartment. */
export async function dailyClicks(
  db: DbOrTx,
  caller: Caller,
  query: { from?: IsoDate; to?: IsoDate; project_id?: number; apartment_id?: number },
  now: Date,
): Promise<DailyClicks> {
  const range = resolveRange(query, now);
  let projectId = query.project_id;
  if (query.apartment_id !== undefined) {
    const owner = await repo.apartmentProject(db, query.apartment_id);
    if (owner === undefined || (projectId !== undefined && owner !== projectId)) throw notFound('Apartment');
    // An apartment in a project the caller does not reach is as missing as one that does not exist.
    await assertProjectVisible(db, caller, owner).catch(() => {
      throw notFound('Apartment');
    });
    projectId = owner;
  }
  const filter = await projectFilter(db, caller, projectId);
  const rows = await repo.clicksPerDay(db, filter, range, query.apartment_id);
  const byDay = new Map(rows.map((r) => [r.date, r.clicks]));
  const days = eachDay(range.from, range.to).map((date) => ({ date, clicks: byDay.get(date) ?? 0 }));
  return { ...range, total: days.reduce((sum, d) => sum + d.clicks, 0), days };
}

/** Clicks per apartment of one project (the plan's click shading). */
export async function apartmentClicks(
  db: DbOrTx,
  projectId: number,
  query: { from?: IsoDate; to?: IsoDate },
  now: Date,
): Promise<ApartmentClicks> {
  const range = resolveRange(query, now);
  const source = await clickSource(db, range, dateInZone(now));
  return { ...range, apartments: await repo.clicksPerApartment(db, projectId, source) };
}

// ---------------------------------------------------------------------------
// Status history: apartments per status on each day of a range
// ---------------------------------------------------------------------------

type Counts = Record<string, number>;

function bump(counts: Counts, status: string | null, by: number) {
  if (status === null) return;
  const next = (counts[status] ?? 0) + by;
  if (next === 0) delete counts[status];
  else counts[status] = next;
}

/** Undoes a change: the apartment goes back from `to` to `from` (a creation, from null, takes it away). */
function undo(counts: Counts, change: { from_status: string | null; to_status: string; count: number }) {
  bump(counts, change.to_status, -change.count);
  bump(counts, change.from_status, change.count);
}

/**
 * Apartments per status at the end of each day of the range, worked back from today's
 * counts by undoing every recorded change since the range began. Every status change is
 * recorded with its previous status, and a new apartment as a change from nothing, so
 * this is exact for apartments that still exist (a deleted apartment leaves no history).
 */
export async function statusHistory(
  db: DbOrTx,
  caller: Caller,
  query: { from?: IsoDate; to?: IsoDate; project_id?: number },
  now: Date,
): Promise<StatusHistory> {
  const range = resolveRange(query, now);
  const filter = await projectFilter(db, caller, query.project_id);
  const [current, changes] = await Promise.all([
    repo.statusCountsByProject(db, filter),
    repo.statusChangeCounts(db, filter, range),
  ]);
  const projects = byProject(current);
  const total: Counts = {};
  for (const p of projects) for (const [status, n] of p.counts) bump(total, status, n);

  // Per project: today's counts, back to the end of the range, then back to its start.
  const end = new Map<number, Counts>(projects.map((p) => [p.id, Object.fromEntries(p.counts)]));
  const undoPerProject = (counts: Map<number, Counts>, after: boolean) => {
    for (const c of changes) {
      const of = c.project_id === null || c.after !== after ? undefined : counts.get(c.project_id);
      if (of) undo(of, c);
    }
  };
  undoPerProject(end, true);
  const start = new Map([...end].map(([id, counts]) => [id, { ...counts }]));
  undoPerProject(start, false);

  // Over all the projects: back to the end of the range, then day by day to its start,
  // recording each day's end before undoing that day's changes.
  const perDay = changes.filter((c) => c.project_id === null);
  for (const c of perDay) if (c.after) undo(total, c);
  const onDay = new Map<IsoDate, typeof perDay>();
  for (const c of perDay) if (c.day !== null) onDay.set(c.day, [...(onDay.get(c.day) ?? []), c]);
  const days: StatusHistory['days'] = [];
  for (let day = range.to; day >= range.from; day = addDays(day, -1)) {
    const ofDay = onDay.get(day) ?? [];
    // A new apartment is recorded as a change from nothing; only real changes are counted.
    const changed = ofDay.reduce((sum, c) => sum + (c.from_status === null ? 0 : c.count), 0);
    days.push({ date: day, counts: { ...total }, changes: changed });
    for (const c of ofDay) undo(total, c);
  }
  days.reverse();

  return {
    ...range,
    days,
    projects: projects.map((p) => ({
      id: p.id,
      name: p.name,
      type: p.type,
      start: start.get(p.id)!,
      end: end.get(p.id)!,
    })),
  };
}
