/**
 * Colour arithmetic for the style editor, the widget's status badges and their tests
 * (zod-free, browser-safe): parsing every form the style editor accepts (hex, rgb()/rgba(),
 * hsl()/hsla(), the CSS colour names), WCAG contrast, the readable text colour on a fill,
 * alpha compositing and the CIEDE2000 colour difference (culori's).
 */
import { colorsNamed, differenceCiede2000, modeLab65, useMode, type Rgb } from 'culori/fn';

export interface Rgba {
  r: number;
  g: number;
  b: number;
  /** 0–1 */
  a: number;
}

/** WCAG 2 AA for body text. */
export const AA_CONTRAST = 4.5;

const clamp = (n: number, lo: number, hi: number) => Math.min(hi, Math.max(lo, n));

function channel(part: string, max: number): number {
  const n = parseFloat(part);
  return part.endsWith('%') ? (n / 100) * max : n;
}

function alpha(part: string | undefined): number {
  if (part === undefined) return 1;
  return clamp(part.endsWith('%') ? parseFloat(part) / 100 : parseFloat(part), 0, 1);
}

function hslToRgb(h: number, s: number, l: number): [number, number, number] {
  const hue = (((h % 360) + 360) % 360) / 360;
  const sat = clamp(s, 0, 1);
  const light = clamp(l, 0, 1);
  const q = light < 0.5 ? light * (1 + sat) : light + sat - light * sat;
  const p = 2 * light - q;
  const f = (t: number) => {
    const x = t < 0 ? t + 1 : t > 1 ? t - 1 : t;
    if (x < 1 / 6) return p + (q - p) * 6 * x;
    if (x < 1 / 2) return q;
    if (x < 2 / 3) return p + (q - p) * (2 / 3 - x) * 6;
    return p;
  };
  return [f(hue + 1 / 3) * 255, f(hue) * 255, f(hue - 1 / 3) * 255];
}

const NAMED: Readonly<Record<string, number>> = colorsNamed;

/** A colour in hex, rgb[a]() or hsl[a]() form or a CSS colour name, or null (keywords, anything else). */
export function parseColor(value: string): Rgba | null {
  const v = value.trim().toLowerCase();
  if (v === 'transparent') return { r: 0, g: 0, b: 0, a: 0 };
  const named = Object.hasOwn(NAMED, v) ? NAMED[v] : undefined;
  if (named !== undefined) return { r: named >> 16, g: (named >> 8) & 255, b: named & 255, a: 1 };
  const hex = /^#([0-9a-f]{3,4}|[0-9a-f]{6}|[0-9a-f]{8})$/.exec(v)?.[1];
  if (hex) {
    const full = hex.length <= 4 ? [...hex].map((c) => c + c).join('') : hex;
    const n = (i: number) => parseInt(full.slice(i, i + 2), 16);
    return { r: n(0), g: n(2), b: n(4), a: full.length === 8 ? n(6) / 255 : 1 };
  }
  const fn = /^(rgba?|hsla?)\((.*)\)$/.exec(v);
  if (!fn) return null;
  const parts = fn[2]!
    .split(/\s*[,/]\s*|\s+/)
    .map((p) => p.trim())
    .filter(Boolean);
  if (parts.length < 3 || parts.length > 4 || parts.some((p) => Number.isNaN(parseFloat(p)))) return null;
  if (fn[1]!.startsWith('rgb')) {
    const [r, g, b] = parts.slice(0, 3).map((p) => clamp(channel(p, 255), 0, 255)) as [
      number,
      number,
      number,
    ];
    return { r, g, b, a: alpha(parts[3]) };
  }
  const [r, g, b] = hslToRgb(parseFloat(parts[0]!), channel(parts[1]!, 1), channel(parts[2]!, 1));
  return { r, g, b, a: alpha(parts[3]) };
}

function luminance({ r, g, b }: Rgba): number {
  const lin = (c: number) => {
    const s = c / 255;
    return s <= 0.03928 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
  };
  return 0.2126 * lin(r) + 0.7152 * lin(g) + 0.0722 * lin(b);
}

/** `top` painted over `bottom` (alpha compositing); opaque when `bottom` is. */
export function over(top: Rgba, bottom: Rgba): Rgba {
  const mix = (t: number, b: number) => t * top.a + b * (1 - top.a);
  return { r: mix(top.r, bottom.r), g: mix(top.g, bottom.g), b: mix(top.b, bottom.b), a: 1 };
}

export const WHITE: Rgba = { r: 255, g: 255, b: 255, a: 1 };
export const BLACK: Rgba = { r: 0, g: 0, b: 0, a: 1 };

/**
 * The WCAG contrast ratio (1–21) of text in `fg` on `bg`. A translucent background is
 * taken over white (the page under the widget), a translucent text colour over the background.
 */
export function contrastRatio(fg: Rgba, bg: Rgba): number {
  const back = bg.a < 1 ? over(bg, WHITE) : bg;
  const front = fg.a < 1 ? over(fg, back) : fg;
  const [hi, lo] = [luminance(front), luminance(back)].sort((x, y) => y - x) as [number, number];
  return (hi + 0.05) / (lo + 0.05);
}

/**
 * The text colour for a badge filled with `fill` (taken over white when translucent, as the
 * badges are drawn): `preferred` when it reaches WCAG AA on it, else black or white, whichever
 * contrasts more. One of the two always reaches 4.58:1, whatever the fill.
 */
export function readableText(fill: Rgba, preferred?: Rgba | null): Rgba {
  if (preferred && contrastRatio(preferred, fill) >= AA_CONTRAST) return preferred;
  return contrastRatio(BLACK, fill) >= contrastRatio(WHITE, fill) ? BLACK : WHITE;
}

/** #rrggbb of an opaque colour (channels rounded). */
export function toHex({ r, g, b }: Rgba): string {
  return `#${[r, g, b].map((c) => Math.round(c).toString(16).padStart(2, '0')).join('')}`;
}

/**
 * Below this CIEDE2000 difference two zone colours, as a buyer sees them on the plan, are
 * hard to tell apart (ADR 026): about five times the difference people notice side by side,
 * since zones are small, translucent and apart, and a buyer must match them to the legend.
 */
export const DISTINCT_DELTA_E = 10;

let ciede2000: ReturnType<typeof differenceCiede2000> | undefined;

/** The CIEDE2000 difference of two colours (alpha ignored: composite them first). */
export function deltaE2000(a: Rgba, b: Rgba): number {
  // Registered on first use, so a bundle that never measures a difference leaves it out.
  ciede2000 ??= (useMode(modeLab65), differenceCiede2000());
  const rgb = ({ r, g, b }: Rgba): Rgb => ({ mode: 'rgb', r: r / 255, g: g / 255, b: b / 255 });
  return ciede2000(rgb(a), rgb(b));
}

/** A status fill as a zone shows it: at the zone opacity, over the plan's background. */
export function zoneColour(fill: Rgba, opacity: number, background: Rgba): Rgba {
  return over({ ...fill, a: fill.a * opacity }, over(background, WHITE));
}
