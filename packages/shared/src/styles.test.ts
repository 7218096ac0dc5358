import { describe, expect, it } from 'vitest';
import { AA_CONTRAST, contrastRatio, parseColor } from './color-contrast';
import { STATUSES } from './statuses';
import {
  applyStyles,
  DEFAULT_STYLES,
  formatStyleEntry,
  mergeStyles,
  parseStyleEntry,
  STYLE_GROUPS,
  STYLE_KEYS,
  styleKey,
  styleLabel,
  styleSyntaxProblem,
  styleValue,
  type StyleTriple,
} from './styles';
import { CSS_COLOR_NAMES, isColor, styleProblem } from './style-values';

describe('style key catalogue', () => {
  it('has one entry per name, named {key}-{attr}, in a known group', () => {
    const names = STYLE_KEYS.map((k) => k.name);
    expect(new Set(names).size).toBe(names.length);
    for (const k of STYLE_KEYS) {
      expect(k.name).toBe(`${k.key}-${k.attr}`);
      expect(k.name).toMatch(/^[a-z][A-Za-z0-9]*-[a-z][A-Za-z]*$/);
      expect(STYLE_GROUPS).toContain(k.group);
      expect(styleKey(k.name)).toBe(k);
    }
    for (const group of STYLE_GROUPS) expect(STYLE_KEYS.some((k) => k.group === group)).toBe(true);
  });

  it('covers spec §3: fill and text colour of every status and of inactive, and the page, list, label and title keys', () => {
    for (const s of [...STATUSES.map((x) => x.styleKey), 'inactive']) {
      expect(styleKey(`${s}-svg`)?.kind).toBe('color');
      expect(styleKey(`${s}-font`)?.kind).toBe('color');
    }
    for (const name of [
      'searchableResidence',
      'searchableRelocation',
      'workInProgress',
      'fsCoOwner',
      'displayHome',
    ])
      expect(styleKey(`${name}-svg`)).toBeDefined();
    for (const n of [1, 2, 3, 4]) expect(styleKey(`saleEtapp${n}-svg`)).toBeDefined();
    const expected = {
      'main-background': 'color',
      'main-width': 'width',
      'font-color': 'color',
      'font-size': 'size',
      'font-style': 'fontStyle',
      'font-family': 'fontFamily',
      'overlay-background': 'color',
      'filter-background': 'color',
      'filter-color': 'color',
      'filter-family': 'fontFamily',
      'filter-size': 'size',
      'list-background': 'color',
      'list-color': 'color',
      'list-stripe': 'color',
      'list-highlight': 'color',
      'label-background': 'color',
      'label-color': 'color',
      'title-color': 'color',
      'title-size': 'size',
      'title-family': 'fontFamily',
      'zone-opacity': 'opacity',
      'zone-hoverOpacity': 'opacity',
      'accent-color': 'color',
      'plan-background': 'color',
      'sold-pattern': 'pattern',
    };
    for (const [name, kind] of Object.entries(expected))
      expect([name, styleKey(name)?.kind]).toEqual([name, kind]);
    expect(STYLE_KEYS).toHaveLength((STATUSES.length + 1) * 2 + Object.keys(expected).length);
  });

  it('uses the status colours of spec §4 as fill defaults', () => {
    const fills = Object.fromEntries(
      STYLE_KEYS.filter((k) => k.attr === 'svg').map((k) => [k.key, k.default]),
    );
    expect(fills).toMatchObject({
      reserved: '#aa4e4e',
      preorder: '#7570b3',
      sale: '#10b74d',
      upcoming: '#cc9900',
      searchableResidence: '#0b7935',
      searchableRelocation: '#0d949a',
      leased: '#d95f02',
      workInProgress: '#803c6d',
      sold: '#803c3c',
    });
  });

  it('has defaults its own validator accepts, and readable default text on every default fill', () => {
    for (const k of STYLE_KEYS) expect([k.name, styleProblem(k.name, k.default)]).toEqual([k.name, null]);
    const value = (name: string) => parseColor(styleKey(name)!.default)!;
    for (const fill of STYLE_KEYS.filter((k) => k.attr === 'svg')) {
      const ratio = contrastRatio(value(`${fill.key}-font`), value(fill.name));
      expect([fill.name, ratio >= AA_CONTRAST]).toEqual([fill.name, true]);
    }
    for (const [fg, bg] of [
      ['font-color', 'main-background'],
      ['list-color', 'list-background'],
      ['list-color', 'list-stripe'],
      ['list-color', 'list-highlight'],
      ['filter-color', 'filter-background'],
      ['label-color', 'label-background'],
      ['title-color', 'main-background'],
    ] as const) {
      expect([fg, bg, contrastRatio(value(fg), value(bg)) >= AA_CONTRAST]).toEqual([fg, bg, true]);
    }
  });

  it('labels every key in Swedish and English', () => {
    const sold = styleKey('sold-svg')!;
    expect(styleLabel(sold, 'sv')).toBe('Såld – fyllning');
    expect(styleLabel(styleKey('inactive-font')!, 'en')).toBe('Inactive – text');
    expect(styleLabel(styleKey('sale-svg')!, 'sv', 'rental')).toBe('Ledig – fyllning');
    for (const k of STYLE_KEYS) {
      const sv = styleLabel(k, 'sv');
      const en = styleLabel(k, 'en');
      expect(sv.length).toBeGreaterThan(2);
      expect(en.length).toBeGreaterThan(2);
    }
  });

  it('derives DEFAULT_STYLES from the catalogue', () => {
    expect(DEFAULT_STYLES).toEqual(STYLE_KEYS.map((k) => [k.key, k.attr, k.default]));
  });
});

describe('style value validation', () => {
  const cases: [name: string, good: string[], bad: string[]][] = [
    [
      'sold-svg',
      [
        '#fff',
        '#FFFA',
        '#a1b2c3',
        '#a1b2c3d4',
        'rgb(1,2,3)',
        'rgba(1, 2, 3, .5)',
        'rgb(10% 20% 30% / 40%)',
        'hsl(120, 50%, 50%)',
        'hsla(120deg, 50%, 50%, 0.5)',
        'hsl(120 50% 50% / 50%)',
        'red',
        'RebeccaPurple',
        'transparent',
        ' #fff ',
      ],
      [
        '#ff',
        '#fffff',
        '#ggg',
        'rgb(1,2)',
        'rgb(1,2,3,4,5)',
        'rgb(a,b,c)',
        'hsl(1,2,3)',
        'reddish',
        'inherit',
        'currentColor',
        'red;',
        'red }',
        'url(x)',
        'var(--x)',
        '',
        'x'.repeat(201),
      ],
    ],
    [
      'font-size',
      ['10px', '16px', '40px', '1em', '1.5rem', '100%', '2.5em'],
      ['9px', '41px', '16', 'px', '-16px', '1e2px', '16pt', '16 px', '0.5em', '16px;', 'calc(16px)'],
    ],
    ['title-size', ['12px', '96px', '6em'], ['11px', '97px', '7em']],
    [
      'main-width',
      ['240px', '4000px', '10%', '100%', '60em', '15rem'],
      ['239px', '4001px', '9%', '101%', '14em', 'auto', 'none', '100vw'],
    ],
    ['font-style', ['normal', 'italic', ' italic '], ['oblique', 'Italic', 'bold', '']],
    [
      'font-family',
      [
        'Georgia',
        'Georgia, serif',
        '"Segoe UI", Roboto, sans-serif',
        "'Open Sans', Arial",
        '-apple-system, sans-serif',
        'inherit',
      ],
      [
        '"Georgia',
        '"Geo"rgia"',
        'Georgia;',
        'Georgia}',
        'Geo\\rgia',
        '9Georgia',
        'Georgia,',
        ',',
        'a,b,c,d,e,f,g,h,i,j,k',
        'Ga\u00f6rgia',
        'url(x)',
        '"a</style>"',
      ],
    ],
    [
      'zone-opacity',
      ['0', '1', '0.5', '.25', '1.0', '0.125'],
      ['1.1', '-0', '-0.5', '50%', '0.1234', 'half', ''],
    ],
  ];
  it.each(cases)('%s', (name, good, bad) => {
    for (const v of good) expect([v, styleProblem(name, v)]).toEqual([v, null]);
    for (const v of bad) expect([v, styleProblem(name, v)]).not.toEqual([v, null]);
  });

  it('names the problem', () => {
    expect(styleProblem('nope-svg', '#fff')).toBe('unknown');
    expect(styleProblem('sold-svg', '  ')).toBe('empty');
    expect(styleProblem('sold-svg', 'x'.repeat(201))).toBe('tooLong');
    expect(styleProblem('sold-svg', 'blurple')).toBe('color');
    expect(styleProblem('font-size', '99px')).toBe('range');
    expect(styleProblem('font-size', 'big')).toBe('size');
    expect(styleProblem('main-width', 'wide')).toBe('width');
    expect(styleProblem('font-family', 'a;b')).toBe('fontFamily');
  });

  it('leaves only the colour names to the full check: the form alone refuses everything else', () => {
    const sold = styleKey('sold-svg')!;
    expect(styleSyntaxProblem(sold, 'blurple')).toBeNull();
    expect(styleProblem('sold-svg', 'blurple')).toBe('color');
    expect(styleProblem('sold-svg', 'RebeccaPurple')).toBeNull();
    expect(CSS_COLOR_NAMES.size).toBe(149);
    expect(isColor('transparent')).toBe(true);
    expect(isColor('inherit')).toBe(false);
    // Every other refusal of the corpus is already a refusal of the form.
    for (const [name, , bad] of cases) {
      const def = styleKey(name)!;
      for (const v of bad) {
        if (def.kind === 'color' && /^[a-z]{3,20}$/i.test(v.trim())) continue;
        expect([name, v, styleSyntaxProblem(def, v)]).not.toEqual([name, v, null]);
      }
    }
  });
});

describe('entries and merging', () => {
  it('splits a name:value entry at the first colon', () => {
    expect(parseStyleEntry('font-family:"A b", c')).toEqual({ name: 'font-family', value: '"A b", c' });
    expect(parseStyleEntry('sold-svg:a:b')).toEqual({ name: 'sold-svg', value: 'a:b' });
    expect(parseStyleEntry('nothing')).toEqual({ name: 'nothing', value: '' });
    expect(parseStyleEntry(formatStyleEntry('sold-svg', '#fff'))).toEqual({
      name: 'sold-svg',
      value: '#fff',
    });
  });

  it('merges defaults first, later values winning', () => {
    const merged = mergeStyles(DEFAULT_STYLES, [['sold', 'svg', '#000000']]);
    expect(merged).toHaveLength(DEFAULT_STYLES.length);
    expect(styleValue(merged, 'sold', 'svg')).toBe('#000000');
    expect(styleValue(merged, 'sale', 'svg')).toBe('#10b74d');
  });
});

describe('applyStyles', () => {
  function apply(styles: StyleTriple[]) {
    const set = new Map<string, string>();
    applyStyles({ setProperty: (p, v) => set.set(p, v) }, styles);
    return set;
  }

  it('sets one custom property per catalogue key, defaults where nothing valid is given', () => {
    const set = apply([
      ['sold', 'svg', ' #000000 '],
      ['font', 'family', 'Georgia, serif'],
      ['sale', 'svg', 'red;}body{display:none'],
      ['main', 'background', 'url(https://evil.example/x.png)'],
      ['evil', 'svg', '#000000'],
      ['__proto__', 'x', 'y'],
    ]);
    const statusFills = STYLE_KEYS.filter((k) => k.status && k.attr === 'svg');
    // Every key, and each status's badge text colour.
    expect(set.size).toBe(STYLE_KEYS.length + statusFills.length);
    expect(set.get('--pv-sold-svg')).toBe('#000000');
    expect(set.get('--pv-font-family')).toBe('Georgia, serif');
    expect(set.get('--pv-sale-svg')).toBe('#10b74d');
    expect(set.get('--pv-main-background')).toBe('#ffffff');
    expect(set.has('--pv-evil-svg')).toBe(false);
    for (const k of STYLE_KEYS) expect(set.has(`--pv-${k.name}`)).toBe(true);
    for (const k of statusFills) expect(set.has(`--pv-${k.key}-text`)).toBe(true);
  });

  it('draws the sold hatching unless it is turned off', () => {
    expect(apply([]).get('--pv-sold-pattern')).toBe('1');
    expect(apply([['sold', 'pattern', 'none']]).get('--pv-sold-pattern')).toBe('0');
    expect(apply([['sold', 'pattern', 'stripes']]).get('--pv-sold-pattern')).toBe('1');
    expect(styleProblem('sold-pattern', 'none')).toBeNull();
    expect(styleProblem('sold-pattern', 'url(#x)')).toBe('pattern');
  });

  it('gives every status badge text that reaches WCAG AA on its fill, whatever the colours chosen', () => {
    const statusFills = STYLE_KEYS.filter((k) => k.status && k.attr === 'svg');
    const badge = (set: Map<string, string>, key: string) =>
      contrastRatio(parseColor(set.get(`--pv-${key}-text`)!)!, parseColor(set.get(`--pv-${key}-svg`)!)!);
    // The catalogue's every default colour.
    const defaults = apply([]);
    for (const k of statusFills)
      expect([k.key, badge(defaults, k.key) >= AA_CONTRAST]).toEqual([k.key, true]);
    // Chosen colours: light and dark fills with unreadable text, names, translucent fills; and a
    // chosen text colour that reads is kept as it is.
    const chosen: [fill: string, text: string][] = [
      ['#ffff66', '#ffffff'],
      ['#fde68a', '#f59e0b'],
      ['yellow', 'white'],
      ['#1d2330', '#000000'],
      ['navy', 'black'],
      ['hsl(200, 80%, 50%)', 'rgb(255, 255, 255)'],
      ['rgba(128, 60, 60, 0.3)', '#ffffff'],
      ['#767676', '#777777'],
      ['#808080', 'transparent'],
    ];
    for (const [fill, text] of chosen) {
      const set = apply([
        ['sold', 'svg', fill],
        ['sold', 'font', text],
      ]);
      expect([fill, text, badge(set, 'sold') >= AA_CONTRAST]).toEqual([fill, text, true]);
    }
    expect(
      apply([
        ['sold', 'svg', '#fde68a'],
        ['sold', 'font', '#7c2d12'],
      ]).get('--pv-sold-text'),
    ).toBe('#7c2d12');
    // Every grey from black to white, and a sweep of hues and lightnesses.
    for (let v = 0; v <= 255; v += 5) {
      const set = apply([
        ['sold', 'svg', `rgb(${v}, ${v}, ${v})`],
        ['sold', 'font', `rgb(${v}, ${v}, ${v})`],
      ]);
      expect([v, badge(set, 'sold') >= AA_CONTRAST]).toEqual([v, true]);
    }
    for (let h = 0; h < 360; h += 15)
      for (let l = 5; l <= 95; l += 10) {
        const set = apply([['sold', 'svg', `hsl(${h}, 90%, ${l}%)`]]);
        expect([h, l, badge(set, 'sold') >= AA_CONTRAST]).toEqual([h, l, true]);
      }
  });

  it('ignores malformed entries from a message', () => {
    const junk = [null, 'sold-svg', ['sold', 'svg', 5], { 0: 'sold' }] as unknown as StyleTriple[];
    expect(apply(junk).get('--pv-sold-svg')).toBe('#803c3c');
  });
});
