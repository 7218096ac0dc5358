/**
 * What CSS an uploaded plan may keep, shared by the server's rewrite (css-tree) and the
 * browser guard (the browser's own CSS parser): which properties, which functions in a
 * value, which selectors, and how every rule is confined to the plan (PLAN_SCOPE). Nothing
 * here can fetch, run code, or reach an element outside the plan. Zod-free: the widget imports it.
 */
import { PLAN_SCOPE } from './svg-policy';

/** Properties that paint or lay out SVG content (longhands too: browsers expand shorthands). */
const PROPERTIES = new Set(
  (
    'fill fill-opacity fill-rule stroke stroke-dasharray stroke-dashoffset stroke-linecap stroke-linejoin ' +
    'stroke-miterlimit stroke-opacity stroke-width opacity color display visibility clip-path clip-rule mask ' +
    'mask-type filter marker marker-start marker-mid marker-end stop-color stop-opacity flood-color ' +
    'flood-opacity lighting-color color-interpolation color-interpolation-filters color-rendering ' +
    'shape-rendering text-rendering image-rendering paint-order vector-effect pointer-events cursor ' +
    'mix-blend-mode isolation overflow overflow-x overflow-y line-height letter-spacing word-spacing ' +
    'white-space white-space-collapse text-wrap-mode text-anchor dominant-baseline alignment-baseline ' +
    'baseline-shift writing-mode direction unicode-bidi text-transform text-orientation transform ' +
    'transform-origin transform-box x y cx cy r rx ry width height background background-color'
  ).split(' '),
);
/** Families of longhands, allowed by prefix. */
const PROPERTY_PREFIXES = ['font-', 'text-decoration', 'mask-', 'background-'];

/**
 * On the plan's root, the one element that is a CSS box in the host page, only what paints
 * inside that box: nothing that moves it, sizes it, unclips it or paints past its edges.
 */
const ROOT_EXCLUDED = new Set(
  'display overflow overflow-x overflow-y transform transform-origin transform-box filter mix-blend-mode isolation x y width height clip-path mask mask-type'.split(
    ' ',
  ),
);

/** Whether a declaration of `property` (lower case, unescaped) may stay, on the root or any other element. */
export function cssPropertyAllowed(property: string, onRoot = false): boolean {
  const name = property.toLowerCase();
  if (onRoot && (ROOT_EXCLUDED.has(name) || name.startsWith('mask-'))) return false;
  return PROPERTIES.has(name) || PROPERTY_PREFIXES.some((p) => name.startsWith(p));
}

/**
 * Functions a value may call: colours, maths, transforms, filters, gradients and basic
 * shapes. Not url() (only `url(#id)` is allowed, separately), image-set(), image(),
 * cross-fade(), element(), paint(), var(), env(), attr(), expression() or anything unknown.
 */
const FUNCTIONS = new Set(
  (
    'rgb rgba hsl hsla hwb lab lch oklab oklch color color-mix light-dark calc min max clamp round mod rem abs ' +
    'sign translate translatex translatey translatez translate3d rotate rotatex rotatey rotatez rotate3d scale ' +
    'scalex scaley scalez scale3d skew skewx skewy matrix matrix3d perspective blur brightness contrast ' +
    'drop-shadow grayscale hue-rotate invert saturate sepia linear-gradient radial-gradient conic-gradient ' +
    'repeating-linear-gradient repeating-radial-gradient repeating-conic-gradient inset circle ellipse polygon path'
  ).split(' '),
);
/** `opacity()` is a filter function and a property name alike. */
FUNCTIONS.add('opacity');

export function cssFunctionAllowed(name: string): boolean {
  return FUNCTIONS.has(name.toLowerCase());
}

/** A url() target a plan may keep: a reference inside the plan. */
export function cssUrlAllowed(target: string): boolean {
  return target.trim().startsWith('#');
}

const IDENT_CHAR = /[-\w\u0080-\uffff]/;

/**
 * Checks a CSS value as text, strictly: no escapes, comments, braces or semicolons, every
 * string closed, every function allowed, every url() a `#reference`. Used on values the
 * browser's own parser has already serialised, and on presentation attributes.
 */
export function cssValueAllowed(value: string): boolean {
  if (/[\\{};]|\/\*|<!--/.test(value)) return false;
  for (let i = 0; i < value.length; i++) {
    const ch = value[i]!;
    if (ch === '"' || ch === "'") {
      const end = value.indexOf(ch, i + 1);
      if (end < 0) return false;
      i = end;
    } else if (ch === '(') {
      let start = i;
      while (start > 0 && IDENT_CHAR.test(value[start - 1]!)) start--;
      const name = value.slice(start, i).toLowerCase();
      if (name === 'url') {
        const end = value.indexOf(')', i);
        if (end < 0) return false;
        const target = value
          .slice(i + 1, end)
          .trim()
          .replace(/^(["'])(.*)\1$/, '$2');
        if (!cssUrlAllowed(target) || /["'()]/.test(target)) return false;
        i = end;
      } else if (!cssFunctionAllowed(name)) {
        return false;
      }
    }
  }
  return true;
}

/**
 * Rebuilds a declaration list (a `style` attribute, or the body of a rule as the browser
 * serialised it) from what is allowed: `name:value` pairs joined by `;`, without
 * `!important`, so plan rules never beat the app's own (status colours). Anything it
 * cannot read with certainty is dropped, never guessed at.
 */
export function sanitizeDeclarations(text: string, onRoot = false): string {
  const out: string[] = [];
  for (const part of splitOutside(text, ';')) {
    const colon = part.indexOf(':');
    if (colon < 0) continue;
    const name = part.slice(0, colon).trim().toLowerCase();
    let value = part.slice(colon + 1).trim();
    const important = /!\s*important\s*$/i.exec(value);
    if (important) value = value.slice(0, important.index).trim();
    if (!/^-?[a-z][a-z0-9-]*$/.test(name) || !value || !cssPropertyAllowed(name, onRoot)) continue;
    if (!cssValueAllowed(value)) continue;
    out.push(`${name}:${value}`);
  }
  return out.join(';');
}

/** Splits on `sep` outside strings, parentheses and brackets (a quoted "(" or "," counts as text). */
export function splitOutside(text: string, sep: string): string[] {
  const parts: string[] = [];
  let depth = 0;
  let quote = '';
  let start = 0;
  for (let i = 0; i < text.length; i++) {
    const ch = text[i]!;
    if (quote) {
      if (ch === '\\') i++;
      else if (ch === quote) quote = '';
    } else if (ch === '\\') i++;
    else if (ch === '"' || ch === "'") quote = ch;
    else if (ch === '(' || ch === '[') depth++;
    else if ((ch === ')' || ch === ']') && depth > 0) depth--;
    else if (ch === sep && depth === 0) {
      parts.push(text.slice(start, i));
      start = i + 1;
    }
  }
  parts.push(text.slice(start));
  return parts.map((p) => p.trim()).filter(Boolean);
}

/**
 * Selectors that reach out of a shadow root or a scope, or nest, and characters no
 * selector holds (a lax parser's leftovers of a broken rule): never kept.
 */
const OUTWARD = /:host|::?slotted|::?part|:scope|[&{};@\\<]/i;

/**
 * One complex selector confined to `scope` (the plan's root): the stored prefix PLAN_SCOPE
 * is replaced by `scope`, anything else gets it in front, so the rule can only match
 * elements below the plan's root. Null when the selector must go.
 */
export function scopeSelector(selector: string, scope: string = PLAN_SCOPE): string | null {
  let sel = selector.trim();
  const withoutStrings = sel.replace(/"(?:[^"\\]|\\.)*"|'(?:[^'\\]|\\.)*'/g, '""');
  if (!sel || OUTWARD.test(withoutStrings) || /^[>+~]/.test(sel)) return null;
  if (sel.startsWith(`${PLAN_SCOPE} `)) {
    const rest = sel.slice(PLAN_SCOPE.length).trim();
    if (rest && !/^[>+~]/.test(rest)) sel = rest;
  }
  return `${scope} ${sel}`;
}

/**
 * A stored stylesheet confined to `scope` instead of PLAN_SCOPE, without parsing it again: the
 * server's sanitiser writes every selector as `${PLAN_SCOPE} …`, so replacing each occurrence
 * of the prefix leaves every rule starting with `scope` (an occurrence elsewhere, in a string
 * or deeper in a selector, only narrows what a rule matches). For sanitised markup only.
 */
export function rescopeStylesheet(css: string, scope: string): string {
  return css.split(PLAN_SCOPE).join(scope);
}

/** A selector list confined to `scope`; null when nothing of it may stay. */
export function scopeSelectorList(list: string, scope: string = PLAN_SCOPE): string | null {
  const kept = splitOutside(list, ',')
    .map((s) => scopeSelector(s, scope))
    .filter((s): s is string => s !== null);
  return kept.length ? kept.join(',') : null;
}
