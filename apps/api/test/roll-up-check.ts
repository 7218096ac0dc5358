import { expect } from 'vitest';
import { sql } from 'drizzle-orm';
import { addDays, dateInZone, type IsoDate } from '@planvy/shared';
import type { DbOrTx } from '../src/db/client';
import {
  apartments,
  apartmentStatusCounts,
  clickDaily,
  clickDailyProjects,
  clickEvents,
  clickWindows,
  clickWindowsState,
  clickYearly,
} from '../src/db/schema';

const sorted = (lines: string[]) => [...lines].sort();

/**
 * Checks every click roll-up against click_events counted in JavaScript: per apartment
 * and day, per apartment and year, per project and day, and (when they are built) the 7/30/90-day windows
 * ending on their day. `today` is only used to say which day the windows should end on.
 */
export async function expectRollUpsExact(db: DbOrTx, windowDay?: IsoDate): Promise<void> {
  const events = await db.select().from(clickEvents);
  const perApartment = new Map<string, number>();
  const perYear = new Map<string, number>();
  const perProject = new Map<string, number>();
  for (const e of events) {
    const day = dateInZone(e.clicked_at);
    const a = `${e.apartment_id} ${day}`;
    const y = `${e.apartment_id} ${day.slice(0, 4)}`;
    const p = `${e.project_id} ${day}`;
    perApartment.set(a, (perApartment.get(a) ?? 0) + 1);
    perYear.set(y, (perYear.get(y) ?? 0) + 1);
    perProject.set(p, (perProject.get(p) ?? 0) + 1);
  }
  const daily = await db.select().from(clickDaily);
  expect(sorted(daily.map((r) => `${r.apartment_id} ${r.day} ${r.clicks}`))).toEqual(
    sorted([...perApartment].map(([k, n]) => `${k} ${n}`)),
  );
  const yearly = await db.select().from(clickYearly);
  expect(sorted(yearly.map((r) => `${r.apartment_id} ${r.year} ${r.clicks}`))).toEqual(
    sorted([...perYear].map(([k, n]) => `${k} ${n}`)),
  );
  const projects = await db.select().from(clickDailyProjects);
  expect(sorted(projects.map((r) => `${r.project_id} ${r.day} ${r.clicks}`))).toEqual(
    sorted([...perProject].map(([k, n]) => `${k} ${n}`)),
  );

  const [state] = await db.select().from(clickWindowsState);
  const day = state?.day ?? null;
  if (windowDay !== undefined) expect(day).toBe(windowDay);
  if (day === null) return;
  const windows = new Map<number, [number, number, number]>();
  for (const e of events) {
    const d = dateInZone(e.clicked_at);
    if (d > day || d <= addDays(day, -90)) continue;
    const w = windows.get(e.apartment_id) ?? [0, 0, 0];
    if (d > addDays(day, -7)) w[0]++;
    if (d > addDays(day, -30)) w[1]++;
    w[2]++;
    windows.set(e.apartment_id, w);
  }
  const rows = await db
    .select()
    .from(clickWindows)
    .where(sql`${clickWindows.d90} > 0`);
  expect(sorted(rows.map((r) => `${r.apartment_id} ${r.d7} ${r.d30} ${r.d90}`))).toEqual(
    sorted([...windows].map(([id, [d7, d30, d90]]) => `${id} ${d7} ${d30} ${d90}`)),
  );
  // A row at zero (its clicks deleted) is all zero, never negative.
  const stale = await db
    .select()
    .from(clickWindows)
    .where(sql`${clickWindows.d90} <= 0`);
  for (const r of stale) expect([r.d7, r.d30, r.d90]).toEqual([0, 0, 0]);
}

/** Checks apartment_status_counts against the apartments themselves. */
export async function expectStatusCountsExact(db: DbOrTx): Promise<void> {
  const counts = new Map<string, number>();
  for (const a of await db
    .select({ project_id: apartments.project_id, status: apartments.status })
    .from(apartments)) {
    const key = `${a.project_id} ${a.status}`;
    counts.set(key, (counts.get(key) ?? 0) + 1);
  }
  const rows = await db.select().from(apartmentStatusCounts);
  expect(sorted(rows.map((r) => `${r.project_id} ${r.status} ${r.count}`))).toEqual(
    sorted([...counts].map(([k, n]) => `${k} ${n}`)),
  );
}
