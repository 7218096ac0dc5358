import { describe, expect, it } from 'vitest';
import { backTarget, followLink, goBack, jumpTo, startTrail } from './plan-links';

describe('plan links', () => {
  it('follows site → building → floor and retraces the way back', () => {
    let trail = startTrail('site.svg');
    trail = followLink(trail, 'building-a.svg');
    trail = followLink(trail, 'floor-1.svg');
    expect(trail.current).toBe('floor-1.svg');
    expect(backTarget(trail)).toBe('building-a.svg');
    trail = goBack(trail);
    expect(trail.current).toBe('building-a.svg');
    trail = goBack(trail);
    expect(trail).toEqual({ current: 'site.svg', previous: [] });
    expect(goBack(trail)).toBe(trail);
    expect(backTarget(trail)).toBeUndefined();
  });

  it('following a link to the plan shown changes nothing; a page button starts afresh', () => {
    const trail = followLink(startTrail(0), 1);
    expect(followLink(trail, 1)).toBe(trail);
    expect(jumpTo(trail, 2)).toEqual({ current: 2, previous: [] });
  });
});
