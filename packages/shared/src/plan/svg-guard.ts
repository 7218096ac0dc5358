/**
 * The browser's guard for plan markup, used by the widget and the admin editor alike. The
 * server sanitises every plan on upload and save; this is a second, independent line run
 * on whatever markup arrives, with the same policy (./svg-policy.ts, ./css-policy.ts):
 * parsed as XML (never HTML), rebuilt from the allowlist, links made harmless, and every
 * plan style rule confined to the plan's root. Zod-free and small: the widget imports it.
 */
import { cssValueAllowed, sanitizeDeclarations, scopeSelectorList } from './css-policy';
import {
  CSS_VALUE_ATTRIBUTES,
  PLAN_SCOPE,
  PLAN_SCOPE_ATTRIBUTE,
  planAttribute,
  planElement,
  planLinkAttributes,
  ROOT_DROPPED_ATTRIBUTES,
  safePlanHref,
  stripXmlForbidden,
  SVG_NS,
  XLINK_NS,
  XML_NS,
  XMLNS_NS,
} from './svg-policy';

export interface GuardOptions {
  /**
   * Selector of the plan's root that its style rules are confined to. Default: the stored
   * scope (PLAN_SCOPE, the root's `data-planvy-plan`), which keeps a saved plan unchanged.
   */
  scope?: string;
}

/**
 * Parses plan markup as SVG and cleans it; null when it is not a well-formed SVG document.
 * The result is detached (owned by an XML document): adopt it into the page when ready.
 */
export function guardPlan(markup: string, options: GuardOptions = {}): SVGSVGElement | null {
  const doc = new DOMParser().parseFromString(stripXmlForbidden(markup), 'image/svg+xml');
  const root = doc.documentElement;
  if (!root || root.localName !== 'svg' || root.namespaceURI !== SVG_NS) return null;
  // Browsers report XML errors with a <parsererror> root or first child.
  if (doc.getElementsByTagName('parsererror').length > 0) return null;
  guardTree(root, options.scope ?? PLAN_SCOPE);
  return root as unknown as SVGSVGElement;
}

/** Cleans a parsed plan in place; iterative, so a deeply nested file cannot exhaust the stack. */
export function guardTree(root: Element, scope: string = PLAN_SCOPE): void {
  cleanAttributes(root, true);
  root.setAttribute(PLAN_SCOPE_ATTRIBUTE, '');
  const stack: Element[] = [root];
  while (stack.length) {
    const el = stack.pop()!;
    for (let child = el.firstChild; child;) {
      const next = child.nextSibling;
      if (child.nodeType === 1) {
        const e = child as Element;
        if (e.namespaceURI !== SVG_NS || planElement(e.localName) !== e.localName) {
          e.remove();
        } else if (e.localName === 'style') {
          guardStyle(e, scope);
        } else {
          cleanAttributes(e, false);
          stack.push(e);
        }
      } else if (child.nodeType !== 3 && child.nodeType !== 4) {
        // Comments, processing instructions: nothing a plan needs.
        child.remove();
      }
      child = next;
    }
  }
}

/** The canonical name of an allowed attribute, by namespace and local name (XML is case-sensitive). */
function attributeName(attr: Attr): string | undefined {
  const { namespaceURI: ns, localName: local } = attr;
  if (ns === null) return planAttribute(local) === local ? local : undefined;
  if (ns === XLINK_NS && (local === 'href' || local === 'title')) return `xlink:${local}`;
  if (ns === XML_NS && (local === 'space' || local === 'lang')) return `xml:${local}`;
  return undefined;
}

function cleanAttributes(el: Element, isRoot: boolean): void {
  for (const attr of Array.from(el.attributes)) {
    if (attr.namespaceURI === XMLNS_NS) {
      if (attr.name !== 'xmlns' && attr.name !== 'xmlns:xlink') el.removeAttributeNode(attr);
      continue;
    }
    const name = attributeName(attr);
    // target and rel are the guard's to set (below), never the plan's.
    if (!name || name === 'target' || name === 'rel' || (isRoot && ROOT_DROPPED_ATTRIBUTES.has(name))) {
      el.removeAttributeNode(attr);
      continue;
    }
    const value = attr.value;
    let clean: string | null = value;
    if (name === 'href' || name === 'xlink:href') clean = safePlanHref(el.localName, value);
    else if (name === 'style') clean = sanitizeDeclarations(value, isRoot) || null;
    else if (CSS_VALUE_ATTRIBUTES.has(name) && /[(\\]/.test(value) && !cssValueAllowed(value)) clean = null;
    if (clean === null) el.removeAttributeNode(attr);
    else if (clean !== value) attr.value = clean;
  }
  if (el.localName === 'a') {
    const link = planLinkAttributes(el.getAttribute('href') ?? el.getAttributeNS(XLINK_NS, 'href'));
    if (link) {
      el.setAttribute('target', link.target);
      el.setAttribute('rel', link.rel);
    }
  }
}

/** Rewrites a plan stylesheet with the browser's own CSS parser; child elements and attributes go. */
function guardStyle(style: Element, scope: string): void {
  const css = scopeStylesheet(style.textContent ?? '', scope);
  for (const attr of Array.from(style.attributes)) {
    if (!(attr.namespaceURI === null && attr.localName === 'media')) style.removeAttributeNode(attr);
  }
  style.textContent = css;
}

/** Rewrites a stylesheet so each rule applies under `scope` only, with allowed declarations only. */
export function scopeStylesheet(css: string, scope: string = PLAN_SCOPE): string {
  const rules = parseSheet(css);
  return rules ? scopeRules(rules, scope) : '';
}

function scopeRules(rules: CSSRuleList, scope: string): string {
  let out = '';
  for (let i = 0; i < rules.length; i++) {
    const rule = rules[i]!;
    if (rule.type === 1) {
      const r = rule as CSSStyleRule;
      const selectors = scopeSelectorList(r.selectorText, scope);
      const body = sanitizeDeclarations(r.style.cssText);
      if (selectors && body) out += `${selectors}{${body}}`;
    } else if (rule.type === 4) {
      const r = rule as CSSMediaRule;
      const inner = scopeRules(r.cssRules, scope);
      if (inner && !/[{};\\]/.test(r.media.mediaText)) out += `@media ${r.media.mediaText}{${inner}}`;
    }
    // @import, @font-face, @keyframes, @layer, @property, @namespace, @supports and the rest
    // are dropped: each either fetches or names something global to the page.
  }
  return out;
}

function parseSheet(css: string): CSSRuleList | null {
  try {
    if (typeof CSSStyleSheet === 'function' && 'replaceSync' in CSSStyleSheet.prototype) {
      const sheet = new CSSStyleSheet();
      // replaceSync ignores @import, so parsing never fetches.
      sheet.replaceSync(css);
      return sheet.cssRules;
    }
    // Without constructable sheets: an inert document parses without fetching or applying.
    const doc = document.implementation.createHTMLDocument('');
    const el = doc.createElement('style');
    el.textContent = css.replace(/@import/gi, '@x-import');
    doc.head.appendChild(el);
    return el.sheet?.cssRules ?? null;
  } catch {
    return null;
  }
}
