/**
 * The full check of a style value, for where values are stored (the API) and typed (the
 * style editor): the form (`styleSyntaxProblem` in styles.ts, all the widget needs) and, for
 * a colour given as a word, that it is one of the CSS colour names. Zod-free and browser-safe,
 * but the widget does not import it, so the names list stays out of its bundle.
 */
import { colorsNamed } from 'culori/fn';
import {
  isColorSyntax,
  isColorWord,
  styleKey,
  styleSyntaxProblem,
  type StyleKey,
  type StyleProblem,
} from './styles';

/** The 148 CSS colour names (culori's table, which parseColor reads too) and `transparent`. */
export const CSS_COLOR_NAMES: ReadonlySet<string> = new Set([...Object.keys(colorsNamed), 'transparent']);

/** #hex, rgb()/rgba(), hsl()/hsla() with numbers, or a CSS colour name. */
export function isColor(value: string): boolean {
  return isColorSyntax(value) && (!isColorWord(value) || CSS_COLOR_NAMES.has(value.toLowerCase()));
}

/** Checks one value for a key; null when it may be stored and reach CSS. */
export function styleValueProblem(def: StyleKey, raw: string): StyleProblem | null {
  const problem = styleSyntaxProblem(def, raw);
  if (problem || def.kind !== 'color') return problem;
  return isColor(raw.trim()) ? null : 'color';
}

/** A key's problem by name, 'unknown' for a name outside the catalogue. */
export function styleProblem(name: string, value: string): StyleProblem | null {
  const def = styleKey(name);
  return def ? styleValueProblem(def, value) : 'unknown';
}
