/**
 * Second line of defence for plan markup. The server sanitises plans on upload, but the
 * widget runs on customers' sites, so it does not trust that: the markup is parsed as
 * XML (never as HTML), and anything that can run script or fetch from elsewhere is
 * removed before a node reaches the page. Plan <style> rules are rewritten so they
 * apply inside their own plan only.
 */
export const SVG_NS = 'http://www.w3.org/2000/svg';

/** Elements removed with their content: script, foreign content, embedding, and SMIL (it can rewrite href). */
const DROP = new Set([
  'script',
  'foreignobject',
  'iframe',
  'embed',
  'object',
  'handler',
  'listener',
  'animate',
  'animatecolor',
  'animatemotion',
  'animatetransform',
  'set',
  'discard',
  'audio',
  'video',
  'canvas',
]);

/** Attributes that hold a URL in SVG or, if a browser ever honoured them on SVG, in HTML. */
const URL_ATTRS = new Set([
  'href',
  'src',
  'action',
  'formaction',
  'data',
  'poster',
  'background',
  'codebase',
]);

const RASTER_DATA = /^data:image\/(png|jpe?g|gif|webp);/i;

/**
 * Only references inside the plan ("#gradient") are kept, plus raster images that are
 * inline data or on this server. Whitespace and control characters are removed first,
 * so "java\tscript:" cannot pass as something else.
 */
export function isSafeReference(element: string, value: string): boolean {
  // eslint-disable-next-line no-control-regex
  const v = value.replace(/[\u0000-\u0020\u007f-\u009f]+/g, '');
  if (v.startsWith('#')) return true;
  if (element.toLowerCase() !== 'image') return false;
  return RASTER_DATA.test(v) || (v.startsWith('/') && !v.startsWith('//') && !v.startsWith('/\\'));
}

/** url(...) is fine only when every one points inside the plan. */
export function hasForeignUrl(value: string): boolean {
  const re = /url\s*\(\s*(['"]?)\s*([^)'"]*)/gi;
  let m: RegExpExecArray | null;
  while ((m = re.exec(value))) if (!m[2]!.trim().startsWith('#')) return true;
  return /image-set|expression\s*\(|@import/i.test(value);
}

/** Attributes whose value may hold url(): presentation attributes and inline style. */
const URL_VALUE_ATTRS = new Set([
  'style',
  'fill',
  'stroke',
  'filter',
  'clip-path',
  'mask',
  'marker-start',
  'marker-mid',
  'marker-end',
  'cursor',
]);

/**
 * Works on attribute names (plain strings) and reads a value only when the name says it
 * could be dangerous: on a 1,000-zone plan this is most of the sanitising time.
 */
function cleanAttributes(el: Element): void {
  for (const name of el.getAttributeNames()) {
    const local = (name.includes(':') ? name.slice(name.indexOf(':') + 1) : name).toLowerCase();
    if (local.startsWith('on') || local === 'tabindex' || local === 'autofocus') {
      el.removeAttribute(name);
    } else if (URL_ATTRS.has(local)) {
      if (!isSafeReference(el.localName, el.getAttribute(name) ?? '')) el.removeAttribute(name);
    } else if (URL_VALUE_ATTRS.has(local) || local.startsWith('xml')) {
      const value = el.getAttribute(name) ?? '';
      if (value.includes('(') && hasForeignUrl(value)) el.removeAttribute(name);
    }
  }
}

/** Splits a selector list on top-level commas (not those inside :is(a, b)). */
export function splitSelectors(list: string): string[] {
  const out: string[] = [];
  let depth = 0;
  let start = 0;
  for (let i = 0; i < list.length; i++) {
    const c = list[i];
    if (c === '(' || c === '[') depth++;
    else if (c === ')' || c === ']') depth--;
    else if (c === ',' && depth === 0) {
      out.push(list.slice(start, i).trim());
      start = i + 1;
    }
  }
  out.push(list.slice(start).trim());
  return out.filter(Boolean);
}

function declarations(style: CSSStyleDeclaration): string {
  const parts: string[] = [];
  for (let i = 0; i < style.length; i++) {
    const name = style.item(i);
    const value = style.getPropertyValue(name);
    // !important is dropped so plan rules cannot beat the status colours.
    if (!hasForeignUrl(value) && !/binding|behavior/i.test(name)) parts.push(`${name}:${value}`);
  }
  return parts.join(';');
}

function scopeRules(rules: CSSRuleList, scope: string): string {
  let out = '';
  for (let i = 0; i < rules.length; i++) {
    const rule = rules[i]!;
    if (rule.type === 1) {
      const r = rule as CSSStyleRule;
      const selectors = splitSelectors(r.selectorText).map((s) => `${scope} ${s}`);
      out += `${selectors.join(',')}{${declarations(r.style)}}`;
    } else if (rule.type === 4) {
      const r = rule as CSSMediaRule;
      out += `@media ${r.media.mediaText}{${scopeRules(r.cssRules, scope)}}`;
    }
    // @import, @font-face, @namespace, @keyframes and the rest are dropped.
  }
  return out;
}

function parseSheet(css: string): CSSRuleList | null {
  try {
    if (typeof CSSStyleSheet === 'function' && 'replaceSync' in CSSStyleSheet.prototype) {
      const sheet = new CSSStyleSheet();
      sheet.replaceSync(css);
      return sheet.cssRules;
    }
    // Environments without constructable sheets: an inert document parses without fetching.
    const doc = document.implementation.createHTMLDocument('');
    const style = doc.createElement('style');
    style.textContent = css;
    doc.head.appendChild(style);
    return style.sheet?.cssRules ?? null;
  } catch {
    return null;
  }
}

/** Rewrites a plan stylesheet so each rule applies under `scope` only. */
export function scopeCss(css: string, scope: string): string {
  const rules = parseSheet(css);
  return rules ? scopeRules(rules, scope) : '';
}

/**
 * Cleans a parsed plan in place. Walks iteratively so a deeply nested file cannot
 * exhaust the stack.
 */
export function sanitizeSvgTree(root: Element, scope: string): void {
  cleanAttributes(root);
  const stack: Element[] = [root];
  while (stack.length) {
    const el = stack.pop()!;
    for (let child = el.firstChild; child;) {
      const next = child.nextSibling;
      if (child.nodeType === 1) {
        const e = child as Element;
        if (e.namespaceURI !== SVG_NS || DROP.has(e.localName.toLowerCase())) {
          e.remove();
        } else if (e.localName === 'style') {
          const scoped = scopeCss(e.textContent ?? '', scope);
          for (const a of Array.from(e.attributes)) if (a.name !== 'type') e.removeAttributeNode(a);
          e.textContent = scoped;
        } else {
          cleanAttributes(e);
          stack.push(e);
        }
      } else if (child.nodeType === 7 || child.nodeType === 8) {
        // Processing instructions and comments carry nothing a plan needs.
        child.remove();
      }
      child = next;
    }
  }
}

/**
 * Parses markup as SVG (XML rules: nothing runs, entities stay text) and returns the
 * cleaned root, or null when the file is not a well-formed SVG document.
 */
export function parseSvg(markup: string, scope: string): SVGSVGElement | null {
  const doc = new DOMParser().parseFromString(markup, 'image/svg+xml');
  const root = doc.documentElement;
  if (!root || root.localName !== 'svg' || root.namespaceURI !== SVG_NS) return null;
  // Browsers report XML errors with a <parsererror> root or first child; checking just
  // those avoids a walk over every element of a large plan.
  if (root.firstElementChild?.localName === 'parsererror') return null;
  sanitizeSvgTree(root, scope);
  return root as unknown as SVGSVGElement;
}
