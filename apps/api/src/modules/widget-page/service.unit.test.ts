import { describe, expect, it } from 'vitest';
import { PlanMarkupMemo } from './service';

describe('PlanMarkupMemo', () => {
  it('loads a version once, keeps nothing for a plan that cannot be read, and drops the oldest past its size', async () => {
    const memo = new PlanMarkupMemo(25);
    const loads: string[] = [];
    const load = (etag: string, markup: string | null) => () => {
      loads.push(etag);
      return Promise.resolve(markup);
    };
    expect(await memo.get('a', load('a', '<svg>a</svg>'))).toBe('<svg>a</svg>');
    expect(await memo.get('a', load('a', 'never read'))).toBe('<svg>a</svg>');
    expect(await memo.get('x', load('x', null))).toBeNull();
    expect(await memo.get('x', load('x', null))).toBeNull();
    expect(loads).toEqual(['a', 'x', 'x']);
    // 12 + 12 characters fit; a third entry pushes out the least recently used.
    await memo.get('b', load('b', '<svg>b</svg>'));
    await memo.get('a', load('a', 'never read'));
    await memo.get('c', load('c', '<svg>c</svg>'));
    expect(memo.size).toEqual({ plans: 2, chars: 24 });
    await memo.get('a', load('a', 'never read'));
    await memo.get('b', load('b', '<svg>b</svg>'));
    expect(loads).toEqual(['a', 'x', 'x', 'b', 'c', 'b']);
  });
});
