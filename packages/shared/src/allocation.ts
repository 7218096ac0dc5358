/**
 * The allocation of a release's homes (ADR 039): who gets which home, from the frozen wishes
 * and a committed seed, as one pure, versioned function. Zod-free and browser-safe: a buyer's
 * browser re-runs it from the published protocol and input, and must get the same answer as
 * the server, so nothing here reads the clock, the locale or Math.random, every sort is total
 * (ties end at the ids, compared by code unit) and the draw is HMAC-SHA-256 in plain JS.
 *
 * Input and protocol are JSON documents the API stores and serves as they are, hence their
 * snake_case fields.
 */
import { hmac } from '@noble/hashes/hmac.js';
import { sha256 } from '@noble/hashes/sha2.js';
import { bytesToHex, hexToBytes, randomBytes, utf8ToBytes } from '@noble/hashes/utils.js';

/** The rules below, by name. A change to what any input yields is a new version. */
export const ALLOCATION_VERSION = 'planvy-alloc/1';

export const RELEASE_MODES = ['queue', 'lottery', 'per_apartment_lottery', 'first_come'] as const;
export type ReleaseMode = (typeof RELEASE_MODES)[number];

/** The modes that have an allocation run; a first-come release goes straight to checkout holds. */
export const ALLOCATED_MODES = ['queue', 'lottery', 'per_apartment_lottery'] as const;
export type AllocatedMode = (typeof ALLOCATED_MODES)[number];

export const isAllocatedMode = (mode: ReleaseMode): mode is AllocatedMode =>
  (ALLOCATED_MODES as readonly string[]).includes(mode);

/** A release's maximum number of ranked wishes: 1–10, 5 unless the client says otherwise. */
export const MAX_WISHES = { min: 1, max: 10, default: 5 } as const;

const ID_MAX_LENGTH = 200;

export interface AllocationPerson {
  /** Any opaque id (the interest entry's id as a decimal string); the draw is keyed on it. */
  id: string;
  /** People with the same household get at most one home between them. */
  household: string;
  /** The buyer tier's rank: a lower tier is served first. */
  tier: number;
  /** Queue points: more first. 0 where the release has none. */
  points: number;
  /** When the place in the queue was confirmed, as `Date.toISOString()` gives it; null for none (last). */
  queued_at: string | null;
  /** Apartment ids, first choice first. A wish for an apartment not in the release is never free. */
  wishes: readonly string[];
}

export interface AllocationInput {
  mode: ReleaseMode;
  /** The release's maximum number of wishes (MAX_WISHES). */
  max_wishes: number;
  /** The ids of the release's apartments still to allocate. */
  apartments: readonly string[];
  people: readonly AllocationPerson[];
}

/**
 * One step of the priority order. In queue and lottery mode one per person (apartment null)
 * with the person's draw; in per-apartment lottery one per wish, with that apartment's draw.
 */
export interface AllocationStep {
  person: string;
  apartment: string | null;
  draw: string;
}

export interface Allocation {
  person: string;
  apartment: string;
  /** The place of the apartment in the person's wishes, 1 for a first choice. */
  rank: number;
}

/** What a run publishes; `verifyProtocol` re-runs it against the input. */
export interface AllocationProtocol {
  version: string;
  mode: AllocatedMode;
  /** `inputDigest(input)`: anyone can check they re-run the same input. */
  input_digest: string;
  /** 32 bytes, lowercase hex; revealed only after the wishes are frozen. */
  seed: string;
  /** `commitSeed(seed)`: the hash published when the wish window opened. */
  seed_commitment: string;
  order: AllocationStep[];
  /** In the order they were made. */
  allocations: Allocation[];
  /** The people who got nothing, in the order they first appear in `order` (then by id). */
  unserved: string[];
}

/** The input does not describe a release that can be allocated; `problems` says where. */
export class AllocationInputError extends Error {
  constructor(readonly problems: readonly string[]) {
    super(`Invalid allocation input: ${problems.join('; ')}`);
    this.name = 'AllocationInputError';
  }
}

/** Code-unit order: the same in every engine and locale, unlike localeCompare. */
const byText = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);
const byNumber = (a: number, b: number) => (a < b ? -1 : a > b ? 1 : 0);

const SEED_PATTERN = /^[0-9a-f]{64}$/;
const ISO_INSTANT = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/;
// Control characters are refused so that "apartment\nperson" (the per-apartment draw) is unambiguous.
// eslint-disable-next-line no-control-regex
const CONTROL = /[\u0000-\u001f\u007f]/;

const isRecord = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null;

function idProblem(value: unknown): string | null {
  if (typeof value !== 'string' || value.length === 0) return 'must be a non-empty string';
  if (value.length > ID_MAX_LENGTH) return `must be at most ${ID_MAX_LENGTH} characters`;
  if (CONTROL.test(value)) return 'must not contain control characters';
  return null;
}

/** Every way the input is malformed, or an empty list. Also for JSON from elsewhere (the browser). */
export function allocationInputProblems(input: unknown): string[] {
  const problems: string[] = [];
  if (!isRecord(input)) return ['input: must be an object'];
  if (!(RELEASE_MODES as readonly unknown[]).includes(input.mode))
    problems.push(`mode: must be one of ${RELEASE_MODES.join(', ')}`);
  const max = input.max_wishes;
  if (typeof max !== 'number' || !Number.isInteger(max) || max < MAX_WISHES.min || max > MAX_WISHES.max)
    problems.push(`max_wishes: must be a whole number from ${MAX_WISHES.min} to ${MAX_WISHES.max}`);
  if (!Array.isArray(input.apartments)) problems.push('apartments: must be a list');
  else {
    const seen = new Set<string>();
    input.apartments.forEach((id: unknown, i) => {
      const problem = idProblem(id);
      if (problem) problems.push(`apartments[${i}]: ${problem}`);
      else if (seen.has(id as string)) problems.push(`apartments[${i}]: ${String(id)} is listed twice`);
      else seen.add(id as string);
    });
  }
  if (!Array.isArray(input.people)) return [...problems, 'people: must be a list'];
  const people = new Set<string>();
  input.people.forEach((person: unknown, i) => {
    const at = `people[${i}]`;
    if (!isRecord(person)) return problems.push(`${at}: must be an object`);
    const idIssue = idProblem(person.id);
    if (idIssue) problems.push(`${at}.id: ${idIssue}`);
    else if (people.has(person.id as string)) problems.push(`${at}.id: ${String(person.id)} is listed twice`);
    else people.add(person.id as string);
    const household = idProblem(person.household);
    if (household) problems.push(`${at}.household: ${household}`);
    if (!Number.isSafeInteger(person.tier)) problems.push(`${at}.tier: must be a whole number`);
    if (typeof person.points !== 'number' || !Number.isFinite(person.points))
      problems.push(`${at}.points: must be a finite number`);
    const queued = person.queued_at;
    if (
      queued !== null &&
      (typeof queued !== 'string' || !ISO_INSTANT.test(queued) || new Date(queued).toISOString() !== queued)
    )
      problems.push(`${at}.queued_at: must be null or an instant as YYYY-MM-DDTHH:MM:SS.sssZ`);
    if (!Array.isArray(person.wishes)) return problems.push(`${at}.wishes: must be a list`);
    if (typeof max === 'number' && person.wishes.length > max)
      problems.push(`${at}.wishes: more than ${max} wishes`);
    const wished = new Set<string>();
    person.wishes.forEach((id: unknown, j) => {
      const problem = idProblem(id);
      if (problem) problems.push(`${at}.wishes[${j}]: ${problem}`);
      else if (wished.has(id as string)) problems.push(`${at}.wishes[${j}]: ${String(id)} is wished twice`);
      else wished.add(id as string);
    });
  });
  return problems;
}

function assertInput(input: AllocationInput): void {
  const problems = allocationInputProblems(input);
  if (problems.length > 0) throw new AllocationInputError(problems);
}

function assertSeed(seed: string): void {
  if (typeof seed !== 'string' || !SEED_PATTERN.test(seed))
    throw new AllocationInputError(['seed: must be 32 bytes as 64 lowercase hex digits']);
}

/** A fresh seed for a release: 32 random bytes as hex, from the platform's CSPRNG. */
export function newSeed(): string {
  return bytesToHex(randomBytes(32));
}

/** The seed's SHA-256 (of its 32 bytes), published when the wish window opens. */
export function commitSeed(seed: string): string {
  assertSeed(seed);
  return bytesToHex(sha256(hexToBytes(seed)));
}

/**
 * A person's draw: HMAC-SHA-256 keyed with the seed's bytes over the person id (UTF-8), as hex.
 * Lower draws first. `openssl dgst -sha256 -mac HMAC -macopt hexkey:<seed>` gives the same.
 */
export function drawValue(seed: string, personId: string): string {
  assertSeed(seed);
  return drawer(seed)(personId);
}

/** The draw for one apartment in a per-apartment lottery: over "apartment\nperson". */
export function apartmentDrawValue(seed: string, apartmentId: string, personId: string): string {
  return drawValue(seed, `${apartmentId}\n${personId}`);
}

/**
 * HMACs under one key: the key is hashed once and its state copied into one scratch instance
 * per message (_cloneInto, public in @noble/hashes' types), which halves the time of 50,000
 * draws against a fresh clone each.
 */
function drawer(seed: string): (message: string) => string {
  const keyed = hmac.create(sha256, hexToBytes(seed));
  const scratch = hmac.create(sha256, hexToBytes(seed));
  const out = new Uint8Array(32);
  return (message) => {
    keyed._cloneInto(scratch).update(utf8ToBytes(message)).digestInto(out);
    return bytesToHex(out);
  };
}

/**
 * The input in one canonical JSON text: fixed key order, apartments and people sorted by id
 * (the order they were listed in changes nothing), wishes in the person's order.
 */
export function canonicalInput(input: AllocationInput): string {
  assertInput(input);
  return JSON.stringify({
    algorithm: ALLOCATION_VERSION,
    mode: input.mode,
    max_wishes: input.max_wishes,
    apartments: [...input.apartments].sort(byText),
    people: [...input.people]
      .sort((a, b) => byText(a.id, b.id))
      .map((p) => ({
        id: p.id,
        household: p.household,
        tier: p.tier,
        points: p.points,
        queued_at: p.queued_at,
        wishes: [...p.wishes],
      })),
  });
}

/** SHA-256 of the canonical input, as hex: published before the seed, so the input cannot move after. */
export function inputDigest(input: AllocationInput): string {
  return bytesToHex(sha256(utf8ToBytes(canonicalInput(input))));
}

/**
 * Allocates a release's homes; the returned protocol is what the run publishes.
 *
 * - queue: people in order of tier (lower first), points (more first), confirmed queue time
 *   (earlier first, none last), then the draw; each in turn gets their highest-ranked wish
 *   still free, unless someone of their household already got a home.
 * - lottery: the same with the draw in place of the queue time.
 * - per_apartment_lottery: each apartment is drawn among those who wished it, first wishes
 *   first: every wish is a step ordered by tier, wish rank, points, then that apartment's own
 *   draw; in that order a step gives the apartment to the person when the apartment is still
 *   free and neither the person nor their household has a home yet.
 * - first_come has no allocation run (buyers take checkout holds): it throws.
 *
 * Ties left after the draw (only with equal HMACs) are ordered by id.
 */
export function allocate(input: AllocationInput, seed: string): AllocationProtocol {
  assertInput(input);
  assertSeed(seed);
  const mode = input.mode;
  if (!isAllocatedMode(mode))
    throw new AllocationInputError([
      `mode: a ${mode} release has no allocation run; buyers take checkout holds`,
    ]);
  const draw = drawer(seed);
  const free = new Set(input.apartments);
  const housed = new Set<string>();
  const served = new Set<string>();
  const allocations: Allocation[] = [];
  const give = (person: AllocationPerson, apartment: string, rank: number) => {
    free.delete(apartment);
    housed.add(person.household);
    served.add(person.id);
    allocations.push({ person: person.id, apartment, rank });
  };

  let order: AllocationStep[];
  if (mode === 'per_apartment_lottery') {
    const steps: { person: AllocationPerson; apartment: string; rank: number; draw: string }[] = [];
    for (const person of input.people)
      person.wishes.forEach((apartment, i) => {
        if (free.has(apartment))
          steps.push({ person, apartment, rank: i + 1, draw: draw(`${apartment}\n${person.id}`) });
      });
    steps.sort(
      (a, b) =>
        byNumber(a.person.tier, b.person.tier) ||
        byNumber(a.rank, b.rank) ||
        byNumber(b.person.points, a.person.points) ||
        byText(a.draw, b.draw) ||
        byText(a.apartment, b.apartment) ||
        byText(a.person.id, b.person.id),
    );
    for (const step of steps)
      if (free.has(step.apartment) && !served.has(step.person.id) && !housed.has(step.person.household))
        give(step.person, step.apartment, step.rank);
    order = steps.map((s) => ({ person: s.person.id, apartment: s.apartment, draw: s.draw }));
  } else {
    const draws = new Map(input.people.map((p) => [p.id, draw(p.id)]));
    const drawOf = (p: AllocationPerson) => draws.get(p.id)!;
    const people = [...input.people].sort(
      (a, b) =>
        byNumber(a.tier, b.tier) ||
        byNumber(b.points, a.points) ||
        (mode === 'queue' ? byQueueTime(a.queued_at, b.queued_at) : 0) ||
        byText(drawOf(a), drawOf(b)) ||
        byText(a.id, b.id),
    );
    for (const person of people) {
      if (housed.has(person.household)) continue;
      const i = person.wishes.findIndex((apartment) => free.has(apartment));
      if (i >= 0) give(person, person.wishes[i]!, i + 1);
    }
    order = people.map((p) => ({ person: p.id, apartment: null, draw: drawOf(p) }));
  }

  const listed = new Set<string>();
  const unserved: string[] = [];
  for (const step of order)
    if (!served.has(step.person) && !listed.has(step.person)) {
      listed.add(step.person);
      unserved.push(step.person);
    }
  const rest = input.people.map((p) => p.id).filter((id) => !served.has(id) && !listed.has(id));
  unserved.push(...rest.sort(byText));

  return {
    version: ALLOCATION_VERSION,
    mode,
    input_digest: inputDigest(input),
    seed,
    seed_commitment: commitSeed(seed),
    order,
    allocations,
    unserved,
  };
}

/** Earlier first; no confirmed time after every time. Instants in one fixed format compare as text. */
function byQueueTime(a: string | null, b: string | null): number {
  if (a === b) return 0;
  if (a === null) return 1;
  if (b === null) return -1;
  return byText(a, b);
}

/** A part of a protocol that its re-run does not confirm. */
export type ProtocolMismatch =
  | 'input'
  | 'version'
  | 'mode'
  | 'seed'
  | 'seed_commitment'
  | 'published_commitment'
  | 'input_digest'
  | 'order'
  | 'allocations'
  | 'unserved';

export interface ProtocolCheck {
  valid: boolean;
  mismatches: ProtocolMismatch[];
}

const sameList = <T>(
  given: unknown,
  expected: readonly T[],
  same: (a: Record<string, unknown>, b: T) => boolean,
) =>
  Array.isArray(given) &&
  given.length === expected.length &&
  given.every((item, i) => isRecord(item) && same(item, expected[i]!));

/**
 * Re-runs a protocol (as stored, or as JSON from anywhere) against the input it claims and
 * says which of its parts do not hold. `commitment`: the hash published when the wish window
 * opened, when the caller has it, so a seed swapped together with its hash is caught too.
 * Field by field, not as JSON text: a database may reorder an object's keys.
 */
export function verifyProtocol(
  protocol: unknown,
  input: AllocationInput,
  options: { commitment?: string } = {},
): ProtocolCheck {
  const mismatches: ProtocolMismatch[] = [];
  const done = () => ({ valid: mismatches.length === 0, mismatches });
  if (allocationInputProblems(input).length > 0 || !isAllocatedMode(input.mode)) mismatches.push('input');
  if (!isRecord(protocol) || protocol.version !== ALLOCATION_VERSION) mismatches.push('version');
  if (mismatches.length > 0) return done();
  const p = protocol as Record<string, unknown>;
  if (p.mode !== input.mode) mismatches.push('mode');
  const seed = p.seed;
  if (typeof seed !== 'string' || !SEED_PATTERN.test(seed)) {
    mismatches.push('seed');
    return done();
  }
  const expected = allocate(input, seed);
  if (p.seed_commitment !== expected.seed_commitment) mismatches.push('seed_commitment');
  if (options.commitment !== undefined && options.commitment !== expected.seed_commitment)
    mismatches.push('published_commitment');
  if (p.input_digest !== expected.input_digest) mismatches.push('input_digest');
  if (
    !sameList(
      p.order,
      expected.order,
      (a, b) => a.person === b.person && a.apartment === b.apartment && a.draw === b.draw,
    )
  )
    mismatches.push('order');
  if (
    !sameList(
      p.allocations,
      expected.allocations,
      (a, b) => a.person === b.person && a.apartment === b.apartment && a.rank === b.rank,
    )
  )
    mismatches.push('allocations');
  if (
    !Array.isArray(p.unserved) ||
    p.unserved.length !== expected.unserved.length ||
    p.unserved.some((id, i) => id !== expected.unserved[i])
  )
    mismatches.push('unserved');
  return done();
}
