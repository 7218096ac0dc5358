import { Parser } from 'htmlparser2';
import {
  CSS_VALUE_ATTRIBUTES,
  PLAN_SCOPE_ATTRIBUTE,
  planAttribute,
  planElement,
  planLinkAttributes,
  ROOT_DROPPED_ATTRIBUTES,
  safePlanHref,
  stripXmlForbidden,
  SVG_NS,
  TEXT_ONLY_ELEMENTS,
  XLINK_NS,
} from '@planvy/shared/plan/svg-policy';
import { sanitizePresentationValue, sanitizeStyleAttribute, sanitizeStylesheet } from './plan-css';

/**
 * Rebuilds untrusted SVG markup from the shared plan policy (packages/shared/src/plan):
 * only allowed SVG elements and attributes survive; every URL must point inside the
 * document (or be a raster data: image in <image>, or an http(s)/mailto link in <a>, which
 * then opens a new, unrelated window); CSS is rewritten with a real parser and every rule
 * confined to the plan; the root cannot move, grow or unclip its own box; DOCTYPE/ENTITY
 * declarations, processing instructions, comments and characters XML forbids are dropped;
 * `<style>`, `<title>` and `<desc>` keep text only (TEXT_ONLY_ELEMENTS).
 * Names are matched case-insensitively and written back in their canonical case, so the
 * output is safe both as an SVG document and inlined into HTML.
 */

export class SvgSanitizeError extends Error {}

function escapeText(s: string): string {
  return stripXmlForbidden(s).replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
}

/** An attribute value as the sanitiser writes it (the zone patch writes tags the same way). */
export function escapeAttr(s: string): string {
  return escapeText(s).replace(/"/g, '&quot;');
}

/**
 * An attribute's value as it may be stored, or undefined to drop it. CSS is parsed once per
 * distinct value: exported plans repeat the same few styles on thousands of shapes.
 */
function sanitizeAttribute(
  element: string,
  name: string,
  value: string,
  isRoot: boolean,
  cssCache: Map<string, string | undefined>,
): string | undefined {
  if (name === 'href' || name === 'xlink:href') return safePlanHref(element, value) ?? undefined;
  const isStyle = name === 'style';
  if (!isStyle && !CSS_VALUE_ATTRIBUTES.has(name)) return value;
  const key = `${isStyle ? (isRoot ? 'R' : 'S') : 'V'}${value}`;
  if (cssCache.has(key)) return cssCache.get(key);
  const clean = isStyle
    ? sanitizeStyleAttribute(value, isRoot) || undefined
    : (sanitizePresentationValue(value) ?? undefined);
  cssCache.set(key, clean);
  return clean;
}

export interface SanitizeResult {
  svg: string;
  /** What was dropped, e.g. "element script", "attribute onclick". For logs and reports. */
  removed: string[];
  /** The text of the root's first `<title>` child, as it stands (null when there is none): the plan's name on upload (ADR 025). */
  title: string | null;
}

export function sanitizeSvg(input: string): SanitizeResult {
  const out: string[] = [];
  const removed = new Set<string>();
  /** Depth inside a dropped element: everything in it is dropped too. */
  let skipDepth = 0;
  let sawRoot = false;
  const stack: string[] = [];
  /** Inside a text-only element (<style>, <title>, <desc>): its name, and the depth of elements dropped in it. */
  let textOnly: string | null = null;
  let textOnlyDepth = 0;
  /** Inside a <style>: its whole text content (child elements' text too, as a browser reads it). */
  let styleText: string[] | null = null;
  let hasStyle = false;
  let usesXlink = false;
  /** The root's first <title> child: its text while it is open, then null again, once. */
  let titleText: string[] | null = null;
  let title: string | null = null;
  const cssCache = new Map<string, string | undefined>();
  /** True right after an open tag was written, so an immediate close can become "/>". */
  let openPending = false;

  const parser = new Parser(
    {
      onopentag(rawName, attribs) {
        if (skipDepth > 0) {
          skipDepth++;
          return;
        }
        if (textOnly) {
          // Elements inside text-only ones are not kept; their text is (a stylesheet's, a description's).
          removed.add(`element ${rawName} in ${textOnly}`);
          textOnlyDepth++;
          return;
        }
        const name = planElement(rawName);
        // One root: nothing before an <svg> root, nothing after it closes.
        if (!name || (!sawRoot && name !== 'svg') || (sawRoot && stack.length === 0)) {
          removed.add(`element ${rawName}`);
          skipDepth = 1;
          return;
        }
        const isRoot = !sawRoot;
        sawRoot = true;
        stack.push(name);
        let tag = `<${name}`;
        const written = new Set<string>();
        let href: string | null = null;
        for (const [rawAttr, rawValue] of Object.entries(attribs)) {
          const lower = rawAttr.toLowerCase();
          // Namespace declarations: only the SVG and XLink ones, and only on the root.
          if (lower === 'xmlns' || lower === 'xmlns:xlink') {
            if (isRoot && rawValue === (lower === 'xmlns' ? SVG_NS : XLINK_NS) && !written.has(lower)) {
              tag += ` ${lower}="${rawValue}"`;
              written.add(lower);
            } else removed.add(`attribute ${rawAttr}`);
            continue;
          }
          const attr = planAttribute(rawAttr);
          // target and rel are set below for web links, never taken from the plan.
          const dropped =
            !attr ||
            attr === 'target' ||
            attr === 'rel' ||
            written.has(attr) ||
            (isRoot && ROOT_DROPPED_ATTRIBUTES.has(attr)) ||
            (name === 'style' && attr !== 'media');
          const value = dropped
            ? undefined
            : sanitizeAttribute(name, attr, stripXmlForbidden(rawValue), isRoot, cssCache);
          if (value === undefined) {
            removed.add(`attribute ${rawAttr}`);
            continue;
          }
          tag += ` ${attr}="${escapeAttr(value)}"`;
          written.add(attr!);
          if (attr!.startsWith('xlink:')) usesXlink = true;
          if (attr === 'href' || attr === 'xlink:href') href ??= value;
        }
        const link = name === 'a' ? planLinkAttributes(href) : null;
        if (link) tag += ` target="${link.target}" rel="${link.rel}"`;
        if (isRoot && !written.has('xmlns')) tag += ` xmlns="${SVG_NS}"`;
        out.push(`${tag}>`);
        openPending = true;
        if (TEXT_ONLY_ELEMENTS.has(name)) {
          textOnly = name;
          textOnlyDepth = 0;
          if (name === 'style') styleText = [];
          if (name === 'title' && stack.length === 2 && title === null) titleText = [];
        }
      },
      ontext(text) {
        if (skipDepth > 0 || stack.length === 0) return;
        if (styleText) {
          styleText.push(text);
          return;
        }
        titleText?.push(text);
        out.push(escapeText(text));
        openPending = false;
      },
      onclosetag() {
        if (skipDepth > 0) {
          skipDepth--;
          return;
        }
        if (textOnly && textOnlyDepth > 0) {
          textOnlyDepth--;
          return;
        }
        const name = stack.pop();
        if (name === undefined) return;
        textOnly = null;
        if (titleText) {
          title = stripXmlForbidden(titleText.join(''));
          titleText = null;
        }
        if (styleText) {
          const css = sanitizeStylesheet(stripXmlForbidden(styleText.join('')));
          styleText = null;
          if (css) {
            out.push(escapeText(css));
            openPending = false;
            hasStyle = true;
          }
        }
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
  parser.write(stripXmlForbidden(input));
  parser.end();

  if (!sawRoot) throw new SvgSanitizeError('The file is not an SVG image (no <svg> root element)');
  // The root tag is out[0]: declare XLink if used, and mark the scope the plan's CSS is confined to.
  let root = out[0]!;
  const extra = `${usesXlink && !/ xmlns:xlink="/.test(root) ? ` xmlns:xlink="${XLINK_NS}"` : ''}${
    hasStyle && !root.includes(` ${PLAN_SCOPE_ATTRIBUTE}="`) ? ` ${PLAN_SCOPE_ATTRIBUTE}=""` : ''
  }`;
  if (extra) root = root.endsWith('/>') ? `${root.slice(0, -2)}${extra}/>` : `${root.slice(0, -1)}${extra}>`;
  out[0] = root;
  return { svg: out.join(''), removed: [...removed], title };
}
