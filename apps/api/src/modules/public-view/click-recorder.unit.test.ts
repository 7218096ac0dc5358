import { describe, expect, it } from 'vitest';
import { ClickRecorder } from './click-recorder';

describe('ClickRecorder', () => {
  it('hashes visitors so the same IP and browser map to one key, without storing either', () => {
    const r = new ClickRecorder({} as never, console as never);
    const v = r.visitor('10.0.0.1', 'Firefox');
    expect(v).toBe(r.visitor('10.0.0.1', 'Firefox'));
    expect(v).not.toBe(r.visitor('10.0.0.2', 'Firefox'));
    expect(v).not.toContain('10.0.0.1');
  });

  it('counts again after the 10-minute window', () => {
    const r = new ClickRecorder({} as never, console as never, {
      flushMs: 60_000,
      maxBatch: 1000,
      dedupMs: 600_000,
    });
    expect(r.record(1, 5, 'v', 0)).toBe(true);
    expect(r.record(1, 5, 'v', 599_999)).toBe(false);
    expect(r.record(1, 5, 'v', 600_000)).toBe(true);
  });

  it('stops counting a visitor who opens hundreds of apartments in the window', () => {
    const r = new ClickRecorder({} as never, console as never, {
      flushMs: 60_000,
      maxBatch: 100_000,
      dedupMs: 600_000,
    });
    const counted = Array.from({ length: 250 }, (_, i) => r.record(1, i + 1, 'bot', i)).filter(
      Boolean,
    ).length;
    expect(counted).toBe(200);
    expect(r.record(1, 1, 'person', 300)).toBe(true);
  });
});
