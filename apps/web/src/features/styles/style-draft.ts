import {
  AA_CONTRAST,
  contrastRatio,
  deltaE2000,
  DISTINCT_DELTA_E,
  formatStyleEntry,
  parseColor,
  STYLE_KEYS,
  styleKey,
  styleValueProblem,
  type Rgba,
  type StyleProblem,
  type StyleTriple,
  type ThemeEntry,
  zoneColour,
} from '@planvy/shared';

/**
 * The style editor's working copy: one value per catalogue key (`{key}-{attr}` → value),
 * defaults included, so a field always has something to show. Only values that differ from
 * the default are saved (to the project or a theme); a value back at its default is removed.
 */
export type StyleDraft = Readonly<Record<string, string>>;

export function defaultDraft(): StyleDraft {
  return Object.fromEntries(STYLE_KEYS.map((k) => [k.name, k.default]));
}

/** The defaults with a project's own triples over them; unknown keys are left out. */
export function draftFromTriples(triples: readonly StyleTriple[]): StyleDraft {
  const draft: Record<string, string> = { ...defaultDraft() };
  for (const [key, attr, value] of triples) {
    const name = `${key}-${attr}`;
    if (styleKey(name)) draft[name] = value;
  }
  return draft;
}

/** The defaults with a theme's values over them: applying a theme gives exactly its look. */
export function draftFromTheme(data: readonly ThemeEntry[]): StyleDraft {
  const draft: Record<string, string> = { ...defaultDraft() };
  for (const { attr, val } of data) if (styleKey(attr)) draft[attr] = val;
  return draft;
}

const same = (a: string | undefined, b: string | undefined) => (a ?? '').trim() === (b ?? '').trim();

/** [name, trimmed value] of every key that differs from its default, in catalogue order. */
export function draftOverrides(draft: StyleDraft): [string, string][] {
  return STYLE_KEYS.filter((k) => !same(draft[k.name], k.default)).map((k) => [
    k.name,
    (draft[k.name] ?? '').trim(),
  ]);
}

/** The body of POST /admin/scss/{projectId}: `name:value` strings. */
export function draftToScss(draft: StyleDraft): string[] {
  return draftOverrides(draft).map(([name, value]) => formatStyleEntry(name, value));
}

/** The `data` of a theme: `{attr, val}` entries. */
export function draftToThemeData(draft: StyleDraft): ThemeEntry[] {
  return draftOverrides(draft).map(([attr, val]) => ({ attr, val }));
}

/** Every key as a triple (what the widget preview is sent); a value still refused shows as its default. */
export function draftToTriples(draft: StyleDraft): StyleTriple[] {
  return STYLE_KEYS.map((k) => {
    const value = draft[k.name] ?? k.default;
    return [k.key, k.attr, styleValueProblem(k, value) ? k.default : value];
  });
}

/** Names of the keys whose value differs between two drafts. */
export function changedKeys(draft: StyleDraft, saved: StyleDraft): string[] {
  return STYLE_KEYS.filter((k) => !same(draft[k.name], saved[k.name])).map((k) => k.name);
}

/** The keys whose value the API would refuse, with why. */
export function draftProblems(draft: StyleDraft): Map<string, StyleProblem> {
  const problems = new Map<string, StyleProblem>();
  for (const k of STYLE_KEYS) {
    const problem = styleValueProblem(k, draft[k.name] ?? '');
    if (problem) problems.set(k.name, problem);
  }
  return problems;
}

/** Resolves a CSS colour to RGBA (parseColor reads every form the editor accepts). */
export type ColorResolver = (value: string) => Rgba | null;

export interface ContrastWarning {
  /** The text colour key, e.g. `sold-font` or `font-color`. */
  text: string;
  /** The background key, e.g. `sold-svg` or `main-background`. */
  background: string;
  ratio: number;
}

/**
 * Text/background pairs below WCAG AA (4.5:1): each status's text on its fill, and the page
 * text on the page background. Pairs with a colour that cannot be resolved are skipped.
 */
export function contrastWarnings(
  draft: StyleDraft,
  resolve: ColorResolver = (v) => parseColor(v),
): ContrastWarning[] {
  const pairs: [string, string][] = STYLE_KEYS.filter((k) => k.status && k.attr === 'svg').map((k) => [
    `${k.key}-font`,
    k.name,
  ]);
  pairs.push(['font-color', 'main-background']);
  const warnings: ContrastWarning[] = [];
  for (const [text, background] of pairs) {
    const fg = resolve(draft[text] ?? '');
    const bg = resolve(draft[background] ?? '');
    if (!fg || !bg) continue;
    const ratio = contrastRatio(fg, bg);
    if (ratio < AA_CONTRAST) warnings.push({ text, background, ratio });
  }
  return warnings;
}

export interface ZoneColourWarning {
  /** A status fill key, e.g. `reserved-svg`. */
  fill: string;
  /** Another status fill key, or `plan-background` when the zone nearly vanishes into the plan. */
  other: string;
  /** Their CIEDE2000 difference as a buyer sees them, below DISTINCT_DELTA_E. */
  deltaE: number;
}

/**
 * Zone colours a buyer would hardly tell apart (ADR 026): each pair of the given status fills,
 * and each fill against the background under the plan, compared as the widget draws zones (at
 * the zone opacity, over that background) by CIEDE2000, below DISTINCT_DELTA_E. `fills` are
 * fill keys (`sold-svg`); pairs with a colour that cannot be resolved are skipped.
 */
export function zoneColourWarnings(
  draft: StyleDraft,
  fills: readonly string[],
  resolve: ColorResolver = (v) => parseColor(v),
): ZoneColourWarning[] {
  const background = resolve(draft['plan-background'] ?? '');
  const opacity = Number(draft['zone-opacity']);
  if (!background || !Number.isFinite(opacity)) return [];
  const zones = fills.flatMap((fill) => {
    const colour = resolve(draft[fill] ?? '');
    return colour ? [{ fill, seen: zoneColour(colour, opacity, background) }] : [];
  });
  const plan = zoneColour(background, 1, background);
  const warnings: ZoneColourWarning[] = [];
  zones.forEach((a, i) => {
    for (const b of zones.slice(i + 1)) {
      const deltaE = deltaE2000(a.seen, b.seen);
      if (deltaE < DISTINCT_DELTA_E) warnings.push({ fill: a.fill, other: b.fill, deltaE });
    }
  });
  for (const a of zones) {
    const deltaE = deltaE2000(a.seen, plan);
    if (deltaE < DISTINCT_DELTA_E) warnings.push({ fill: a.fill, other: 'plan-background', deltaE });
  }
  return warnings;
}
