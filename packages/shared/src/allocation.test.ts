import { createHash, createHmac } from 'node:crypto';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  ALLOCATED_MODES,
  ALLOCATION_VERSION,
  AllocationInputError,
  allocate,
  apartmentDrawValue,
  commitSeed,
  drawValue,
  inputDigest,
  newSeed,
  verifyProtocol,
  type AllocatedMode,
  type AllocationInput,
  type AllocationPerson,
  type AllocationProtocol,
} from './allocation';

const SEED = '000102030405060708090a0b0c0d0e0f101112131415161718191a1b1c1d1e1f';

const person = (id: string, wishes: string[], more: Partial<AllocationPerson> = {}): AllocationPerson => ({
  id,
  household: `h-${id}`,
  tier: 0,
  points: 0,
  queued_at: null,
  wishes,
  ...more,
});
const at = (day: number) => new Date(Date.UTC(2026, 0, day)).toISOString();
const release = (
  mode: AllocationInput['mode'],
  people: AllocationPerson[],
  apartments = ['A', 'B', 'C'],
): AllocationInput => ({
  mode,
  max_wishes: 5,
  apartments,
  people,
});
/** Who got what, as "person→apartment". */
const homes = (p: AllocationProtocol) => p.allocations.map((a) => `${a.person}→${a.apartment}`);

describe('the draw', () => {
  // Known answers from OpenSSL: printf 'p-1' | openssl dgst -sha256 -mac HMAC -macopt hexkey:<SEED>,
  // printf 'A1\np-1' | … and printf <SEED> | xxd -r -p | sha256sum.
  it('is HMAC-SHA-256 of the person id keyed with the seed bytes', () => {
    expect(drawValue(SEED, 'p-1')).toBe('d4823dde9a18f1a3f321f5344a9cb5d2a1b785507f955ae774d392c3a75dc063');
    expect(apartmentDrawValue(SEED, 'A1', 'p-1')).toBe(
      'c49726ad267740476535a85906c87455645f100f35ea5bf7a43631c004d926d5',
    );
    expect(commitSeed(SEED)).toBe('630dcd2966c4336691125448bbb25b4ff412a49c732db2c8abc1b8581bd710dd');
  });

  it("matches Node's own crypto for any seed and id", () => {
    fc.assert(
      fc.property(
        fc.uint8Array({ minLength: 32, maxLength: 32 }),
        fc.string({ minLength: 1, unit: 'grapheme' }),
        (bytes, id) => {
          const seed = Buffer.from(bytes).toString('hex');
          expect(drawValue(seed, id)).toBe(
            createHmac('sha256', Buffer.from(bytes)).update(id, 'utf8').digest('hex'),
          );
          expect(commitSeed(seed)).toBe(createHash('sha256').update(Buffer.from(bytes)).digest('hex'));
        },
      ),
    );
  });

  it('takes only a 32-byte hex seed, and newSeed makes one', () => {
    expect(newSeed()).toMatch(/^[0-9a-f]{64}$/);
    expect(newSeed()).not.toBe(newSeed());
    for (const bad of ['', 'abc', SEED.toUpperCase(), `${SEED}00`])
      expect(() => commitSeed(bad)).toThrow(AllocationInputError);
  });
});

describe('queue', () => {
  it('serves the earliest confirmed queue time first, each their highest wish still free', () => {
    const run = allocate(
      release('queue', [
        person('late', ['A', 'B'], { queued_at: at(3) }),
        person('first', ['A', 'B'], { queued_at: at(1) }),
        person('second', ['A'], { queued_at: at(2) }),
        person('none', ['B', 'C']),
      ]),
      SEED,
    );
    expect(run.order.map((s) => s.person)).toEqual(['first', 'second', 'late', 'none']);
    expect(run.allocations).toEqual([
      { person: 'first', apartment: 'A', rank: 1 },
      { person: 'late', apartment: 'B', rank: 2 },
      { person: 'none', apartment: 'C', rank: 2 },
    ]);
    expect(run.unserved).toEqual(['second']);
  });

  it('puts a lower tier before any queue time, and more points before an earlier time', () => {
    const run = allocate(
      release('queue', [
        person('public-early', ['A'], { tier: 1, queued_at: at(1), points: 99 }),
        person('member-late', ['A'], { tier: 0, queued_at: at(9) }),
        person('member-points', ['A'], { tier: 0, queued_at: at(20), points: 3 }),
        person('member-early', ['A'], { tier: 0, queued_at: at(2) }),
      ]),
      SEED,
    );
    expect(run.order.map((s) => s.person)).toEqual([
      'member-points',
      'member-early',
      'member-late',
      'public-early',
    ]);
    expect(homes(run)).toEqual(['member-points→A']);
  });

  it('breaks equal queue times by the draw, lowest first', () => {
    // Draws under SEED: p4 4f52…, p1 6e5e…, p2 c8e2…, p3 f39b….
    const run = allocate(
      release(
        'queue',
        ['p1', 'p2', 'p3', 'p4'].map((id) => person(id, ['A'], { queued_at: at(1) })),
      ),
      SEED,
    );
    expect(run.order.map((s) => s.person)).toEqual(['p4', 'p1', 'p2', 'p3']);
    expect(run.order[0]!.draw).toBe(drawValue(SEED, 'p4'));
  });

  it('gives a household one home: the next person in it is passed over', () => {
    const run = allocate(
      release('queue', [
        person('anna', ['A'], { household: 'h1', queued_at: at(1) }),
        person('bo', ['B'], { household: 'h1', queued_at: at(2) }),
        person('cecilia', ['B'], { queued_at: at(3) }),
      ]),
      SEED,
    );
    expect(homes(run)).toEqual(['anna→A', 'cecilia→B']);
    expect(run.unserved).toEqual(['bo']);
  });

  it('treats a wish for a home not in the release as taken, keeping the rank as wished', () => {
    const run = allocate(release('queue', [person('p1', ['gone', 'B'])]), SEED);
    expect(run.allocations).toEqual([{ person: 'p1', apartment: 'B', rank: 2 }]);
  });
});

describe('lottery', () => {
  it('orders by the draw instead of the queue time, after tier and points', () => {
    const run = allocate(
      release('lottery', [
        person('p1', ['A', 'B'], { queued_at: at(1) }),
        person('p2', ['A', 'B', 'C'], { queued_at: at(2) }),
        person('p3', ['A']),
        person('p4', ['B', 'A']),
        person('p9', ['C'], { tier: 1, points: 50 }),
      ]),
      SEED,
    );
    expect(run.order.map((s) => s.person)).toEqual(['p4', 'p1', 'p2', 'p3', 'p9']);
    expect(homes(run)).toEqual(['p4→B', 'p1→A', 'p2→C']);
    expect(run.unserved).toEqual(['p3', 'p9']);
  });
});

describe('per-apartment lottery', () => {
  // Draws under SEED: A: p1 3662…, p3 778c…, p2 ff2f…; B: p2 00f2…, p3 34f7…, p1 b783….
  it('draws each home among those who wished it first, and only then among later wishes', () => {
    const run = allocate(
      release('per_apartment_lottery', [
        person('p1', ['A', 'B']),
        person('p2', ['A', 'B']),
        person('p3', ['B', 'A']),
      ]),
      SEED,
    );
    // p2 would win B's draw, but p3 wished B first; p2 loses A's draw to p1.
    expect(homes(run)).toEqual(['p3→B', 'p1→A']);
    expect(run.unserved).toEqual(['p2']);
    expect(run.order).toEqual([
      { person: 'p3', apartment: 'B', draw: apartmentDrawValue(SEED, 'B', 'p3') },
      { person: 'p1', apartment: 'A', draw: apartmentDrawValue(SEED, 'A', 'p1') },
      { person: 'p2', apartment: 'A', draw: apartmentDrawValue(SEED, 'A', 'p2') },
      { person: 'p2', apartment: 'B', draw: apartmentDrawValue(SEED, 'B', 'p2') },
      { person: 'p3', apartment: 'A', draw: apartmentDrawValue(SEED, 'A', 'p3') },
      { person: 'p1', apartment: 'B', draw: apartmentDrawValue(SEED, 'B', 'p1') },
    ]);
  });

  it('lets points decide within a wish rank, but not across ranks, and rewards ranking a home first', () => {
    const people = [
      person('p1', ['A', 'B'], { points: 10 }),
      person('p2', ['A', 'C'], { points: 5 }),
      person('p3', ['C']),
    ];
    expect(homes(allocate(release('per_apartment_lottery', people), SEED))).toEqual(['p1→A', 'p3→C']);
    // In queue mode p2's points would have won C; here p2 gets it only by wishing it first.
    expect(homes(allocate(release('queue', people), SEED))).toEqual(['p1→A', 'p2→C']);
    const honest = people.map((p) => (p.id === 'p2' ? { ...p, wishes: ['C', 'A'] } : p));
    expect(homes(allocate(release('per_apartment_lottery', honest), SEED))).toContain('p2→C');
  });

  it('gives a household one home even when two of it win in the same round', () => {
    const run = allocate(
      release('per_apartment_lottery', [
        person('p1', ['A'], { household: 'h' }),
        person('p2', ['B'], { household: 'h' }),
        person('p3', ['B', 'A']),
      ]),
      SEED,
    );
    // Round 1 in draw order: p2 wins B (00f2…), p3 loses B, p1 would win A but p2's household has B.
    expect(run.order.map((s) => s.person)).toEqual(['p2', 'p3', 'p1', 'p3']);
    expect(homes(run)).toEqual(['p2→B', 'p3→A']);
    expect(run.unserved).toEqual(['p1']);
  });
});

describe('input', () => {
  it('has no allocation run for a first-come release', () => {
    expect(() => allocate(release('first_come', [person('p1', ['A'])]), SEED)).toThrow(
      /first_come release has no allocation run/,
    );
  });

  it('refuses a malformed input with every problem named', () => {
    const bad = {
      mode: 'queue',
      max_wishes: 2,
      apartments: ['A', 'A'],
      people: [
        person('p1', ['A', 'B', 'C']),
        person('p1', ['B', 'B'], { queued_at: '2026-01-01' }),
        person('p3', ['A'], { points: Number.NaN, tier: 0.5 }),
      ],
    } satisfies AllocationInput;
    try {
      allocate(bad, SEED);
      expect.unreachable();
    } catch (error) {
      expect(error).toBeInstanceOf(AllocationInputError);
      expect((error as AllocationInputError).problems).toEqual([
        'apartments[1]: A is listed twice',
        'people[0].wishes: more than 2 wishes',
        'people[1].id: p1 is listed twice',
        'people[1].queued_at: must be null or an instant as YYYY-MM-DDTHH:MM:SS.sssZ',
        'people[1].wishes[1]: B is wished twice',
        'people[2].tier: must be a whole number',
        'people[2].points: must be a finite number',
      ]);
    }
    expect(() => allocate(release('queue', [person('a\nb', [])]), SEED)).toThrow(/control characters/);
  });
});

// Random releases: few apartments, few households, points and queue times that often tie, and
// wishes that sometimes name a home no longer in the release.
const INSTANTS = [at(1), at(2), at(3)];
const seedArb = fc.uint8Array({ minLength: 32, maxLength: 32 }).map((b) => Buffer.from(b).toString('hex'));
const inputArb = (modes: readonly AllocatedMode[] = ALLOCATED_MODES, maxApartments = 8) =>
  fc
    .record({
      mode: fc.constantFrom(...modes),
      max_wishes: fc.integer({ min: 1, max: 10 }),
      count: fc.integer({ min: 1, max: maxApartments }),
    })
    .chain(({ mode, max_wishes, count }) => {
      const apartments = Array.from({ length: count }, (_, i) => `A${i + 1}`);
      const pool = [...apartments, 'gone'];
      const personArb = fc
        .record({
          id: fc.integer({ min: 1, max: 60 }).map((n) => `p${n}`),
          shared: fc.option(fc.integer({ min: 1, max: 3 }), { nil: null }),
          tier: fc.integer({ min: 0, max: 2 }),
          points: fc.integer({ min: 0, max: 3 }),
          queued_at: fc.option(fc.constantFrom(...INSTANTS), { nil: null }),
          wishes: fc.shuffledSubarray(pool, { maxLength: Math.min(max_wishes, pool.length) }),
        })
        .map(({ shared, ...p }): AllocationPerson => ({
          ...p,
          household: shared === null ? `own-${p.id}` : `h${shared}`,
        }));
      return fc
        .uniqueArray(personArb, { maxLength: 12, selector: (p) => p.id })
        .map((people): AllocationInput => ({ mode, max_wishes, apartments, people }));
    });

/** Where a home stands in a wish list: 1 for a first choice, Infinity for nothing or a home not wished. */
const rankIn = (wishes: readonly string[], apartment: string | undefined) => {
  const i = apartment === undefined ? -1 : wishes.indexOf(apartment);
  return i < 0 ? Number.POSITIVE_INFINITY : i + 1;
};
const homeOf = (run: AllocationProtocol, id: string) =>
  run.allocations.find((a) => a.person === id)?.apartment;

describe('properties', () => {
  it('gives no home twice, a household at most one, and each person a home they wished, at the rank they wished it', () => {
    fc.assert(
      fc.property(inputArb(), seedArb, (input, seed) => {
        const run = allocate(input, seed);
        const byId = new Map(input.people.map((p) => [p.id, p]));
        expect(new Set(run.allocations.map((a) => a.apartment)).size).toBe(run.allocations.length);
        const households = run.allocations.map((a) => byId.get(a.person)!.household);
        expect(new Set(households).size).toBe(households.length);
        for (const a of run.allocations) {
          expect(input.apartments).toContain(a.apartment);
          expect(byId.get(a.person)!.wishes[a.rank - 1]).toBe(a.apartment);
        }
        // Everyone is either served once or unserved.
        expect([...run.allocations.map((a) => a.person), ...run.unserved].sort()).toEqual(
          input.people.map((p) => p.id).sort(),
        );
      }),
    );
  });

  it('leaves no one unserved who wished a home that stayed free and whose household has none', () => {
    fc.assert(
      fc.property(inputArb(), seedArb, (input, seed) => {
        const run = allocate(input, seed);
        const given = new Set(run.allocations.map((a) => a.apartment));
        const housed = new Set(
          run.allocations.map((a) => input.people.find((p) => p.id === a.person)!.household),
        );
        for (const p of input.people)
          if (run.unserved.includes(p.id) && !housed.has(p.household))
            expect(p.wishes.filter((w) => input.apartments.includes(w) && !given.has(w))).toEqual([]);
      }),
    );
  });

  it('gives the same protocol for the same input and seed, however the input is listed', () => {
    fc.assert(
      fc.property(inputArb(), seedArb, (input, seed) => {
        const run = allocate(input, seed);
        for (const step of run.order)
          expect(step.draw).toBe(
            step.apartment === null
              ? drawValue(seed, step.person)
              : apartmentDrawValue(seed, step.apartment, step.person),
          );
        expect(allocate(structuredClone(input), seed)).toEqual(run);
        const reordered = {
          ...input,
          apartments: [...input.apartments].reverse(),
          people: [...input.people].reverse(),
        };
        expect(allocate(reordered, seed)).toEqual(run);
      }),
    );
  });

  it('orders a lottery differently under a different seed', () => {
    // 12 or more people of equal tier and points: the same order under two seeds has odds below 1 in 12!.
    const equals = fc
      .uniqueArray(fc.integer({ min: 1, max: 1000 }), { minLength: 12, maxLength: 20 })
      .map((ids) =>
        release(
          'lottery',
          ids.map((n) => person(`p${n}`, ['A'])),
        ),
      );
    fc.assert(
      fc.property(equals, seedArb, seedArb, (input, a, b) => {
        fc.pre(a !== b);
        expect(allocate(input, a).order.map((s) => s.person)).not.toEqual(
          allocate(input, b).order.map((s) => s.person),
        );
      }),
    );
  });

  it('lets no one gain by misreporting their wishes in queue or lottery mode', () => {
    // A lie is any list of the release's homes, or the truth with one home moved to the front
    // (alone or before the rest): the lie that pays under a mechanism that is not strategy-proof.
    // Few homes, so that wishes collide.
    const case_ = inputArb(['queue', 'lottery'], 4)
      .filter((input) => input.people.length > 0)
      .chain((input) =>
        fc.nat({ max: input.people.length - 1 }).chain((who) => {
          const truth = input.people[who]!.wishes;
          const anyList = fc.shuffledSubarray([...input.apartments, 'gone'], {
            maxLength: Math.min(input.max_wishes, input.apartments.length + 1),
          });
          const promoted = fc
            .record({ j: fc.nat({ max: Math.max(0, truth.length - 1) }), alone: fc.boolean() })
            .map(({ j, alone }) =>
              truth.length === 0 ? [] : alone ? [truth[j]!] : [truth[j]!, ...truth.filter((_, i) => i !== j)],
            );
          return fc.record({
            input: fc.constant(input),
            who: fc.constant(who),
            lie: fc.oneof(anyList, promoted),
          });
        }),
      );
    fc.assert(
      fc.property(case_, seedArb, ({ input, who, lie }, seed) => {
        const truth = input.people[who]!;
        const honest = rankIn(truth.wishes, homeOf(allocate(input, seed), truth.id));
        const people = input.people.map((p) => (p.id === truth.id ? { ...p, wishes: lie } : p));
        const lying = rankIn(truth.wishes, homeOf(allocate({ ...input, people }, seed), truth.id));
        expect(lying).toBeGreaterThanOrEqual(honest);
      }),
      { numRuns: 400 },
    );
  });

  it('changes the input digest for any change of the input, and only then', () => {
    const change = (input: AllocationInput, kind: number, who: number): AllocationInput => {
      const people = input.people.map((p) => ({ ...p, wishes: [...p.wishes] }));
      const p = people[who % people.length];
      const alter = (f: (q: AllocationPerson) => AllocationPerson) => ({
        ...input,
        people: people.map((q) => (q === p ? f(q) : q)),
      });
      switch (kind) {
        case 0:
          return { ...input, mode: input.mode === 'queue' ? 'lottery' : 'queue' };
        case 1:
          return { ...input, max_wishes: input.max_wishes === 10 ? 9 : input.max_wishes + 1 };
        case 2:
          return { ...input, apartments: [...input.apartments, 'new'] };
        case 3:
          return { ...input, apartments: input.apartments.slice(1) };
        case 4:
          return { ...input, people: [...people, person('newcomer', [])] };
        case 5:
          return alter((q) => ({ ...q, points: q.points + 1 }));
        case 6:
          return alter((q) => ({ ...q, tier: q.tier + 1 }));
        case 7:
          return alter((q) => ({ ...q, queued_at: q.queued_at === null ? at(9) : null }));
        case 8:
          return alter((q) => ({ ...q, household: `${q.household}-moved` }));
        case 9:
          return alter((q) => ({ ...q, id: `${q.id}-renamed` }));
        case 10:
          return alter((q) => ({
            ...q,
            wishes: q.wishes.length > 1 ? [...q.wishes].reverse() : [...q.wishes, 'extra'],
          }));
        case 11:
          return alter((q) => ({ ...q, wishes: q.wishes.length > 0 ? q.wishes.slice(0, -1) : ['A1'] }));
        default:
          return { ...input, people: people.filter((q) => q !== p) };
      }
    };
    const case_ = fc.record({ input: inputArb(), kind: fc.integer({ min: 0, max: 12 }), who: fc.nat() });
    fc.assert(
      fc.property(case_, ({ input, kind, who }) => {
        fc.pre(input.people.length > 0);
        const changed = change(input, kind, who);
        fc.pre(changed.max_wishes >= Math.max(0, ...changed.people.map((p) => p.wishes.length)));
        expect(inputDigest(changed)).not.toBe(inputDigest(input));
        expect(inputDigest({ ...input, people: [...input.people].reverse() })).toBe(inputDigest(input));
      }),
    );
  });

  it('verifies its own protocol, also after a trip through JSON, and names what was tampered with', () => {
    fc.assert(
      fc.property(inputArb(), seedArb, seedArb, (input, seed, otherSeed) => {
        fc.pre(seed !== otherSeed);
        const run = allocate(input, seed);
        expect(run.version).toBe(ALLOCATION_VERSION);
        expect(verifyProtocol(run, input, { commitment: commitSeed(seed) })).toEqual({
          valid: true,
          mismatches: [],
        });
        expect(verifyProtocol(JSON.parse(JSON.stringify(run)), input).valid).toBe(true);

        // Another seed, with or without its own commitment.
        expect(verifyProtocol({ ...run, seed: otherSeed }, input).mismatches).toContain('seed_commitment');
        const swapped = { ...run, seed: otherSeed, seed_commitment: commitSeed(otherSeed) };
        expect(verifyProtocol(swapped, input, { commitment: commitSeed(seed) }).mismatches).toContain(
          'published_commitment',
        );
        if (run.order.length > 0) expect(verifyProtocol(swapped, input).mismatches).toContain('order');

        if (run.order.length > 0) {
          const order = run.order.map((s, i) =>
            i === 0 ? { ...s, draw: s.draw.replace(/^./, (c) => (c === '0' ? '1' : '0')) } : s,
          );
          expect(verifyProtocol({ ...run, order }, input).mismatches).toEqual(['order']);
        }
        if (run.allocations.length > 0) {
          const [first, ...rest] = run.allocations;
          expect(
            verifyProtocol({ ...run, allocations: rest, unserved: [...run.unserved, first!.person] }, input)
              .mismatches,
          ).toEqual(['allocations', 'unserved']);
        }
        expect(verifyProtocol({ ...run, version: 'planvy-alloc/0' }, input).mismatches).toEqual(['version']);
        const other = { ...input, people: [...input.people, person('newcomer', [])] };
        expect(verifyProtocol(run, other).mismatches).toContain('input_digest');
      }),
    );
  });
});
