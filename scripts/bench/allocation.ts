/**
 * The allocation of a release (issue 24, ADR 039), printed, never asserted: 5,000 people over
 * 1,000 apartments with 10 ranked wishes each, allocated in queue, lottery and per-apartment
 * lottery mode, and each protocol re-run by verifyProtocol (what a buyer's browser does).
 * Goal: ≤ 1 s each. The input is pseudo-random but the same every run (xorshift32, fixed seed):
 * three buyer tiers, queue points for some, one in ten sharing a household, and wishes skewed
 * towards popular homes (apartment ⌊1000·u²⌋), so that many wishes collide.
 *   node --import tsx scripts/bench/allocation.ts     (or: npm run bench -- allocation)
 */
import { pathToFileURL } from 'node:url';
import {
  allocate,
  inputDigest,
  verifyProtocol,
  type AllocatedMode,
  type AllocationInput,
  type AllocationPerson,
} from '../../packages/shared/src/allocation';

const PEOPLE = 5000;
const APARTMENTS = 1000;
const WISHES = 10;
const RUNS = 5;
const BUDGET_MS = 1000;
const SEED = '5eed'.repeat(16);

/** xorshift32: a reproducible stream of numbers in [0, 1). */
function random(state = 0x9e3779b9): () => number {
  return () => {
    state ^= state << 13;
    state ^= state >>> 17;
    state ^= state << 5;
    return (state >>> 0) / 2 ** 32;
  };
}

export function benchInput(mode: AllocatedMode): AllocationInput {
  const next = random();
  const apartments = Array.from({ length: APARTMENTS }, (_, i) => `a${i + 1}`);
  const start = Date.UTC(2025, 0, 1);
  const people: AllocationPerson[] = [];
  for (let i = 1; i <= PEOPLE; i++) {
    const wishes = new Set<string>();
    while (wishes.size < WISHES) wishes.add(apartments[Math.floor(APARTMENTS * next() ** 2)]!);
    const u = next();
    people.push({
      id: String(i),
      // One in ten shares a household with the person before.
      household: next() < 0.1 && i > 1 ? `h${i - 1}` : `h${i}`,
      tier: u < 0.1 ? 0 : u < 0.7 ? 1 : 2,
      points: next() < 0.3 ? Math.floor(next() * 500) : 0,
      queued_at: next() < 0.9 ? new Date(start + Math.floor(next() * 365 * 86_400_000)).toISOString() : null,
      wishes: [...wishes],
    });
  }
  return { mode, max_wishes: WISHES, apartments, people };
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
const fmt = (ms: number) => `${ms.toFixed(0).padStart(5)} ms`;

function time<T>(f: () => T): { value: T; first: number; median: number } {
  const times: number[] = [];
  let value!: T;
  for (let i = 0; i < RUNS; i++) {
    const t0 = performance.now();
    value = f();
    times.push(performance.now() - t0);
  }
  return { value, first: times[0]!, median: median(times) };
}

export async function run(): Promise<void> {
  console.log(
    `${PEOPLE} people, ${APARTMENTS} apartments, ${WISHES} wishes each; first run and median of ${RUNS}; goal ≤ ${BUDGET_MS} ms`,
  );
  const modes: AllocatedMode[] = ['queue', 'lottery', 'per_apartment_lottery'];
  for (const mode of modes) {
    const input = benchInput(mode);
    const digest = time(() => inputDigest(input));
    const run = time(() => allocate(input, SEED));
    const protocol = run.value;
    const check = time(() => verifyProtocol(JSON.parse(JSON.stringify(protocol)), input));
    if (!check.value.valid)
      throw new Error(`${mode}: its own protocol did not verify (${check.value.mismatches.join(', ')})`);
    const firstChoice = protocol.allocations.filter((a) => a.rank === 1).length;
    const size = JSON.stringify(protocol).length;
    console.log(
      `${mode.padEnd(22)} allocate ${fmt(run.first)} /${fmt(run.median)}   verifyProtocol ${fmt(check.first)} /${fmt(check.median)}` +
        `   inputDigest ${fmt(digest.median)}   ${protocol.allocations.length} housed (${firstChoice} first choice),` +
        ` ${protocol.unserved.length} unserved, protocol ${(size / 1e6).toFixed(1)} MB` +
        `${Math.max(run.median, check.median) > BUDGET_MS ? '   OVER GOAL' : ''}`,
    );
  }
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) await run();
