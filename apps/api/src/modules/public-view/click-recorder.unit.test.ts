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
});
