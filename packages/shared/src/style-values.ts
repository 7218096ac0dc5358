/**
 * The full check of a style value, for where values are stored (the API) and typed (the
 * style editor): the form (`styleSyntaxProblem` in styles.ts, all the widget needs) and, for
 * a colour given as a word, that it is one of the CSS colour names. Zod-free and browser-safe,
 * but the widget does not import it, so the names list stays out of its bundle.
 */
import {
  isColorSyntax,
  isColorWord,
  styleKey,
  styleSyntaxProblem,
  type StyleKey,
  type StyleProblem,
} from './styles';

/** The 148 CSS colour names and `transparent`. */
export const CSS_COLOR_NAMES: ReadonlySet<string> = new Set(
  (
    'aliceblue antiquewhite aqua aquamarine azure beige bisque black blanchedalmond blue blueviolet brown ' +
    'burlywood cadetblue chartreuse chocolate coral cornflowerblue cornsilk crimson cyan darkblue darkcyan ' +
    'darkgoldenrod darkgray darkgreen darkgrey darkkhaki darkmagenta darkolivegreen darkorange darkorchid darkred ' +
    'darksalmon darkseagreen darkslateblue darkslategray darkslategrey darkturquoise darkviolet deeppink ' +
    'deepskyblue dimgray dimgrey dodgerblue firebrick floralwhite forestgreen fuchsia gainsboro ghostwhite gold ' +
    'goldenrod gray green greenyellow grey honeydew hotpink indianred indigo ivory khaki lavender lavenderblush ' +
    'lawngreen lemonchiffon lightblue lightcoral lightcyan lightgoldenrodyellow lightgray lightgreen lightgrey ' +
    'lightpink lightsalmon lightseagreen lightskyblue lightslategray lightslategrey lightsteelblue lightyellow lime ' +
    'limegreen linen magenta maroon mediumaquamarine mediumblue mediumorchid mediumpurple mediumseagreen ' +
    'mediumslateblue mediumspringgreen mediumturquoise mediumvioletred midnightblue mintcream mistyrose moccasin ' +
    'navajowhite navy oldlace olive olivedrab orange orangered orchid palegoldenrod palegreen paleturquoise ' +
    'palevioletred papayawhip peachpuff peru pink plum powderblue purple rebeccapurple red rosybrown royalblue ' +
    'saddlebrown salmon sandybrown seagreen seashell sienna silver skyblue slateblue slategray slategrey snow ' +
    'springgreen steelblue tan teal thistle tomato turquoise violet wheat white whitesmoke yellow yellowgreen transparent'
  ).split(' '),
);

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
