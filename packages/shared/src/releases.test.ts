import { describe, expect, it } from 'vitest';
import { releaseCreateSchema, releaseSettingsIssues, type ReleaseSettings } from './releases';

const h = (hours: number) => new Date(Date.UTC(2026, 11, 1) + hours * 3_600_000).toISOString();
const queue: ReleaseSettings = {
  mode: 'queue',
  tiers: [],
  wishes_open_at: h(0),
  wishes_close_at: h(24),
  public_at: h(24),
  closes_at: h(48),
};
const codes = (s: ReleaseSettings, forSchedule = false) =>
  releaseSettingsIssues(s, forSchedule).map((i) => `${i.field}:${i.message.code}`);

describe('releaseSettingsIssues', () => {
  it('accepts wishes open < close ≤ public < closes, and a draft without times', () => {
    expect(codes(queue, true)).toEqual([]);
    const empty = { ...queue, wishes_open_at: null, wishes_close_at: null, public_at: null, closes_at: null };
    expect(codes(empty)).toEqual([]);
    expect(codes(empty, true)).toEqual([
      'wishes_open_at:releaseTimeMissing',
      'wishes_close_at:releaseTimeMissing',
      'public_at:releaseTimeMissing',
      'closes_at:releaseTimeMissing',
    ]);
  });

  it('names each time out of order', () => {
    expect(codes({ ...queue, wishes_close_at: h(0) })).toEqual(['wishes_close_at:releaseCloseAfterOpen']);
    expect(codes({ ...queue, public_at: h(23) })).toEqual(['public_at:releasePublicAfterWishes']);
    expect(codes({ ...queue, closes_at: h(24) })).toEqual(['closes_at:releaseClosesAfterPublic']);
  });

  it('needs only public and closing times for first come, whose tiers open between them', () => {
    const firstCome: ReleaseSettings = {
      mode: 'first_come',
      tiers: [
        { key: 'members', opens_at: h(10) },
        { key: 'public', opens_at: h(12) },
      ],
      wishes_open_at: null,
      wishes_close_at: null,
      public_at: h(10),
      closes_at: h(20),
    };
    expect(codes(firstCome, true)).toEqual([]);
    expect(codes({ ...firstCome, tiers: [{ key: 'members', opens_at: h(9) }] })).toEqual([
      'tiers.0.opens_at:releaseTierOutside',
    ]);
  });

  it('keeps tiers inside the wish window, in priority order, each with its own key', () => {
    expect(
      codes({
        ...queue,
        tiers: [
          { key: 'members', opens_at: h(5) },
          { key: 'list', opens_at: h(2) },
          { key: 'list', opens_at: h(30) },
        ],
      }),
    ).toEqual([
      'tiers.1.opens_at:releaseTierOrder',
      'tiers.2.key:releaseTierKeyTwice',
      'tiers.2.opens_at:releaseTierOutside',
    ]);
  });
});

describe('releaseCreateSchema', () => {
  it('fills the defaults and refuses times out of order at their paths', () => {
    expect(releaseCreateSchema.parse({ name: 'Etapp 1', mode: 'lottery' })).toMatchObject({
      max_wishes: 5,
      one_per_household: true,
      offer_hours: 48,
      checkout_minutes: 15,
      tiers: [],
      apartment_ids: [],
    });
    const result = releaseCreateSchema.safeParse({ name: 'X', ...queue, closes_at: h(1) });
    expect(result.success).toBe(false);
    expect(result.error?.issues.map((i) => i.path.join('.'))).toEqual(['closes_at']);
    expect(releaseCreateSchema.safeParse({ name: 'X', mode: 'queue', max_wishes: 11 }).success).toBe(false);
    expect(
      releaseCreateSchema.safeParse({ name: 'X', mode: 'first_come', checkout_minutes: 20 }).success,
    ).toBe(false);
  });
});
