import { describe, expect, it } from 'vitest';
import { DISTINCT_DELTA_E, STYLE_KEYS, styleKey, statusesFor } from '@planvy/shared';
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
  zoneColourWarnings,
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

  it('reads colour names, and skips colours it cannot resolve', () => {
    const draft = { ...defaultDraft(), 'sold-font': 'white', 'sold-svg': 'yellow' };
    const warnings = contrastWarnings(draft);
    expect(warnings.map((w) => w.text)).toEqual(['sold-font']);
    expect(styleKey(warnings[0]!.background)?.status).toBe('sold');
    expect(contrastWarnings(draft, () => null)).toEqual([]);
  });
});

describe('zone colour warnings', () => {
  const fillsOf = (type: 'sale' | 'rental') => [
    ...statusesFor(type).map((s) => styleKey(`${s.styleKey}-svg`)!.name),
    'inactive-svg',
  ];
  const pairs = (draft: Record<string, string>, type: 'sale' | 'rental') =>
    zoneColourWarnings(draft, fillsOf(type)).map((w) => `${w.fill} ${w.other}`);

  it("warns for the spec's booked and sold by default, and for no colour the spec leaves open", () => {
    expect(pairs(defaultDraft(), 'sale')).toEqual(['reserved-svg sold-svg']);
    // Both greens are the spec's own (Ledig #10b74d, Sökbar bostad #0b7935).
    expect(pairs(defaultDraft(), 'rental')).toEqual(['sale-svg searchableResidence-svg']);
    const [w] = zoneColourWarnings(defaultDraft(), fillsOf('sale'));
    expect(w!.deltaE).toBeLessThan(DISTINCT_DELTA_E);
    expect(w!.deltaE).toBeGreaterThan(4);
  });

  it('measures at the zone opacity: opaque zones tell booked from sold', () => {
    expect(pairs({ ...defaultDraft(), 'zone-opacity': '1' }, 'sale')).not.toContain('reserved-svg sold-svg');
    expect(pairs({ ...defaultDraft(), 'zone-opacity': '0.2' }, 'sale').length).toBeGreaterThan(1);
  });

  it('warns when a zone colour nearly matches the background under the plan', () => {
    expect(pairs({ ...defaultDraft(), 'sold-svg': '#f0f0f0' }, 'sale')).toContain('sold-svg plan-background');
    expect(pairs({ ...defaultDraft(), 'plan-background': 'darkred' }, 'sale')).toEqual(
      expect.arrayContaining(['reserved-svg plan-background', 'sold-svg plan-background']),
    );
    // A colour being typed is skipped, not guessed.
    expect(pairs({ ...defaultDraft(), 'sold-svg': '#80' }, 'sale')).toEqual([]);
    expect(zoneColourWarnings({ ...defaultDraft(), 'zone-opacity': 'x' }, fillsOf('sale'))).toEqual([]);
  });
});
