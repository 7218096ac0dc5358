import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { eq, inArray, sql } from 'drizzle-orm';
import { addDays, dateInZone, type IsoDate } from '@planvy/shared';
import { apartments, clickEvents, clickWindowsState, projects } from '../../db/schema';
import { createTestApp, type TestApp } from '../../../test/harness';
import { expectRollUpsExact, expectStatusCountsExact } from '../../../test/roll-up-check';
import type { ProjectScope } from '../projects/repository';
import { topClicked } from './repository';

/**
 * The click roll-ups under a random mix of writes: clicks on past, current and later
 * days, deletions, and the windows moved on a day, a few days or a long gap at a time.
 * After every step each roll-up must equal click_events counted in JavaScript.
 */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

let projectIds: number[] = [];
let apartmentIds: { id: number; project_id: number }[] = [];
let ownerId = 0;

beforeEach(async () => {
  await t.reset();
  const owner = await t.createUser('client');
  ownerId = owner.id;
  projectIds = (
    await t.db
      .insert(projects)
      .values([1, 2, 3].map((n) => ({ name: `P${n}`, user_id: owner.id })))
      .returning({ id: projects.id })
  ).map((p) => p.id);
  apartmentIds = await t.db
    .insert(apartments)
    .values(
      Array.from({ length: 12 }, (_, i) => ({ project_id: projectIds[i % 3]!, bostad: String(100 + i) })),
    )
    .returning({ id: apartments.id, project_id: apartments.project_id });
});

/** A small deterministic generator, so a failure can be replayed. */
function random(seed: number) {
  let s = seed;
  return () => {
    s = (s * 1103515245 + 12345) % 2147483648;
    return s / 2147483648;
  };
}

/** An instant on `day` in Sweden (at a random minute, midnight included). */
function onDay(day: IsoDate, rnd: () => number): Date {
  // Noon UTC is always the same Swedish day; move up to ±11 h 59 min from it.
  const noon = Date.parse(`${day}T11:00:00Z`);
  const at = new Date(noon + Math.floor((rnd() * 2 - 1) * 719) * 60_000);
  return dateInZone(at) === day ? at : new Date(noon);
}

const rollTo = async (day: IsoDate) =>
  (await t.db.execute<{ ok: boolean }>(sql`select click_windows_roll_to(${day}::date) as ok`)).rows[0]?.ok;

describe('apartment status counts', () => {
  it('stay exact through new, changed, moved and deleted apartments', async () => {
    const rnd = random(4711);
    const statuses = ['sale', 'sold', 'reserved', 'preorder', 'upcoming'];
    const pick = <T>(xs: T[]) => xs[Math.floor(rnd() * xs.length)]!;
    await expectStatusCountsExact(t.db);
    for (let step = 0; step < 40; step++) {
      const r = rnd();
      const ids = (await t.db.select({ id: apartments.id }).from(apartments)).map((a) => a.id);
      if (r < 0.3) {
        await t.db.insert(apartments).values(
          Array.from({ length: 1 + Math.floor(rnd() * 8) }, () => ({
            project_id: pick(projectIds),
            status: pick(statuses),
          })),
        );
      } else if (r < 0.6 && ids.length > 0) {
        // A mass status change, as the v2 update-status call makes it.
        await t.db
          .update(apartments)
          .set({ status: pick(statuses) })
          .where(
            inArray(
              apartments.id,
              ids.filter(() => rnd() < 0.4),
            ),
          );
      } else if (r < 0.7 && ids.length > 0) {
        await t.db
          .update(apartments)
          .set({ project_id: pick(projectIds) })
          .where(eq(apartments.id, pick(ids)));
      } else if (r < 0.8 && ids.length > 0) {
        // Clicks update statistic_count only: the counts do not move.
        await t.db.update(apartments).set({ statistic_count: sql`${apartments.statistic_count} + 1` });
      } else if (r < 0.95 && ids.length > 0) {
        await t.db.delete(apartments).where(
          inArray(
            apartments.id,
            ids.filter(() => rnd() < 0.2),
          ),
        );
      } else if (projectIds.length > 1) {
        const gone = pick(projectIds);
        await t.db.delete(projects).where(eq(projects.id, gone));
        projectIds = projectIds.filter((id) => id !== gone);
      }
      await expectStatusCountsExact(t.db);
    }
  });
});

describe('click roll-ups', () => {
  it('stay exact through inserts, deletes and moving the windows on', async () => {
    const rnd = random(20261123);
    let day = '2026-03-01';
    expect(await rollTo(day)).toBe(true);
    for (let step = 0; step < 60; step++) {
      const r = rnd();
      if (r < 0.5) {
        // A batch of clicks: mostly within the windows, some older, some on days still to come.
        const batch = Array.from({ length: 1 + Math.floor(rnd() * 25) }, () => {
          const a = apartmentIds[Math.floor(rnd() * apartmentIds.length)]!;
          const offset = Math.floor(rnd() * 110) - 100; // day - 100 … day + 9
          return {
            project_id: a.project_id,
            apartment_id: a.id,
            clicked_at: onDay(addDays(day, offset), rnd),
          };
        });
        await t.db.insert(clickEvents).values(batch);
      } else if (r < 0.65) {
        const ids = (await t.db.select({ id: clickEvents.id }).from(clickEvents)).map((e) => e.id);
        const gone = ids.filter(() => rnd() < 0.2);
        if (gone.length > 0) await t.db.delete(clickEvents).where(inArray(clickEvents.id, gone));
      } else if (r < 0.95) {
        // On by a day or a few (moved day by day) …
        day = addDays(day, 1 + Math.floor(rnd() * 4));
        expect(await rollTo(day)).toBe(true);
      } else {
        // … or after a long gap (rebuilt).
        day = addDays(day, 8 + Math.floor(rnd() * 100));
        expect(await rollTo(day)).toBe(true);
      }
      await expectRollUpsExact(t.db, day);
    }
  });

  it('never moves the windows back to an earlier day', async () => {
    expect(await rollTo('2026-06-10')).toBe(true);
    expect(await rollTo('2026-06-09')).toBe(false);
    const [state] = await t.db.select().from(clickWindowsState);
    expect(state?.day).toBe('2026-06-10');
  });

  it('are emptied with click_events', async () => {
    await rollTo('2026-06-10');
    const a = apartmentIds[0]!;
    await t.db
      .insert(clickEvents)
      .values({ ...a, apartment_id: a.id, clicked_at: new Date('2026-06-10T10:00:00Z') });
    await t.db.execute(sql`truncate click_events`);
    await expectRollUpsExact(t.db);
    const [state] = await t.db.select().from(clickWindowsState);
    expect(state?.day ?? null).toBeNull();
  });
});

describe('the ranking of a custom range over many projects', () => {
  it('equals counting click_events, ties to the lowest id, whatever the range, limit and scope', async () => {
    const rnd = random(31337);
    // A fourth project of another owner, and unevenly popular apartments (a few collect most
    // clicks, many have the same few), over two calendar years: the pruning has work to do.
    const other = await t.createUser('client');
    const [extra] = await t.db
      .insert(projects)
      .values({ name: 'Other', user_id: other.id })
      .returning({ id: projects.id });
    const more = await t.db
      .insert(apartments)
      .values(Array.from({ length: 28 }, (_, i) => ({ project_id: i % 2 ? extra!.id : projectIds[i % 3]! })))
      .returning({ id: apartments.id, project_id: apartments.project_id });
    const all = [...apartmentIds, ...more];
    const start = '2025-06-01';
    const clicks = Array.from({ length: 1500 }, () => {
      const a = all[Math.floor(all.length * rnd() ** 2.5)]!;
      return {
        project_id: a.project_id,
        apartment_id: a.id,
        clicked_at: onDay(addDays(start, Math.floor(rnd() * 400)), rnd),
      };
    });
    await t.db.insert(clickEvents).values(clicks);
    await expectRollUpsExact(t.db);

    const scopes: [ProjectScope, (projectId: number) => boolean][] = [
      [{ kind: 'all' }, () => true],
      [{ kind: 'owner', userId: ownerId }, (p) => projectIds.includes(p)],
    ];
    for (let round = 0; round < 40; round++) {
      const from = addDays(start, Math.floor(rnd() * 400));
      const to = addDays(from, Math.floor(rnd() ** 2 * 366));
      const limit = 1 + Math.floor(rnd() * 12);
      const [scope, reaches] = scopes[round % 2]!;
      const counts = new Map<number, number>();
      for (const c of clicks) {
        const day = dateInZone(c.clicked_at);
        if (day < from || day > to || !reaches(c.project_id)) continue;
        counts.set(c.apartment_id, (counts.get(c.apartment_id) ?? 0) + 1);
      }
      const expected = [...counts]
        .sort(([a, m], [b, n]) => n - m || a - b)
        .slice(0, limit)
        .map(([id, n]) => `${id}:${n}`);
      const top = await topClicked(t.db, { scope }, { range: { from, to } }, limit);
      expect(
        top.map((r) => `${r.apartment_id}:${r.clicks}`),
        `${from}…${to}, top ${limit}`,
      ).toEqual(expected);
    }
  });
});
