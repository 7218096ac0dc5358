import { Parser } from 'htmlparser2';

/**
 * Rebuilds untrusted SVG markup from an allowlist: only known SVG elements and
 * attributes survive, every URL must point inside the document (or be a raster
 * data: image in <image>), CSS loses anything that can fetch or run code, and
 * DOCTYPE/ENTITY declarations, processing instructions and comments are dropped.
 * Names are matched case-insensitively and written back in their canonical case,
 * so the output is safe both as an SVG document and inlined into HTML.
 */

const ELEMENTS = [
  'svg',
  'g',
  'defs',
  'symbol',
  'use',
  'switch',
  'a',
  'title',
  'desc',
  'path',
  'rect',
  'circle',
  'ellipse',
  'line',
  'polyline',
  'polygon',
  'text',
  'tspan',
  'textPath',
  'image',
  'style',
  'marker',
  'pattern',
  'clipPath',
  'mask',
  'linearGradient',
  'radialGradient',
  'stop',
  'filter',
  'feBlend',
  'feColorMatrix',
  'feComponentTransfer',
  'feComposite',
  'feConvolveMatrix',
  'feDiffuseLighting',
  'feDisplacementMap',
  'feDistantLight',
  'feDropShadow',
  'feFlood',
  'feFuncA',
  'feFuncB',
  'feFuncG',
  'feFuncR',
  'feGaussianBlur',
  'feMerge',
  'feMergeNode',
  'feMorphology',
  'feOffset',
  'fePointLight',
  'feSpecularLighting',
  'feSpotLight',
  'feTile',
  'feTurbulence',
];

const ATTRIBUTES = [
  // core and structure
  'id',
  'class',
  'style',
  'lang',
  'xml:space',
  'xml:lang',
  'tabindex',
  'role',
  'version',
  'xmlns',
  'xmlns:xlink',
  'viewBox',
  'preserveAspectRatio',
  'width',
  'height',
  'x',
  'y',
  'transform',
  'href',
  'xlink:href',
  'xlink:title',
  'target',
  // geometry
  'd',
  'points',
  'cx',
  'cy',
  'r',
  'rx',
  'ry',
  'x1',
  'x2',
  'y1',
  'y2',
  'dx',
  'dy',
  'rotate',
  'pathLength',
  'refX',
  'refY',
  'markerWidth',
  'markerHeight',
  'markerUnits',
  'orient',
  'patternUnits',
  'patternContentUnits',
  'patternTransform',
  'clipPathUnits',
  'maskUnits',
  'maskContentUnits',
  'gradientUnits',
  'gradientTransform',
  'spreadMethod',
  'fx',
  'fy',
  'fr',
  'offset',
  'textLength',
  'lengthAdjust',
  'startOffset',
  'method',
  'spacing',
  'side',
  // presentation
  'fill',
  'fill-opacity',
  'fill-rule',
  'stroke',
  'stroke-width',
  'stroke-opacity',
  'stroke-linecap',
  'stroke-linejoin',
  'stroke-miterlimit',
  'stroke-dasharray',
  'stroke-dashoffset',
  'opacity',
  'color',
  'display',
  'visibility',
  'overflow',
  'clip-path',
  'clip-rule',
  'mask',
  'filter',
  'marker-start',
  'marker-mid',
  'marker-end',
  'stop-color',
  'stop-opacity',
  'font-family',
  'font-size',
  'font-weight',
  'font-style',
  'font-variant',
  'font-stretch',
  'text-anchor',
  'dominant-baseline',
  'alignment-baseline',
  'baseline-shift',
  'letter-spacing',
  'word-spacing',
  'text-decoration',
  'writing-mode',
  'direction',
  'shape-rendering',
  'text-rendering',
  'image-rendering',
  'color-interpolation',
  'color-interpolation-filters',
  'flood-color',
  'flood-opacity',
  'lighting-color',
  'mix-blend-mode',
  'isolation',
  'vector-effect',
  'paint-order',
  'pointer-events',
  'cursor',
  'enable-background',
  // filters
  'in',
  'in2',
  'result',
  'stdDeviation',
  'mode',
  'type',
  'values',
  'tableValues',
  'slope',
  'intercept',
  'amplitude',
  'exponent',
  'operator',
  'k1',
  'k2',
  'k3',
  'k4',
  'radius',
  'order',
  'kernelMatrix',
  'divisor',
  'bias',
  'targetX',
  'targetY',
  'edgeMode',
  'scale',
  'xChannelSelector',
  'yChannelSelector',
  'baseFrequency',
  'numOctaves',
  'seed',
  'stitchTiles',
  'surfaceScale',
  'diffuseConstant',
  'specularConstant',
  'specularExponent',
  'azimuth',
  'elevation',
  'z',
  'pointsAtX',
  'pointsAtY',
  'pointsAtZ',
  'limitingConeAngle',
  'filterUnits',
  'primitiveUnits',
  'kernelUnitLength',
  'media',
];

const canonicalElements = new Map(ELEMENTS.map((n) => [n.toLowerCase(), n]));
const canonicalAttributes = new Map(ATTRIBUTES.map((n) => [n.toLowerCase(), n]));
const URL_ATTRIBUTES = new Set(['href', 'xlink:href']);
/** Attributes whose value may hold url(...) references. */
const PAINT_ATTRIBUTES = new Set([
  'fill',
  'stroke',
  'clip-path',
  'mask',
  'filter',
  'marker-start',
  'marker-mid',
  'marker-end',
  'style',
]);
const RASTER_DATA_URL = /^data:image\/(?:png|jpe?g|gif|webp);base64,[a-z0-9+/=\s]*$/i;
const SAFE_LINK = /^(?:https?:\/\/|mailto:|#)/i;

export class SvgSanitizeError extends Error {}

function escapeText(s: string): string {
  return s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
}

function escapeAttr(s: string): string {
  return escapeText(s).replace(/"/g, '&quot;');
}

/** Removes control characters and whitespace that browsers ignore inside URL schemes. */
function normaliseUrl(value: string): string {
  // eslint-disable-next-line no-control-regex
  return value.replace(/[\u0000-\u0020\u007f-\u009f]+/g, '');
}

/** Keeps url(#local) references and drops every other url(), @import and script-ish CSS. */
export function sanitizeCss(css: string): string {
  // eslint-disable-next-line no-control-regex
  let out = css.replace(/\\[0-9a-f]{1,6}\s?|\\./gi, '').replace(/[\u0000-\u0008]/g, '');
  out = out.replace(/\/\*[\s\S]*?\*\//g, '');
  out = out.replace(/@import[^;]*;?/gi, '');
  out = out.replace(/@font-face\s*\{[^}]*\}/gi, '');
  out = out.replace(/url\s*\(\s*(['"]?)(.*?)\1\s*\)/gi, (_m, _q: string, target: string) =>
    target.trim().startsWith('#') ? `url(${target.trim()})` : 'none',
  );
  out = out.replace(/expression\s*\(|javascript:|vbscript:|-moz-binding|behavior\s*:/gi, '');
  // An unbalanced url( left over (e.g. never closed) must not survive either.
  out = out.replace(/url\s*\((?!#)/gi, '');
  return out;
}

function sanitizeAttribute(element: string, name: string, rawValue: string): string | undefined {
  const value = rawValue;
  if (URL_ATTRIBUTES.has(name)) {
    const url = normaliseUrl(value);
    if (url.startsWith('#')) return value.trim();
    if (element === 'image' && RASTER_DATA_URL.test(value.trim())) return value.trim();
    if (element === 'a' && SAFE_LINK.test(url)) return value.trim();
    return undefined;
  }
  if (name === 'style') return sanitizeCss(value);
  if (PAINT_ATTRIBUTES.has(name) && /url\s*\(/i.test(value)) {
    const cleaned = sanitizeCss(value);
    return cleaned.includes('none') && !/url\(#/.test(cleaned) ? undefined : cleaned;
  }
  if (/javascript:|vbscript:|data:text/i.test(normaliseUrl(value))) return undefined;
  return value;
}

export interface SanitizeResult {
  svg: string;
  /** What was dropped, e.g. "element script", "attribute onclick". For logs and reports. */
  removed: string[];
}

export function sanitizeSvg(input: string): SanitizeResult {
  const out: string[] = [];
  const removed = new Set<string>();
  /** Depth inside a dropped element: everything in it is dropped too. */
  let skipDepth = 0;
  let sawRoot = false;
  const stack: string[] = [];
  let inStyle = false;
  /** True right after an open tag was written, so an immediate close can become "/>". */
  let openPending = false;

  const parser = new Parser(
    {
      onopentag(rawName, attribs) {
        if (skipDepth > 0) {
          skipDepth++;
          return;
        }
        const name = canonicalElements.get(rawName.toLowerCase());
        // One root: nothing before an <svg> root, nothing after it closes.
        if (!name || (!sawRoot && name !== 'svg') || (sawRoot && stack.length === 0)) {
          removed.add(`element ${rawName}`);
          skipDepth = 1;
          return;
        }
        sawRoot = true;
        stack.push(name);
        let tag = `<${name}`;
        for (const [rawAttr, rawValue] of Object.entries(attribs)) {
          const lower = rawAttr.toLowerCase();
          const attr =
            lower.startsWith('data-') || lower.startsWith('aria-') ? lower : canonicalAttributes.get(lower);
          if (!attr || !/^[a-zA-Z_:][-a-zA-Z0-9_:.]*$/.test(attr)) {
            removed.add(`attribute ${rawAttr}`);
            continue;
          }
          const value = sanitizeAttribute(name, attr, rawValue);
          if (value === undefined) {
            removed.add(`attribute ${rawAttr}`);
            continue;
          }
          tag += ` ${attr}="${escapeAttr(value)}"`;
        }
        if (name === 'svg' && stack.length === 1 && !('xmlns' in attribs)) {
          tag += ' xmlns="http://www.w3.org/2000/svg"';
        }
        out.push(`${tag}>`);
        openPending = true;
        inStyle = name === 'style';
      },
      ontext(text) {
        if (skipDepth > 0 || stack.length === 0) return;
        out.push(escapeText(inStyle ? sanitizeCss(text) : text));
        openPending = false;
      },
      onclosetag() {
        if (skipDepth > 0) {
          skipDepth--;
          return;
        }
        const name = stack.pop();
        if (name === undefined) return;
        inStyle = false;
        if (openPending) out[out.length - 1] = `${out[out.length - 1]!.slice(0, -1)}/>`;
        else out.push(`</${name}>`);
        openPending = false;
      },
      oncomment() {
        removed.add('comment');
      },
      onprocessinginstruction(name) {
        if (name.toLowerCase().startsWith('!doctype')) removed.add('doctype');
      },
    },
    { xmlMode: true, decodeEntities: true },
  );
  parser.write(input);
  parser.end();

  if (!sawRoot) throw new SvgSanitizeError('The file is not an SVG image (no <svg> root element)');
  return { svg: out.join(''), removed: [...removed] };
}
