import { describe, expect, it } from 'vitest';
import { auditQuery, EMPTY_FILTERS } from './audit-query';

describe('auditQuery', () => {
  it('sends nothing for empty filters', () => {
    expect(auditQuery(EMPTY_FILTERS)).toEqual({
      user: undefined,
      project: undefined,
      from: undefined,
      to: undefined,
      before: undefined,
    });
  });

  it('turns the dates into whole local days, the end exclusive', () => {
    const q = auditQuery({ user: '4', project: '9', from: '2026-11-01', to: '2026-11-23' }, 120);
    expect(q).toMatchObject({ user: 4, project: 9, before: 120 });
    expect(new Date(q.from ?? '').getDate()).toBe(1);
    expect(new Date(q.from ?? '').getHours()).toBe(0);
    expect(new Date(q.to ?? '').getDate()).toBe(24);
    expect(new Date(q.to ?? '').getHours()).toBe(0);
  });

  it('ignores a half-typed date', () => {
    expect(auditQuery({ ...EMPTY_FILTERS, from: '2026-1' }).from).toBeUndefined();
  });
});
