import { describe, expect, it } from 'vitest';
import { planOf, startPlan } from './start-plan';

const view = {
  plans: [
    { id: 10, name: 'site.svg' },
    { id: 11, name: 'a.svg' },
    { id: 12, name: '13.svg' },
  ],
  apartments: [
    { id: 1, plans: ['13.svg', 'a.svg'] },
    { id: 2, plans: [] },
  ],
} as unknown as Parameters<typeof startPlan>[0];

describe('startPlan', () => {
  it('opens on the deep-linked apartment’s first plan in sort order', () => {
    expect(planOf(view, { plans: ['13.svg', 'a.svg'] })).toBe(2);
    expect(startPlan(view, 1)).toBe(2);
  });

  it('opens a shared address’s plan by its id, and by its file name in links shared before plans had names', () => {
    expect(startPlan(view, 1, '11')).toBe(1);
    expect(startPlan(view, 1, 'a.svg')).toBe(1);
    expect(startPlan(view, null, '13.svg')).toBe(2);
    // An id no plan has: the deep link decides, else the first plan.
    expect(startPlan(view, 1, '13')).toBe(2);
    expect(startPlan(view, null, '99')).toBe(0);
  });

  it('falls back to the first plan', () => {
    expect(startPlan(view, null)).toBe(0);
    expect(startPlan(view, 2)).toBe(0);
    expect(startPlan(view, 99)).toBe(0);
  });
});
