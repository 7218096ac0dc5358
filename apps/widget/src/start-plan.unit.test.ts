import { describe, expect, it } from 'vitest';
import { planOf, startPlan } from './start-plan';

const view = {
  plans: [{ name: 'site.svg' }, { name: 'a.svg' }, { name: 'b.svg' }],
  apartments: [
    { id: 1, plans: ['b.svg', 'a.svg'] },
    { id: 2, plans: [] },
  ],
} as unknown as Parameters<typeof startPlan>[0];

describe('startPlan', () => {
  it('opens on the deep-linked apartment’s first plan in sort order', () => {
    expect(planOf(view, { plans: ['b.svg', 'a.svg'] })).toBe(2);
    expect(startPlan(view, 1)).toBe(2);
  });

  it('falls back to the first plan', () => {
    expect(startPlan(view, null)).toBe(0);
    expect(startPlan(view, 2)).toBe(0);
    expect(startPlan(view, 99)).toBe(0);
  });
});
