import { describe, expect, it } from 'vitest';
import { parseColor, STYLE_KEYS, styleKey } from '@planvy/shared';
import {
  changedKeys,
  contrastWarnings,
  defaultDraft,
  draftFromTheme,
  draftFromTriples,
  draftOverrides,
  draftProblems,
  draftToScss,
  draftToThemeData,
  draftToTriples,
} from './style-draft';

describe('style draft', () => {
  it('holds every key, defaults first, the project’s own values over them', () => {
    const draft = draftFromTriples([
      ['sold', 'svg', '#000000'],
      ['nope', 'svg', '#111111'],
    ]);
    expect(Object.keys(draft)).toHaveLength(STYLE_KEYS.length);
    expect(draft['sold-svg']).toBe('#000000');
    expect(draft['sale-svg']).toBe('#10b74d');
    expect(draft['nope-svg']).toBeUndefined();
  });

  it('saves only what differs from the default, trimmed, as name:value strings and theme entries', () => {
    const draft = {
      ...defaultDraft(),
      'sold-svg': ' #000000 ',
      'font-family': 'Georgia, serif',
      'sale-svg': ' #10b74d ',
    };
    expect(draftOverrides(draft)).toEqual([
      ['sold-svg', '#000000'],
      ['font-family', 'Georgia, serif'],
    ]);
    expect(draftToScss(draft)).toEqual(['sold-svg:#000000', 'font-family:Georgia, serif']);
    expect(draftToThemeData(draft)).toEqual([
      { attr: 'sold-svg', val: '#000000' },
      { attr: 'font-family', val: 'Georgia, serif' },
    ]);
    expect(draftToScss(defaultDraft())).toEqual([]);
  });

  it('applies a theme over the defaults, not over the current draft', () => {
    const draft = draftFromTheme([
      { attr: 'title-color', val: '#222222' },
      { attr: 'bogus', val: 'x' },
    ]);
    expect(draft['title-color']).toBe('#222222');
    expect(draftOverrides(draft)).toEqual([['title-color', '#222222']]);
  });

  it('sends every key to the preview, a refused value as its default', () => {
    const triples = draftToTriples({ ...defaultDraft(), 'sold-svg': '#000000', 'sale-svg': 'blurple' });
    expect(triples).toHaveLength(STYLE_KEYS.length);
    expect(triples).toContainEqual(['sold', 'svg', '#000000']);
    expect(triples).toContainEqual(['sale', 'svg', styleKey('sale-svg')!.default]);
  });

  it('counts changes against the saved copy, ignoring surrounding spaces', () => {
    const saved = draftFromTriples([['sold', 'svg', '#000000']]);
    expect(changedKeys({ ...saved, 'sold-svg': ' #000000' }, saved)).toEqual([]);
    expect(changedKeys({ ...saved, 'sold-svg': '#111111', 'font-size': '18px' }, saved)).toEqual([
      'sold-svg',
      'font-size',
    ]);
  });

  it('names refused values with the shared validator', () => {
    const problems = draftProblems({
      ...defaultDraft(),
      'sold-svg': 'red;}body{',
      'font-size': '99px',
      'main-width': '',
    });
    expect([...problems]).toEqual([
      ['sold-svg', 'color'],
      ['main-width', 'empty'],
      ['font-size', 'range'],
    ]);
    expect(draftProblems(defaultDraft()).size).toBe(0);
  });
});

describe('contrast warnings', () => {
  it('has none for the defaults', () => {
    expect(contrastWarnings(defaultDraft())).toEqual([]);
  });

  it('warns about status text on its fill and page text on the background below 4.5:1', () => {
    const warnings = contrastWarnings({
      ...defaultDraft(),
      'sold-font': '#777777',
      'sold-svg': '#ffffff',
      'font-color': '#999999',
      'sale-font': 'rgba(0, 0, 0, 0.9)',
    });
    expect(warnings.map((w) => [w.text, w.background])).toEqual([
      ['sold-font', 'sold-svg'],
      ['font-color', 'main-background'],
    ]);
    expect(warnings[0]!.ratio).toBeGreaterThan(4.4);
    expect(warnings[0]!.ratio).toBeLessThan(4.5);
  });

  it('skips colours it cannot resolve, and uses the resolver it is given for names', () => {
    const draft = { ...defaultDraft(), 'sold-font': 'white', 'sold-svg': 'yellow' };
    expect(contrastWarnings(draft)).toEqual([]);
    const names: Record<string, string> = { white: '#ffffff', yellow: '#ffff00' };
    const warnings = contrastWarnings(draft, (v) => parseColor(names[v] ?? v));
    expect(warnings.map((w) => w.text)).toEqual(['sold-font']);
    expect(styleKey(warnings[0]!.background)?.status).toBe('sold');
  });
});
