/**
 * What an uploaded plan may contain: one allowlist of SVG elements and attributes, one rule
 * for URLs and one for links, read by the server's sanitiser (apps/api, on upload and on
 * every save) and by the browser guard (./svg-guard.ts) in the widget and the editor. Zod-free
 * and small: the widget imports it.
 */
export const SVG_NS = 'http://www.w3.org/2000/svg';
export const XLINK_NS = 'http://www.w3.org/1999/xlink';
export const XML_NS = 'http://www.w3.org/XML/1998/namespace';
export const XMLNS_NS = 'http://www.w3.org/2000/xmlns/';

/** SVG elements a plan may use, in canonical case. Script, foreign content, animation and fonts are not among them. */
const ELEMENTS =
  'svg g defs symbol use switch a title desc path rect circle ellipse line polyline polygon text tspan textPath ' +
  'image style marker pattern clipPath mask linearGradient radialGradient stop filter feBlend feColorMatrix ' +
  'feComponentTransfer feComposite feConvolveMatrix feDiffuseLighting feDisplacementMap feDistantLight ' +
  'feDropShadow feFlood feFuncA feFuncB feFuncG feFuncR feGaussianBlur feMerge feMergeNode feMorphology ' +
  'feOffset fePointLight feSpecularLighting feSpotLight feTile feTurbulence';

/**
 * Elements whose content is text only: a plan's `<style>` is CSS, and `<title>` and `<desc>` are
 * where the HTML parser leaves SVG (HTML integration points): in a page that inlines the plan,
 * an element inside them is parsed as HTML, a self-closed `<a/>` stays open and swallows the page
 * after it, and a `<style>` there is the page's. Elements inside them are dropped, their text kept.
 */
export const TEXT_ONLY_ELEMENTS: ReadonlySet<string> = new Set(['style', 'title', 'desc']);

/** Presentation attributes: their values are parsed as CSS by browsers, so url(), escapes and functions matter. */
const PRESENTATION =
  'fill fill-opacity fill-rule stroke stroke-width stroke-opacity stroke-linecap stroke-linejoin ' +
  'stroke-miterlimit stroke-dasharray stroke-dashoffset opacity color display visibility overflow clip-path ' +
  'clip-rule mask filter marker-start marker-mid marker-end stop-color stop-opacity font-family font-size ' +
  'font-weight font-style font-variant font-stretch text-anchor dominant-baseline alignment-baseline ' +
  'baseline-shift letter-spacing word-spacing text-decoration writing-mode direction shape-rendering ' +
  'text-rendering image-rendering color-interpolation color-interpolation-filters flood-color flood-opacity ' +
  'lighting-color mix-blend-mode isolation vector-effect paint-order pointer-events cursor enable-background';

/**
 * Attributes without a namespace a plan may use, in canonical case, plus `xlink:href`,
 * `xlink:title`, `xml:space` and `xml:lang`. Every `data-*` and `aria-*` attribute is kept too.
 * Not here on purpose: event handlers, `xml:base`, `tabindex`/`autofocus`, `ping`, `src`.
 */
const ATTRIBUTES =
  'id class style lang role version viewBox preserveAspectRatio width height x y transform href target rel ' +
  'd points cx cy r rx ry x1 x2 y1 y2 dx dy rotate pathLength refX refY markerWidth markerHeight markerUnits ' +
  'orient patternUnits patternContentUnits patternTransform clipPathUnits maskUnits maskContentUnits ' +
  'gradientUnits gradientTransform spreadMethod fx fy fr offset textLength lengthAdjust startOffset method ' +
  'spacing side media ' +
  // filter primitives
  'in in2 result stdDeviation mode type values tableValues slope intercept amplitude exponent operator k1 k2 ' +
  'k3 k4 radius order kernelMatrix divisor bias targetX targetY edgeMode scale xChannelSelector ' +
  'yChannelSelector baseFrequency numOctaves seed stitchTiles surfaceScale diffuseConstant specularConstant ' +
  'specularExponent azimuth elevation z pointsAtX pointsAtY pointsAtZ limitingConeAngle filterUnits ' +
  `primitiveUnits kernelUnitLength ${PRESENTATION}`;

const canonical = (list: string) => new Map(list.split(' ').map((n) => [n.toLowerCase(), n]));
const ELEMENT_NAMES = canonical(ELEMENTS);
const ATTRIBUTE_NAMES = canonical(`${ATTRIBUTES} xlink:href xlink:title xml:space xml:lang`);

/** Every element a plan may use, and every attribute but `data-*`/`aria-*`, in canonical case (tests walk them). */
export const PLAN_ELEMENT_NAMES: readonly string[] = [...ELEMENT_NAMES.values()];
export const PLAN_ATTRIBUTE_NAMES: readonly string[] = [...ATTRIBUTE_NAMES.values()];

/** The canonical name of an allowed element (matched case-insensitively), or undefined. */
export function planElement(name: string): string | undefined {
  return ELEMENT_NAMES.get(name.toLowerCase());
}

/** The canonical name of an allowed attribute (`data-*`/`aria-*` lower-cased), or undefined. */
export function planAttribute(name: string): string | undefined {
  const lower = name.toLowerCase();
  if (/^(?:data|aria)-[a-z0-9_.:-]+$/.test(lower)) return lower;
  return ATTRIBUTE_NAMES.get(lower);
}

/**
 * Root attributes that would move, enlarge the painted area of, or unclip the plan's own
 * box in the page (the root is the one element of a plan that is a CSS box in the host).
 */
export const ROOT_DROPPED_ATTRIBUTES: ReadonlySet<string> = new Set([
  'transform',
  'overflow',
  'display',
  'filter',
  'mix-blend-mode',
  'x',
  'y',
]);

/** The presentation attributes, whose values browsers parse as CSS. */
export const CSS_VALUE_ATTRIBUTES: ReadonlySet<string> = new Set(PRESENTATION.split(' '));

/** The plan's scope marker on its root; plan CSS is rewritten to apply below it only. */
export const PLAN_SCOPE_ATTRIBUTE = 'data-planvy-plan';
/** The selector every stored plan style rule starts with (zero specificity). */
export const PLAN_SCOPE = `:where([${PLAN_SCOPE_ATTRIBUTE}])`;

// ---------------------------------------------------------------------------
// URLs and links
// ---------------------------------------------------------------------------

/** Whitespace and control characters that URL parsers skip or strip ("java\tscript:"). */
const URL_IGNORED =
  // eslint-disable-next-line no-control-regex
  /[\u0000-\u0020\u007f-\u009f\u00a0\u1680\u2000-\u200f\u2028\u2029\u202f\u205f\u3000\ufeff]+/g;
const RASTER_DATA = /^data:image\/(?:png|jpe?g|gif|webp);base64,[a-z0-9+/=]*$/i;
const WEB_LINK = /^https?:\/\/[^/\\]/i;
const MAIL_LINK = /^mailto:[^/\\]/i;

/**
 * The value to keep for an `href`/`xlink:href` on `element`, or null to drop it. Only
 * references inside the plan (`#id`), raster images inlined in `<image>`, and http(s) or
 * mailto links on `<a>` are kept; every other scheme, relative path or obfuscation is dropped.
 */
export function safePlanHref(element: string, value: string): string | null {
  const url = value.replace(URL_IGNORED, '');
  if (url.startsWith('#')) return url;
  const el = element.toLowerCase();
  if (el === 'image' && RASTER_DATA.test(url)) return url;
  if (el === 'a' && (WEB_LINK.test(url) || MAIL_LINK.test(url))) return url;
  return null;
}

/**
 * `target` and `rel` for a plan link with a kept href: web links open a new, unrelated
 * window and never navigate the page (or, in an embed, the top window) that shows the plan.
 */
export function planLinkAttributes(href: string | null): { target: string; rel: string } | null {
  return href && WEB_LINK.test(href) ? { target: '_blank', rel: 'noopener noreferrer' } : null;
}

// ---------------------------------------------------------------------------
// Characters XML 1.0 forbids
// ---------------------------------------------------------------------------

/** C0 controls except tab/LF/CR, U+FFFE/U+FFFF and lone surrogates: one makes a plan unreadable as XML. */
const XML_FORBIDDEN =
  // eslint-disable-next-line no-control-regex
  /[\u0000-\u0008\u000b\u000c\u000e-\u001f\ufffe\uffff]|[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/g;

/** Removes every character XML 1.0 forbids (a no-op, without copying, when there is none). */
export function stripXmlForbidden(text: string): string {
  XML_FORBIDDEN.lastIndex = 0;
  return XML_FORBIDDEN.test(text) ? text.replace(XML_FORBIDDEN, '') : text;
}
