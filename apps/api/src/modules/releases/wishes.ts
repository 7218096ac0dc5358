import { and, asc, eq, inArray, ne, sql } from 'drizzle-orm';
import {
  languageOf,
  serverMessage,
  type Language,
  type MineRelease,
  type PublicRelease,
  type ReleaseDemand,
} from '@planvy/shared';
import { acceptsWishes } from '@planvy/shared/release-states';
import type { DbOrTx } from '../../db/client';
import { apartments, interestEntries, releaseApartments, releases, releaseWishes } from '../../db/schema';
import { conflict, invalid } from '../../lib/http-error';
import { enqueueMail } from '../mail/mail';
import { effectiveStatusSql, type EntryRow } from '../interest/repository';

/**
 * Buyers' ranked wishes in a release (ADR 041). A row of `release_wishes` belongs to an interest
 * entry; it counts (demand, allocation) only while that entry reads as confirmed. A pending
 * entry's row is what it proposed: confirming applies it if the release still takes wishes,
 * and drops it otherwise. Wishes change only while the release is `wishes_open` and not paused.
 */

export type ReleaseRow = typeof releases.$inferSelect;
type Ref = { id: number; bostad: string };

/** Whether a release takes wishes now. */
export const takesWishes = (r: Pick<ReleaseRow, 'state' | 'paused'>) => acceptsWishes(r.state) && !r.paused;

/** The states after the wish window, where a buyer's list is frozen and still shown. */
const AFTER_WINDOW = ['wishes_closed', 'allocated', 'offers_out', 'public', 'closed'] as const;

export async function findRelease(
  db: DbOrTx,
  projectId: number,
  releaseId: number,
  lock = false,
): Promise<ReleaseRow | undefined> {
  const query = db
    .select()
    .from(releases)
    .where(and(eq(releases.id, releaseId), eq(releases.project_id, projectId)));
  // A write of wishes holds the release's row, so a state change waits for it (and it for the change).
  const [row] = lock ? await query.for('share') : await query;
  return row;
}

/** A release's apartments, by id. */
async function releaseApartmentRefs(db: DbOrTx, releaseId: number): Promise<Ref[]> {
  return db
    .select({ id: apartments.id, bostad: apartments.bostad })
    .from(releaseApartments)
    .innerJoin(apartments, eq(apartments.id, releaseApartments.apartment_id))
    .where(eq(releaseApartments.release_id, releaseId))
    .orderBy(asc(apartments.id));
}

/** `ids` named from `refs`, in the given order; an id not among them drops out. */
const named = (ids: readonly number[], refs: readonly Ref[]): Ref[] => {
  const byId = new Map(refs.map((r) => [r.id, r]));
  return ids.flatMap((id) => byId.get(id) ?? []);
};

/**
 * The release a list of wishes is for, checked: of this project and not first come, taking
 * wishes now, at most its max_wishes, each an apartment of it. The same answer whoever asks.
 */
export async function checkWishes(
  db: DbOrTx,
  projectId: number,
  releaseId: number,
  wishes: readonly number[],
): Promise<{ release: ReleaseRow; apartments: Ref[] }> {
  const release = await findRelease(db, projectId, releaseId, true);
  if (!release || release.mode === 'first_come')
    throw invalid('release_id', serverMessage('wishReleaseUnknown'));
  if (!takesWishes(release)) throw conflict(serverMessage('wishesClosed'));
  if (wishes.length > release.max_wishes)
    throw invalid('wishes', serverMessage('wishesTooMany', { n: release.max_wishes }));
  if (new Set(wishes).size !== wishes.length)
    throw invalid('wishes', serverMessage('invalid', { detail: 'wishes' }));
  const refs = await releaseApartmentRefs(db, releaseId);
  const inRelease = new Set(refs.map((r) => r.id));
  if (wishes.some((id) => !inRelease.has(id))) throw invalid('wishes', serverMessage('wishNotInRelease'));
  return { release, apartments: refs };
}

/** Writes an entry's list for a release (an empty list removes the row). */
export async function storeWishes(
  db: DbOrTx,
  releaseId: number,
  entryId: number,
  wishes: readonly number[],
): Promise<void> {
  if (wishes.length === 0) {
    await db
      .delete(releaseWishes)
      .where(and(eq(releaseWishes.release_id, releaseId), eq(releaseWishes.entry_id, entryId)));
    return;
  }
  const now = new Date();
  await db
    .insert(releaseWishes)
    .values({ release_id: releaseId, entry_id: entryId, apartment_ids: [...wishes], updated_at: now })
    .onConflictDoUpdate({
      target: [releaseWishes.release_id, releaseWishes.entry_id],
      set: { apartment_ids: [...wishes], updated_at: now },
    });
}

function dateTime(at: Date, lang: Language): string {
  return at.toLocaleString(lang === 'en' ? 'en-GB' : 'sv-SE', {
    timeZone: 'Europe/Stockholm',
    dateStyle: 'long',
    timeStyle: 'medium',
  });
}

/** The receipt after every change: the list in order, and when. */
async function sendReceipt(
  db: DbOrTx,
  entry: EntryRow,
  projectName: string,
  release: ReleaseRow,
  wishes: Ref[],
  at: Date,
): Promise<void> {
  const lang = languageOf(entry.lang);
  await enqueueMail(db, {
    to: entry.email,
    lang,
    template: 'release_wishes_receipt',
    params: {
      name: entry.name,
      project: projectName,
      release: release.name,
      wishes: wishes.map((w) => w.bostad),
      at: dateTime(at, lang),
      closes: release.wishes_close_at ? dateTime(release.wishes_close_at, lang) : null,
    },
    projectId: entry.project_id,
  });
}

/**
 * The buyer's new list for a release (a confirmed entry, checked by the caller), written with
 * its receipt in the caller's transaction. Answers whether the public view's demand changed.
 */
export async function setWishes(
  db: DbOrTx,
  entry: EntryRow,
  projectName: string,
  releaseId: number,
  wishes: readonly number[],
): Promise<{ release: ReleaseRow }> {
  const { release, apartments: refs } = await checkWishes(db, entry.project_id, releaseId, wishes);
  await storeWishes(db, release.id, entry.id, wishes);
  await sendReceipt(db, entry, projectName, release, named(wishes, refs), new Date());
  return { release };
}

/**
 * On confirmation: what the pending entry proposed counts from now where the release still takes
 * wishes (with a receipt), and is dropped where it no longer does. Answers the releases applied.
 */
export async function applyOnConfirm(
  db: DbOrTx,
  entry: EntryRow,
  projectName: string,
): Promise<ReleaseRow[]> {
  const rows = await db
    .select({ wishes: releaseWishes, release: releases })
    .from(releaseWishes)
    .innerJoin(releases, eq(releases.id, releaseWishes.release_id))
    .where(eq(releaseWishes.entry_id, entry.id))
    .for('share', { of: releases });
  const applied: ReleaseRow[] = [];
  for (const { wishes, release } of rows) {
    if (!takesWishes(release)) {
      await storeWishes(db, release.id, entry.id, []);
      continue;
    }
    const refs = await releaseApartmentRefs(db, release.id);
    const kept = named(wishes.apartment_ids, refs).slice(0, release.max_wishes);
    const now = new Date();
    await storeWishes(
      db,
      release.id,
      entry.id,
      kept.map((r) => r.id),
    );
    if (kept.length > 0) await sendReceipt(db, entry, projectName, release, kept, now);
    applied.push(release);
  }
  return applied;
}

/** The apartments of `ids` that are in the release, named and in order (for a proposal mail). */
export async function namedWishes(db: DbOrTx, releaseId: number, ids: readonly number[]): Promise<Ref[]> {
  return named(ids, await releaseApartmentRefs(db, releaseId));
}

/**
 * The releases of the entry's project that Min sida shows: each one taking wishes or paused in
 * its window, and each past its window in which the entry wished (the frozen list).
 */
export async function releasesFor(db: DbOrTx, entry: EntryRow): Promise<MineRelease[]> {
  const rows = await db
    .select({ release: releases, wishes: releaseWishes.apartment_ids, updated_at: releaseWishes.updated_at })
    .from(releases)
    .leftJoin(
      releaseWishes,
      and(eq(releaseWishes.release_id, releases.id), eq(releaseWishes.entry_id, entry.id)),
    )
    .where(
      and(
        eq(releases.project_id, entry.project_id),
        ne(releases.mode, 'first_come'),
        inArray(releases.state, ['wishes_open', ...AFTER_WINDOW]),
      ),
    )
    .orderBy(asc(releases.id));
  const shown = rows.filter((r) => r.release.state === 'wishes_open' || (r.wishes?.length ?? 0) > 0);
  return Promise.all(
    shown.map(async ({ release: r, wishes, updated_at }) => {
      const refs = await releaseApartmentRefs(db, r.id);
      return {
        id: r.id,
        name: r.name,
        state: r.state,
        paused: r.paused,
        open: takesWishes(r),
        max_wishes: r.max_wishes,
        wishes_close_at: r.wishes_close_at?.toISOString() ?? null,
        seed_commitment: r.seed_commitment,
        wishes: named(wishes ?? [], refs),
        wishes_updated_at: wishes?.length ? (updated_at?.toISOString() ?? null) : null,
        apartments: refs,
      };
    }),
  );
}

/** The release whose wish window the widget shows: taking wishes, the one closing first. */
async function openRelease(db: DbOrTx, projectId: number): Promise<ReleaseRow | undefined> {
  const [row] = await db
    .select()
    .from(releases)
    .where(
      and(
        eq(releases.project_id, projectId),
        eq(releases.state, 'wishes_open'),
        eq(releases.paused, false),
        ne(releases.mode, 'first_come'),
      ),
    )
    .orderBy(sql`${releases.wishes_close_at} asc nulls last`, asc(releases.id))
    .limit(1);
  return row;
}

/**
 * Per apartment of the release, aggregated over the confirmed entries that wished it: how many
 * have it first, and (queue mode) the best place in the project's queue among them. Never who.
 */
export async function releaseDemand(
  db: DbOrTx,
  projectId: number,
  release: ReleaseRow,
): Promise<ReleaseDemand[]> {
  const { rows } = await db.execute<{
    apartment_id: number;
    first_choice: string | number;
    best: string | number;
  }>(sql`
    with queue as (
      select interest_entries.id,
             row_number() over (order by interest_entries.confirmed_at, interest_entries.id) as place
        from ${interestEntries}
       where interest_entries.project_id = ${projectId} and ${effectiveStatusSql} = 'confirmed'
    )
    select w.apartment_id, count(*) filter (where w.rank = 1) as first_choice, min(queue.place) as best
      from ${releaseWishes} rw
      join queue on queue.id = rw.entry_id
      cross join lateral unnest(rw.apartment_ids) with ordinality as w(apartment_id, rank)
      join ${releaseApartments} ra on ra.release_id = rw.release_id and ra.apartment_id = w.apartment_id
     where rw.release_id = ${release.id}
     group by w.apartment_id
     order by w.apartment_id`);
  return rows.map((r) => ({
    apartment_id: Number(r.apartment_id),
    first_choice: Number(r.first_choice),
    best_queue: release.mode === 'queue' ? Number(r.best) : null,
  }));
}

/** The public view's `release` (ADR 041), or undefined while no release takes wishes. */
export async function publicRelease(db: DbOrTx, projectId: number): Promise<PublicRelease | undefined> {
  const release = await openRelease(db, projectId);
  if (!release) return undefined;
  const refs = await releaseApartmentRefs(db, release.id);
  return {
    id: release.id,
    name: release.name,
    max_wishes: release.max_wishes,
    wishes_close_at: release.wishes_close_at?.toISOString() ?? null,
    apartment_ids: refs.map((r) => r.id),
    ...(release.show_demand ? { demand: await releaseDemand(db, projectId, release) } : {}),
  };
}

/**
 * The wishes that count in a release: those of entries that read as confirmed now, with what
 * the allocation input needs of each (ADR 039). For the release's freeze and run.
 */
export async function countedWishes(db: DbOrTx, releaseId: number) {
  return db
    .select({
      entry_id: interestEntries.id,
      household: interestEntries.household,
      tier: interestEntries.tier,
      points: interestEntries.points,
      confirmed_at: interestEntries.confirmed_at,
      wishes: releaseWishes.apartment_ids,
    })
    .from(releaseWishes)
    .innerJoin(interestEntries, eq(interestEntries.id, releaseWishes.entry_id))
    .where(and(eq(releaseWishes.release_id, releaseId), sql`${effectiveStatusSql} = 'confirmed'`))
    .orderBy(asc(interestEntries.id));
}
