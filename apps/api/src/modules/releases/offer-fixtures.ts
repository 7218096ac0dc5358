import { allocate, newSeed, type AllocationInput, type ReleaseMode } from '@planvy/shared';
import type { DbOrTx } from '../../db/client';
import {
  apartments,
  interestEntries,
  releaseApartments,
  releaseRuns,
  releases,
  releaseWishes,
} from '../../db/schema';

/**
 * A release as the lifecycle leaves it for offers, written straight into the database (the
 * release API is built beside the offers): homes of `status`, confirmed people in queue order
 * with their wishes (by home index) and households, and an approved allocation run made by the
 * real `allocate`. For API tests and the launch benchmark.
 */
export interface ArrangedRelease {
  releaseId: number;
  runId: number;
  homes: { id: number; bostad: string }[];
  people: { id: number; email: string; name: string }[];
}

export async function arrangeRelease(
  db: DbOrTx,
  opts: {
    projectId: number;
    homes: number | string[];
    people: { wishes: number[]; household?: string; email?: string; lang?: 'sv' | 'en' }[];
    mode?: ReleaseMode;
    state?: 'offers_out' | 'public' | 'scheduled';
    status?: string;
    onePerHousehold?: boolean;
    offerHours?: number;
    checkoutMinutes?: number;
  },
): Promise<ArrangedRelease> {
  const mode = opts.mode ?? 'queue';
  const names =
    typeof opts.homes === 'number' ? Array.from({ length: opts.homes }, (_, i) => `R${i + 1}`) : opts.homes;
  const homes = await db
    .insert(apartments)
    .values(
      names.map((bostad) => ({
        project_id: opts.projectId,
        bostad,
        status: opts.status ?? 'upcoming',
        price: 1_000_000,
      })),
    )
    .returning({ id: apartments.id, bostad: apartments.bostad });
  const [release] = await db
    .insert(releases)
    .values({
      project_id: opts.projectId,
      name: 'Etapp 1',
      mode,
      state: opts.state ?? 'offers_out',
      one_per_household: opts.onePerHousehold ?? true,
      offer_hours: opts.offerHours ?? 48,
      checkout_minutes: opts.checkoutMinutes ?? 15,
    })
    .returning({ id: releases.id });
  const releaseId = release!.id;
  if (homes.length) {
    await db
      .insert(releaseApartments)
      .values(homes.map((h) => ({ release_id: releaseId, apartment_id: h.id })));
  }
  const start = Date.parse('2026-01-01T00:00:00Z');
  const people = opts.people.length
    ? await db
        .insert(interestEntries)
        .values(
          opts.people.map((p, i) => ({
            project_id: opts.projectId,
            name: `Person ${i + 1}`,
            email: p.email ?? `person${i + 1}@example.com`,
            lang: p.lang ?? 'sv',
            source: 'widget' as const,
            status: 'confirmed' as const,
            confirmed_at: new Date(start + i * 60_000),
            household: p.household ?? null,
          })),
        )
        .returning({ id: interestEntries.id, email: interestEntries.email, name: interestEntries.name })
    : [];
  const wishes = opts.people.map((p) => p.wishes.map((i) => homes[i]!.id));
  if (people.length) {
    await db
      .insert(releaseWishes)
      .values(people.map((p, i) => ({ release_id: releaseId, entry_id: p.id, apartment_ids: wishes[i]! })));
  }
  let runId = 0;
  if (mode !== 'first_come') {
    const input: AllocationInput = {
      mode,
      max_wishes: 10,
      apartments: homes.map((h) => String(h.id)),
      people: people.map((p, i) => ({
        id: String(p.id),
        household: opts.people[i]!.household ?? `entry-${p.id}`,
        tier: 0,
        points: 0,
        queued_at: new Date(start + i * 60_000).toISOString(),
        wishes: wishes[i]!.map(String),
      })),
    };
    const protocol = allocate(input, newSeed());
    const [run] = await db
      .insert(releaseRuns)
      .values({
        release_id: releaseId,
        input: input as unknown as Record<string, unknown>,
        protocol: protocol as unknown as Record<string, unknown>,
        input_digest: protocol.input_digest,
        algorithm_version: protocol.version,
        approved_at: new Date(),
      })
      .returning({ id: releaseRuns.id });
    runId = run!.id;
  }
  return { releaseId, runId, homes, people };
}
