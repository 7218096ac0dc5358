/**
 * The style key catalogue (spec §3 Theme, §7 Styles): every value a project can style,
 * with its kind, default, group and labels, and the check of a value's form (the colour
 * names are checked on top of it in `style-values.ts`, which the widget leaves out). Zod-free and
 * browser-safe: the widget imports it by path (`@planvy/shared/styles`); the API's zod
 * schemas are in `styles-schema.ts`, which the widget never imports. Labels live in their
 * own constant so the widget's bundle drops them.
 */
import { parseColor, readableText, toHex } from './color-contrast';
import type { Language } from './language';
import { INACTIVE_COLOR, STATUSES, statusLabel, type ProjectTypeForStatus } from './statuses';

/** One style value: [key, attr, value] (spec §3 "Project styles", §7 Styles). */
export type StyleTriple = [key: string, attr: string, value: string];

/**
 * What a value is, which decides what it may look like:
 * - color: #rgb, #rgba, #rrggbb, #rrggbbaa, rgb()/rgba(), hsl()/hsla() with numbers, or a CSS colour name
 * - size: a number with px, em, rem or % inside the key's range (em/rem/% against 16 px)
 * - width: a number with px (240–4000), % (10–100) or em/rem (15–250)
 * - fontStyle: normal or italic
 * - fontFamily: up to 10 comma-separated names of letters, digits, spaces and hyphens, each quoted or not
 * - opacity: a number from 0 to 1
 * - pattern: hatch or none (a second cue besides colour, ADR 026)
 */
export type StyleKind = 'color' | 'size' | 'width' | 'fontStyle' | 'fontFamily' | 'opacity' | 'pattern';

/** The editor's groups, as a designer thinks of them. */
export const STYLE_GROUPS = ['statuses', 'page', 'list', 'labels'] as const;
export type StyleGroup = (typeof STYLE_GROUPS)[number];

export interface StyleKey {
  /** `{key}-{attr}`: the name in `name:value` strings, theme entries and the `--pv-{name}` property. */
  name: string;
  key: string;
  attr: string;
  kind: StyleKind;
  default: string;
  group: StyleGroup;
  /** Status keys: the status alias, or 'inactive'. */
  status?: string;
  /** Sizes: the allowed range in px. */
  min?: number;
  max?: number;
}

export const DEFAULT_FONT_FAMILY = 'system-ui, -apple-system, "Segoe UI", Roboto, sans-serif';

/** [key, attr, kind, default, group, min px, max px] of every key that is not a status colour. */
const OTHER_KEYS = [
  ['zone', 'opacity', 'opacity', '0.55', 'statuses'],
  ['zone', 'hoverOpacity', 'opacity', '0.85', 'statuses'],
  ['sold', 'pattern', 'pattern', 'hatch', 'statuses'],
  ['main', 'background', 'color', '#ffffff', 'page'],
  ['main', 'width', 'width', '100%', 'page'],
  ['plan', 'background', 'color', '#f4f5f7', 'page'],
  ['font', 'color', 'color', '#1d2330', 'page'],
  ['font', 'size', 'size', '16px', 'page', 10, 40],
  ['font', 'style', 'fontStyle', 'normal', 'page'],
  ['font', 'family', 'fontFamily', DEFAULT_FONT_FAMILY, 'page'],
  ['accent', 'color', 'color', '#1f6feb', 'page'],
  ['overlay', 'background', 'color', 'rgba(17, 24, 39, 0.55)', 'page'],
  ['filter', 'background', 'color', '#f4f5f7', 'list'],
  ['filter', 'color', 'color', '#1d2330', 'list'],
  ['filter', 'family', 'fontFamily', 'inherit', 'list'],
  ['filter', 'size', 'size', '1em', 'list', 10, 40],
  ['list', 'background', 'color', '#ffffff', 'list'],
  ['list', 'color', 'color', '#1d2330', 'list'],
  ['list', 'stripe', 'color', '#f7f8fa', 'list'],
  ['list', 'highlight', 'color', '#fff4d6', 'list'],
  ['label', 'background', 'color', '#ffffff', 'labels'],
  ['label', 'color', 'color', '#1d2330', 'labels'],
  ['title', 'color', 'color', '#1d2330', 'labels'],
  ['title', 'size', 'size', '24px', 'labels', 12, 96],
  ['title', 'family', 'fontFamily', 'inherit', 'labels'],
] as const satisfies readonly (
  | readonly [string, string, StyleKind, string, StyleGroup]
  | readonly [string, string, StyleKind, string, StyleGroup, number, number]
)[];

type RowName<R> = R extends readonly [infer K extends string, infer A extends string, ...unknown[]]
  ? `${K}-${A}`
  : never;
type OtherName = RowName<(typeof OTHER_KEYS)[number]>;

const statusKeys = (styleKey: string, status: string, color: string): StyleKey[] => [
  {
    name: `${styleKey}-svg`,
    key: styleKey,
    attr: 'svg',
    kind: 'color',
    default: color,
    group: 'statuses',
    status,
  },
  {
    name: `${styleKey}-font`,
    key: styleKey,
    attr: 'font',
    kind: 'color',
    // Black or white, whichever reads on the fill (a unit test checks every default pair).
    default: toHex(readableText(parseColor(color)!)),
    group: 'statuses',
    status,
  },
];

/** Every style key, in the editor's order. */
export const STYLE_KEYS: readonly StyleKey[] = [
  ...STATUSES.flatMap((s) => statusKeys(s.styleKey, s.alias, s.color)),
  ...statusKeys('inactive', 'inactive', INACTIVE_COLOR),
  ...OTHER_KEYS.map((row): StyleKey => {
    const [key, attr, kind, value, group] = row;
    const range = row.length === 7 ? { min: row[5], max: row[6] } : {};
    return { name: `${key}-${attr}`, key, attr, kind, default: value, group, ...range };
  }),
];

const byName = new Map(STYLE_KEYS.map((k) => [k.name, k]));

export function styleKey(name: string): StyleKey | undefined {
  return byName.get(name);
}

/** The default styles every project starts from; a project's own triples override these. */
export const DEFAULT_STYLES: StyleTriple[] = STYLE_KEYS.map((k) => [k.key, k.attr, k.default]);

// ---------------------------------------------------------------------------
// Validation: the only gate between what an admin types and CSS.
// ---------------------------------------------------------------------------

export const STYLE_VALUE_MAX_LENGTH = 200;

/** Why a value is refused: the key is unknown, the value empty or too long, the kind or its range. */
export type StyleProblem = 'unknown' | 'empty' | 'tooLong' | 'range' | StyleKind;

/**
 * A colour keyword's shape. Which words are CSS colours is checked where values are stored
 * and typed (`styleValueProblem`, style-values.ts); a word cannot carry anything but a
 * keyword into a custom property, so the widget needs only this and keeps the names list out
 * of its bundle.
 */
const COLOR_WORD = /^[a-z]{3,20}$/i;

const NUM = String.raw`(?:\d{1,3}(?:\.\d{1,4})?|\.\d{1,4})`;
const SEP = String.raw`(?:\s*,\s*|\s+)`;
const ALPHA = String.raw`(?:\s*[,/]\s*${NUM}%?)?`;
const RGB = new RegExp(String.raw`^rgba?\(\s*${NUM}%?${SEP}${NUM}%?${SEP}${NUM}%?${ALPHA}\s*\)$`, 'i');
const HSL = new RegExp(String.raw`^hsla?\(\s*${NUM}(?:deg)?${SEP}${NUM}%${SEP}${NUM}%${ALPHA}\s*\)$`, 'i');
const HEX = /^#(?:[0-9a-f]{3,4}|[0-9a-f]{6}|[0-9a-f]{8})$/i;
const LENGTH = /^(\d{1,4}(?:\.\d{1,3})?|\.\d{1,3})(px|em|rem|%)$/;
const FAMILY = /^(?:"[A-Za-z0-9 -]{1,60}"|'[A-Za-z0-9 -]{1,60}'|-?[A-Za-z][A-Za-z0-9 -]{0,59})$/;
const OPACITY = /^(?:0(?:\.\d{1,3})?|1(?:\.0{1,3})?|\.\d{1,3})$/;

/** #hex, rgb()/rgba(), hsl()/hsla() with numbers, or a word shaped like a colour name. */
export function isColorSyntax(value: string): boolean {
  return HEX.test(value) || RGB.test(value) || HSL.test(value) || COLOR_WORD.test(value);
}

/** A bare word (a colour name, if anything), as opposed to a hex or functional colour. */
export function isColorWord(value: string): boolean {
  return COLOR_WORD.test(value);
}

function sizeProblem(def: StyleKey, value: string): StyleProblem | null {
  const m = LENGTH.exec(value);
  if (!m) return 'size';
  const n = Number(m[1]);
  const px = m[2] === 'px' ? n : m[2] === '%' ? (n / 100) * 16 : n * 16;
  return px < (def.min ?? 0) || px > (def.max ?? Infinity) ? 'range' : null;
}

function widthProblem(value: string): StyleProblem | null {
  const m = LENGTH.exec(value);
  if (!m) return 'width';
  const n = Number(m[1]);
  const [lo, hi] = m[2] === 'px' ? [240, 4000] : m[2] === '%' ? [10, 100] : [15, 250];
  return n < lo || n > hi ? 'range' : null;
}

function familyOk(value: string): boolean {
  const names = value.split(',').map((n) => n.trim());
  return names.length <= 10 && names.every((n) => FAMILY.test(n));
}

/**
 * Checks one value's form for a key; null when it may reach CSS. Everything but colour names
 * is checked in full; a colour must be hex, rgb()/hsl() or a word, and whether that word is a
 * CSS colour is `styleValueProblem`'s job (style-values.ts), which is what the API and the
 * editor use. Surrounding spaces are ignored (callers store the trimmed value).
 */
export function styleSyntaxProblem(def: StyleKey, raw: string): StyleProblem | null {
  if (typeof raw !== 'string') return def.kind;
  if (raw.length > STYLE_VALUE_MAX_LENGTH) return 'tooLong';
  const value = raw.trim();
  if (value === '') return 'empty';
  switch (def.kind) {
    case 'color':
      return isColorSyntax(value) ? null : 'color';
    case 'size':
      return sizeProblem(def, value);
    case 'width':
      return widthProblem(value);
    case 'fontStyle':
      return value === 'normal' || value === 'italic' ? null : 'fontStyle';
    case 'fontFamily':
      return familyOk(value) ? null : 'fontFamily';
    case 'opacity':
      return OPACITY.test(value) ? null : 'opacity';
    case 'pattern':
      return value === 'hatch' || value === 'none' ? null : 'pattern';
  }
}

/**
 * The string form of spec §7 (`POST /scss/{projectId} {scss: [...]}`): `{key}-{attr}:{value}`,
 * e.g. `sold-svg:#803c3c`. The name ends at the first colon; the value is the rest.
 */
export function formatStyleEntry(name: string, value: string): string {
  return `${name}:${value}`;
}

export function parseStyleEntry(entry: string): { name: string; value: string } {
  const at = entry.indexOf(':');
  return at < 0
    ? { name: entry.trim(), value: '' }
    : { name: entry.slice(0, at).trim(), value: entry.slice(at + 1) };
}

/** Defaults first, then the project's own triples, later ones winning. */
export function mergeStyles(...lists: StyleTriple[][]): StyleTriple[] {
  const merged = new Map<string, StyleTriple>();
  for (const list of lists) for (const t of list) merged.set(`${t[0]}\u0000${t[1]}`, t);
  return [...merged.values()];
}

/** Looks a value up in a merged list. */
export function styleValue(styles: readonly StyleTriple[], key: string, attr: string): string | undefined {
  for (let i = styles.length - 1; i >= 0; i--) {
    const t = styles[i]!;
    if (t[0] === key && t[1] === attr) return t[2];
  }
  return undefined;
}

/**
 * The text colour of a status badge: the project's text colour for that status when it reaches
 * WCAG AA on the fill, else black or white, whichever reads (ADR 026). Badges draw a translucent
 * fill over white, which is what this measures against. Without a text colour, or with a value
 * that is no colour (only a form check ran), black or white.
 */
export function badgeTextColor(fill: string, text = ''): string {
  const back = parseColor(fill);
  if (!back) return '#000000';
  const front = parseColor(text);
  const chosen = readableText(back, front);
  return chosen === front ? text : toHex(chosen);
}

/**
 * The project's look as CSS custom properties (`--pv-{name}`, value): every key of the
 * catalogue, with its value from `styles` when its form is valid (`styleSyntaxProblem`; stored
 * values passed the full check), else its default; then each status's badge text colour
 * (`--pv-{key}-text`, `badgeTextColor`). A pattern is 1 (drawn) or 0. The forms allowed (hex,
 * rgb()/hsl() with numbers, words, lengths, plain font names) cannot hold anything that ends a
 * declaration, a rule or a <style> element, which is why the server may write them into its
 * inlined CSS.
 */
export function styleProperties(styles: readonly StyleTriple[]): [property: string, value: string][] {
  const values = new Map<string, string>();
  for (const t of styles)
    if (Array.isArray(t) && typeof t[2] === 'string') values.set(`${t[0]}-${t[1]}`, t[2]);
  const chosen = new Map<string, string>();
  for (const def of STYLE_KEYS) {
    const value = values.get(def.name);
    chosen.set(
      def.name,
      value !== undefined && styleSyntaxProblem(def, value) === null ? value.trim() : def.default,
    );
  }
  const properties = STYLE_KEYS.map((def): [string, string] => {
    const value = chosen.get(def.name)!;
    return [`--pv-${def.name}`, def.kind === 'pattern' ? (value === 'none' ? '0' : '1') : value];
  });
  for (const def of STYLE_KEYS)
    if (def.status && def.attr === 'svg')
      properties.push([
        `--pv-${def.key}-text`,
        badgeTextColor(chosen.get(def.name)!, chosen.get(`${def.key}-font`)),
      ]);
  return properties;
}

/**
 * Applies `styleProperties` through the CSSOM (the widget's style preview, the admin plan
 * viewer). The server-rendered widget page carries the same properties in its <style>.
 */
export function applyStyles(
  target: { setProperty(property: string, value: string): void },
  styles: readonly StyleTriple[],
): void {
  for (const [property, value] of styleProperties(styles)) target.setProperty(property, value);
}

export { STYLE_PREVIEW_MESSAGE } from './style-preview-message';

// ---------------------------------------------------------------------------
// Labels (the editor's; the widget does not import them, so its bundle drops them).
// ---------------------------------------------------------------------------

type Label = { sv: string; en: string };

export const STYLE_LABELS: Record<OtherName, Label> = {
  'zone-opacity': { sv: 'Zonernas täckning', en: 'Zone opacity' },
  'zone-hoverOpacity': { sv: 'Täckning vid hovring', en: 'Opacity on hover' },
  'sold-pattern': { sv: 'Streckade sålda zoner', en: 'Hatched sold zones' },
  'main-background': { sv: 'Bakgrund', en: 'Background' },
  'main-width': { sv: 'Största bredd', en: 'Maximum width' },
  'plan-background': { sv: 'Bakgrund under planen', en: 'Background under the plan' },
  'font-color': { sv: 'Textfärg', en: 'Text colour' },
  'font-size': { sv: 'Textstorlek', en: 'Text size' },
  'font-style': { sv: 'Textstil', en: 'Text style' },
  'font-family': { sv: 'Typsnitt', en: 'Font' },
  'accent-color': { sv: 'Accentfärg (knappar, fokus)', en: 'Accent colour (buttons, focus)' },
  'overlay-background': { sv: 'Bakgrund bakom lägenhetskortet', en: 'Backdrop behind the apartment card' },
  'filter-background': { sv: 'Filtrets bakgrund', en: 'Filter background' },
  'filter-color': { sv: 'Filtrets textfärg', en: 'Filter text colour' },
  'filter-family': { sv: 'Filtrets typsnitt', en: 'Filter font' },
  'filter-size': { sv: 'Filtrets textstorlek', en: 'Filter text size' },
  'list-background': { sv: 'Listans bakgrund', en: 'List background' },
  'list-color': { sv: 'Listans textfärg', en: 'List text colour' },
  'list-stripe': { sv: 'Varannan rad', en: 'Alternate rows' },
  'list-highlight': { sv: 'Markerad rad', en: 'Highlighted row' },
  'label-background': { sv: 'Husetiketternas bakgrund', en: 'Building label background' },
  'label-color': { sv: 'Husetiketternas text', en: 'Building label text' },
  'title-color': { sv: 'Rubrikens färg', en: 'Title colour' },
  'title-size': { sv: 'Rubrikens storlek', en: 'Title size' },
  'title-family': { sv: 'Rubrikens typsnitt', en: 'Title font' },
};

const STATUS_PART: Record<'svg' | 'font', Label> = {
  svg: { sv: 'fyllning', en: 'fill' },
  font: { sv: 'text', en: 'text' },
};
const INACTIVE_LABEL: Label = { sv: 'Inaktiv', en: 'Inactive' };

/** The status a status key belongs to, as the project type names it ("Ledig" for a rental "sale"). */
export function styleStatusName(status: string, lang: Language, type: ProjectTypeForStatus = 'sale'): string {
  return status === 'inactive' ? INACTIVE_LABEL[lang] : statusLabel(status, type, lang);
}

/** A key's label, e.g. "Såld – fyllning" / "Sold – fill". */
export function styleLabel(def: StyleKey, lang: Language, type: ProjectTypeForStatus = 'sale'): string {
  if (def.status) {
    return `${styleStatusName(def.status, lang, type)} – ${STATUS_PART[def.attr as 'svg' | 'font'][lang]}`;
  }
  return STYLE_LABELS[def.name as OtherName][lang];
}
